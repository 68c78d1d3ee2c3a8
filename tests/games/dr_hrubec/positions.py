"""Hand-built Dr. Hrubec positions for the rules tests.

`position()` builds a state dict directly: name what matters (hands, teams, tables...), and
every card not placed goes to the draw deck (doctors, actions) or the box (patients), so all
84 cards stay accounted for in every test position too.
"""

from __future__ import annotations

import copy
import itertools
from collections import Counter

import games
from games import Rng, canonical
from games.dr_hrubec.cards import BY_SLUG, CLOSING, full_set

rules = games.get("dr_hrubec")

NAMES = ["Dr. Watt", "Yrfing", "Ester", "Anna", "Bob"]
EVERY_CARD = Counter(full_set())
# The queue when a test does not name one: two patients the test has not placed elsewhere.
QUEUE = ["hallucinations", "wisdom_tooth", "gallstones", "insomnia"]


def position(players: int = 2, version: int = rules.version, **changes) -> dict:
    """A state in the middle of a game; seat 0 is active in morning administration.

    The game plays under the latest rules unless `version` names an older one (a version-1
    state carries no version, as it did when version 1 was the only one)."""
    count = players
    state = {
        "players": NAMES[:count],
        "places": 3 if count == 2 else 4,
        "active": 0,
        "phase": "morning",
        "hands": [[] for _ in range(count)],
        "teams": [[] for _ in range(count)],
        "tables": [None] * count,
        "waiting": [],
        "queue": [],
        "deck": None,
        "discard": [],
        "ongoing": None,
        "cured": [[] for _ in range(count)],
        "morgue": [[] for _ in range(count)],
        "gone": [],
        "box": [],
        "bonus": [0] * count,
        "blackout": [False] * count,
        "pending": [],
        "castling": None,
        "alcoholic_staggered": False,
        "closing": None,
        "last": None,
        "events": [],
    }
    if version != 1:
        state["version"] = version
    state.update(copy.deepcopy(changes))
    if "queue" not in changes:
        placed = set(cards_in_play(state))
        state["queue"] = [patient for patient in QUEUE if patient not in placed][:2] + [CLOSING]
    placed = Counter(cards_in_play(state))
    rest = [card for card in sorted(EVERY_CARD) for _ in range(EVERY_CARD[card] - placed[card])]
    patients = [card for card in rest if BY_SLUG[card].kind == "patient"]
    if state["deck"] is None:
        state["deck"] = [card for card in rest if BY_SLUG[card].kind != "patient"]
    state["box"] += patients
    assert_all_cards_accounted(state)
    return state


def cards_in_play(state: dict) -> list[str]:
    """Every card somewhere in the state, once per copy (the closing card is not one of them)."""
    cards = []
    for pile in ("hands", "teams", "cured", "morgue"):
        for part in state[pile]:
            cards += part
    cards += [patient for patient in state["tables"] if patient]
    cards += state["waiting"] + [card for card in state["queue"] if card != CLOSING]
    cards += (state["deck"] or []) + state["discard"] + state["gone"] + state["box"]
    if state["ongoing"]:
        cards.append(state["ongoing"])
    return cards


def assert_all_cards_accounted(state: dict) -> None:
    counted = Counter(cards_in_play(state))
    assert counted == EVERY_CARD, (
        f"missing {dict(EVERY_CARD - counted)}, extra {dict(counted - EVERY_CARD)}"
    )


def rolling(face: int) -> Rng:
    """An rng whose first die roll shows `face`."""
    for n in itertools.count():
        if Rng(f"die-{n}").randint(1, 6) == face:
            return Rng(f"die-{n}")
    raise AssertionError("unreachable")


def play(state: dict, seat: int, move: dict, rng: Rng | None = None) -> dict:
    """Apply a move that must be legal, and check the cards are all still there."""
    assert move in rules.legal_moves(state, seat), (move, rules.legal_moves(state, seat))
    state = rules.apply(state, seat, move, rng or Rng("test"))
    assert_all_cards_accounted(state)
    return state


def refused(state: dict, seat: int, move: object) -> str:
    """The refusal's message; the state must be byte-identical afterwards."""
    before = canonical(state)
    try:
        rules.apply(state, seat, move, Rng("test"))
    except games.IllegalMove as refusal:
        assert canonical(state) == before
        return str(refusal)
    raise AssertionError(f"{move!r} was accepted")


def card(slug: str, **target) -> dict:
    """An action card play."""
    return {"kind": "play", "card": slug, **target}


def operate(spec: str) -> dict:
    return {"kind": "operate", "spec": spec}
