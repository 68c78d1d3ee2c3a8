"""Dr. Hrubec's numbers: what the die counts as, a team's skill in a specialization (the team
ability sheet plus the ongoing card), and the final score: cured points minus 2 per patient in
the morgue. Tied players all win."""

from __future__ import annotations

import functools

from games.base import Outcome
from games.dr_hrubec.cards import BY_SLUG, SILICON_WITH_A_WOMAN, SPECIALIZATIONS
from games.dr_hrubec.rules.moves import seat_count

# What an operation counts


def die_counts_as(state: dict, roll: int) -> int:
    if state["ongoing"] == "alternative_treatment":
        return 0 if roll <= 3 else 6
    if state["ongoing"] == "lucky_day" and roll <= 2:
        return 3
    return roll


def ability_sheet(team: list[str]) -> dict[str, int]:
    """The team ability sheet: the sum of the doctors' skills in each specialization."""
    return dict(team_totals(tuple(team)))


@functools.lru_cache(maxsize=8192)
def team_totals(team: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    with_a_woman = any(BY_SLUG[doctor].gender == "woman" for doctor in team)
    totals = [0, 0, 0, 0]
    for doctor in team:
        skills = BY_SLUG[doctor].skills
        if doctor == "md_silicon" and with_a_woman:
            skills = SILICON_WITH_A_WOMAN
        for index, skill in enumerate(skills):
            totals[index] += skill
    return tuple(zip(SPECIALIZATIONS, totals, strict=True))


def ongoing_change(state: dict, spec: str) -> int:
    ongoing = state["ongoing"]
    return BY_SLUG[ongoing].changes.get(spec, 0) if ongoing else 0


def team_skill(state: dict, seat: int, spec: str) -> int:
    return ability_sheet(state["teams"][seat])[spec] + ongoing_change(state, spec)


# The final score


def standing(state: dict, seat: int) -> int:
    """Cured points minus two per dead patient in the morgue."""
    points = sum(BY_SLUG[patient].points for patient in state["cured"][seat])
    return points - 2 * len(state["morgue"][seat])


def score_breakdown(state: dict, seat: int) -> dict:
    cured = state["cured"][seat]
    points = sum(BY_SLUG[patient].points for patient in cured)
    dead = len(state["morgue"][seat])
    return {
        "cured": list(cured),
        "cured_points": points,
        "dead": list(state["morgue"][seat]),
        "dead_penalty": -2 * dead,
        "total": points - 2 * dead,
    }


def outcome(state: dict) -> Outcome | None:
    if state["phase"] != "over":
        return None
    scores = [standing(state, seat) for seat in range(seat_count(state))]
    best = max(scores)
    return Outcome(
        scores=scores,
        winners=[seat for seat, score in enumerate(scores) if score == best],
        details={
            "players": [score_breakdown(state, seat) for seat in range(seat_count(state))],
            "left_on_tables": [patient for patient in state["tables"] if patient],
            "left_in_waiting_room": list(state["waiting"]),
        },
    )
