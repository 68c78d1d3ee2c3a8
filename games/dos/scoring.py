"""DOS scoring: each round's winner scores the cards left in the other hands (numbers at face
value, wild DOS 20, wild # 40); the first to the target wins the match."""

from __future__ import annotations

from games.base import Outcome
from games.dos.cards import hand_points
from games.dos.rules import is_over


def score_sheet(state: dict) -> list[list[int]]:
    """One row per round played: what each seat gained in it, as on the paper score sheet."""
    blank = [0] * len(state["players"])
    rows = []
    for winner, points in zip(state["round_winners"], state["round_points"], strict=True):
        row = blank.copy()
        row[winner] = points
        rows.append(row)
    return rows


def last_round(state: dict) -> dict | None:
    """Who went out last round, and the cards left in the other hands that they scored."""
    if not state["round_winners"]:
        return None
    return {
        "round": len(state["round_winners"]),
        "winner": state["round_winners"][-1],
        "points": state["round_points"][-1],
        "hands": [list(hand) for hand in state["last_hands"]],
        "hand_points": [hand_points(hand) for hand in state["last_hands"]],
    }


def outcome(state: dict) -> Outcome | None:
    if not is_over(state):
        return None
    return Outcome(
        scores=list(state["scores"]),
        winners=[state["winner"]],
        details={
            "target": state["options"]["target"],
            "score_sheet": score_sheet(state),
            "last_round": last_round(state),
        },
    )


def standing(state: dict, seat: int) -> int:
    """Points scored so far, less what the cards still held would give away."""
    held = hand_points(state["hands"][seat])
    if state["turn"]["seat"] == seat:
        held += hand_points(state["turn"]["penalty"])
    return state["scores"][seat] - held
