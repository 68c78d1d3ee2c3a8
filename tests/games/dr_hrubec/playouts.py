"""Dr. Hrubec's own laws in the random playouts of tests/games/test_playouts.py.

All 84 cards are accounted for at every step. Every operation is worked out again here, from
the rulebook and RULINGS.md rather than from the module, and the module's verdict and points
must agree; the games of a batch reach every way an operation can end.
"""

from __future__ import annotations

from collections import Counter

from games.dr_hrubec.cards import BY_SLUG, SPECIALIZATIONS
from tests.games.dr_hrubec.positions import assert_all_cards_accounted, rules
from tests.helpers.playout import Playouts

PLAYOUTS = [Playouts(games=100)]


def cards_and_places_hold(state: dict) -> None:
    assert_all_cards_accounted(state)
    assert all(len(team) <= 4 or state["pending"] for team in state["teams"])
    assert len(state["waiting"]) <= state["places"]
    assert all(BY_SLUG[card].kind == "doctor" for team in state["teams"] for card in team)
    assert all(BY_SLUG[card].kind != "patient" for card in state["deck"] + state["discard"])
    for hand in state["hands"]:
        assert all(BY_SLUG[card].kind != "patient" for card in hand)


# An operation worked out again: the die as the ongoing card reads it (the card texts of the
# rulebook, Lucky day as RULINGS.md adds it), plus every doctor's skill in the chosen
# specialization, plus the ongoing card's change, plus Nurse and Heroic act bonuses; a blackout
# counts the die alone. Cured when the total reaches the difficulty.

DIE_AS_READ = {
    None: {face: face for face in range(1, 7)},
    "alternative_treatment": {1: 0, 2: 0, 3: 0, 4: 6, 5: 6, 6: 6},
    "lucky_day": {1: 3, 2: 3, 3: 3, 4: 4, 5: 5, 6: 6},
}
SKILL_CHANGES = {
    "tools_delivery": {"surgery": 1, "psychiatry": -1},
    "infectious_eczema": {"dermatology": -1},
    "clown_show": {"surgery": -1, "psychiatry": 1, "stomatology": -1, "dermatology": -1},
}
SILICON_WITH_A_WOMAN = {"surgery": -2, "psychiatry": 2, "stomatology": 0, "dermatology": 3}


def doctor_skill(doctor: str, spec: str, team: list[str]) -> int:
    with_a_woman = any(BY_SLUG[other].gender == "woman" for other in team if other != doctor)
    if doctor == "md_silicon" and with_a_woman:
        return SILICON_WITH_A_WOMAN[spec]
    return BY_SLUG[doctor].skills[SPECIALIZATIONS.index(spec)]


def expected_operation(before: dict, seat: int, spec: str, roll: int) -> dict:
    ongoing = before["ongoing"]
    counted = DIE_AS_READ.get(ongoing, DIE_AS_READ[None])[roll]
    team = before["teams"][seat]
    if before["blackout"][seat]:
        skill = bonus = 0
    else:
        skill = sum(doctor_skill(doctor, spec, team) for doctor in team)
        skill += SKILL_CHANGES.get(ongoing, {}).get(spec, 0)
        bonus = before["bonus"][seat]
    total = counted + skill + bonus
    patient = before["tables"][seat]
    return {
        "counted": counted,
        "skill": skill,
        "bonus": bonus,
        "total": total,
        "cured": total >= BY_SLUG[patient].difficulty[spec],
    }


def standings(state: dict) -> list[int]:
    return [
        sum(BY_SLUG[patient].points for patient in state["cured"][seat])
        - 2 * len(state["morgue"][seat])
        for seat in range(len(state["players"]))
    ]


def where_the_patient_goes(before: dict, seat: int, roll: int, cured: bool) -> str:
    """Where the rulebook and RULINGS.md send the operated patient."""
    patient, team = before["tables"][seat], before["teams"][seat]
    if cured:
        return "another morgue" if patient == "one_body_no_head" else "cured"
    if patient == "alcoholic":
        right = (seat - 1) % len(before["players"])
        if before["tables"][right] is None and not before["alcoholic_staggered"]:
            return "right-hand table"
        return "out of the game"
    dice_card = before["ongoing"] in ("alternative_treatment", "lucky_day")
    if "butcher" in team and roll == 1 and not dice_card:
        return "out of the game"
    if "lawyer" in team:
        return "another morgue"
    return "own morgue"


class Operations:
    """Checks each operation of the playouts as the invariant sees one state after another."""

    def __init__(self) -> None:
        self.previous: dict | None = None
        self.seen: Counter = Counter()

    def __call__(self, state: dict) -> None:
        cards_and_places_hold(state)
        if any(event["e"] == "operate" for event in state["events"]):
            self.check(self.previous, state)
        self.previous = state

    def check(self, before: dict, after: dict) -> None:
        last = after["last"]
        seat, patient, spec, roll = last["seat"], last["patient"], last["spec"], last["roll"]
        assert before["active"] == seat and before["phase"] == "operate"
        assert before["tables"][seat] == patient and spec in BY_SLUG[patient].difficulty
        assert 1 <= roll <= 6
        expected = expected_operation(before, seat, spec, roll)
        told = rules.view(after, None)["last_operation"]
        assert {key: told[key] for key in expected} == expected, (before, last)
        assert told["blackout"] == before["blackout"][seat]
        assert after["bonus"][seat] == 0 and after["blackout"][seat] is False

        goes = where_the_patient_goes(before, seat, roll, expected["cured"])
        gained = [now - then for now, then in zip(standings(after), standings(before), strict=True)]
        points = {"cured": BY_SLUG[patient].points, "own morgue": -2}.get(goes, 0)
        assert gained[seat] == points, (goes, before, after)
        others = [gained[other] for other in range(len(gained)) if other != seat]
        if goes == "cured":
            assert after["cured"][seat][-1] == patient
        elif goes == "own morgue":
            assert after["morgue"][seat][-1] == patient
        elif goes == "out of the game":
            assert after["gone"][-1] == patient
        elif goes == "right-hand table":
            assert after["tables"][(seat - 1) % len(gained)] == patient
        elif after["tables"][seat] == patient:  # waits for the surgeon to name the morgue
            assert after["pending"][0] == {"do": "send", "seat": seat, **after["pending"][0]}
            assert after["pending"][0]["patient"] == patient
        else:
            assert sorted(others) == [-2] + [0] * (len(others) - 1)
        if goes != "another morgue" or after["tables"][seat] == patient:
            assert others == [0] * len(others)
        self.seen[goes] += 1
        self.seen["cured" if expected["cured"] else "dead"] += 1
        self.seen[f"ongoing {before['ongoing']}"] += 1
        self.seen["blackout"] += before["blackout"][seat]
        self.seen["bonus"] += before["bonus"][seat] > 0 and not before["blackout"][seat]


class Checks:
    def __init__(self, players: int, options: dict | None) -> None:
        self.operations = Operations()

    def step(self, n: int, state: dict) -> None:
        self.operations(state)

    def finished(self, finals: list[dict]) -> None:
        assert all(state["phase"] == "over" for state in finals)
        seen = self.operations.seen
        for case in ("cured", "dead", "own morgue", "another morgue", "out of the game"):
            assert seen[case] > 0, f"no operation ended {case!r}: {seen}"
        assert seen["blackout"] and seen["bonus"]
        for ongoing in (None, *DIE_AS_READ, *SKILL_CHANGES):
            assert seen[f"ongoing {ongoing}"], f"no operation under {ongoing}: {seen}"
