"""Dr. Gomb's rules: setup, apply, the outcome; who acts and the legal moves are in moves.py,
the refusals in refusals.py. The rulings and decisions behind them are in the game's
__init__.py."""

from __future__ import annotations

import sys

from games.base import (
    IllegalMove,
    Outcome,
    Rng,
    check_player_count,
    player_names,
    resolve_options,
)
from games.dr_gomb.cards import (
    CODE_OF,
    COLOUR_INDEX,
    COLOUR_OF,
    FULL_DECK,
    card_at,
    cards,
    without,
)
from games.dr_gomb.rules.moves import (
    CARD_LIMIT,
    FINISHED,
    PILES,
    break_moves,
    cards_in_play,
    held_choices,
    legal_moves,
    rules_version,
    sequences_of,
    store,
    to_act,
)
from games.dr_gomb.rules.refusals import KINDS, check
from games.dr_gomb.scoring import best_total, score_player
from games.texts import tell

# What the rest of the game reads here (moves.py and refusals.py are this module's chapters).
__all__ = [
    "CARD_LIMIT",
    "FINISHED",
    "KINDS",
    "PILES",
    "apply",
    "cards_in_play",
    "held_choices",
    "legal_moves",
    "outcome",
    "reshuffle_unseen",
    "rules_version",
    "sequences_of",
    "setup",
    "skip_move",
    "standing",
    "to_act",
]

slug = "dr_gomb"
title = "Dr. Gomb"
min_players = 2
max_players = 5
ALLOWED_OPTIONS = {"mode": ("basic", "normal")}
options = ALLOWED_OPTIONS
version = 2
versions = (1, 2)

REMOVED_UNSEEN = {2: 30, 3: 20}
TALON_SIZE = 10


# --- Setup ------------------------------------------------------------------------------------


def setup(
    players: int | list[str], options: dict | None, rng: Rng, version: int | None = None
) -> dict:
    rules = sys.modules[__name__]
    names = player_names(players)
    check_player_count(rules, names)
    mode = resolve_options(ALLOWED_OPTIONS, options)["mode"]
    version = rules.version if version is None else version
    if version not in versions:
        raise IllegalMove(
            tell(
                "Dr. Gomb has rules versions %(versions)s.", versions=", ".join(map(str, versions))
            )
        )
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    unseen = REMOVED_UNSEEN.get(len(names), 0)
    box, deck = sorted(deck[:unseen]), deck[unseen:]
    talon, deck = sorted(deck[:TALON_SIZE]), deck[TALON_SIZE:]
    state = {
        "players": names,
        "mode": mode,
        "deck": "".join(deck[:-2]),  # the top card is the last
        "talon": "".join(talon),
        "piles": [deck[-1], deck[-2]],  # the top card is the last
        "box": "".join(box),  # put back unseen at setup
        "out": "",  # taken out of the game by broken buttons
        "sequences": ["////" for _ in names],  # per seat: red/green/blue/pink/yellow
        "turn": rng.randint(0, len(names) - 1),
        "step": "turn",
        "held": "",  # cards in the active player's hand, waiting to be placed
        "used": False,  # the held surprise has already looked into the talon
        "breaking": "",  # broken buttons from the talon waiting for the player's choice
        "left": 0,  # normal mode action C: cards still to discard
    }
    if version >= 2:
        # A version-1 game keeps the exact state it always had: the keys are new in version 2.
        state["version"] = version
        state["held_from"] = ""  # where the card in hand came from: "deck" or "pile"
    return state


# --- A fork ---------------------------------------------------------------------------------


def reshuffle_unseen(state: dict, rng: Rng) -> dict:
    """A position played on from another game's (a fork, by the service): the face-down
    deck is shuffled again with the new game's rng, so that the old game's revealed seed
    tells nothing of the cards to come (the box stays as it was: unseen, and out of play)."""
    cards = [state["deck"][n : n + 2] for n in range(0, len(state["deck"]), 2)]
    rng.shuffle(cards)
    state["deck"] = "".join(cards)
    return state


# --- Apply ------------------------------------------------------------------------------------


def apply(state: dict, seat: int, move: dict, rng: Rng) -> dict:
    """Validate completely, then change the state in place. No step draws on the rng."""
    check(state, seat, move)
    APPLY_BY_KIND[move["kind"]](state, seat, move)
    return state


def _draw(state: dict, seat: int, move: dict) -> None:
    state["held"], state["deck"] = state["deck"][-2:], state["deck"][:-2]
    _note_held_from(state, "deck")
    state["step"] = "place"


def _take(state: dict, seat: int, move: dict) -> None:
    piles, index = state["piles"], move["pile"] - 1
    state["held"], piles[index] = piles[index][-2:], piles[index][:-2]
    _note_held_from(state, "pile")
    if not piles[index]:
        piles[index], state["deck"] = state["deck"][-2:], state["deck"][:-2]
    state["step"] = "place"


def _note_held_from(state: dict, origin: str) -> None:
    """Version 2 keeps where the card in hand came from, as the log says it to everyone."""
    if rules_version(state) >= 2:
        state["held_from"] = origin


def _play(state: dict, seat: int, move: dict) -> None:
    code = _take_held(state, move["card"])
    sequences = sequences_of(state, seat)
    sequences[COLOUR_INDEX[move["to"]]] += code
    store(state, seat, sequences)
    _after_placing(state)


def _discard(state: dict, seat: int, move: dict) -> None:
    code = _take_held(state, move["card"])
    state["piles"][move["pile"] - 1] += code
    _after_placing(state)


def _use_surprise(state: dict, seat: int, move: dict) -> None:
    state["used"] = True
    talon = cards(state["talon"])
    broken = sorted((code for code in talon if code[1] == "!"), key=COLOUR_OF.__getitem__)
    if broken:
        sequences = sequences_of(state, seat)
        breaking = [code for code in broken if break_moves(sequences, code[0])]
        state["talon"] = "".join(code for code in talon if code not in breaking)
        state["breaking"] = "".join(breaking)
        if breaking:
            state["step"] = "break"
        return
    letter = state["held"][0]
    state["held"] += "".join(code for code in talon if code[0] == letter)
    state["talon"] = "".join(code for code in talon if code[0] != letter)


def _break(state: dict, seat: int, move: dict) -> None:
    if state["breaking"]:
        broken, state["breaking"] = state["breaking"][:2], state["breaking"][2:]
    else:
        broken, state["held"] = state["held"], ""
    sequences = sequences_of(state, seat)
    colour, position = COLOUR_INDEX[move["sequence"]], move["position"]
    state["out"] += card_at(sequences[colour], position) + broken
    sequences[colour] = without(sequences[colour], position)
    store(state, seat, sequences)
    if state["step"] == "break":
        if not state["breaking"]:
            state["step"] = "place"
    else:
        _after_placing(state)


def _discard_sequence(state: dict, seat: int, move: dict) -> None:
    sequences = sequences_of(state, seat)
    colour = COLOUR_INDEX[move["sequence"]]
    state["held"], sequences[colour] = sequences[colour], ""
    store(state, seat, sequences)
    state["step"] = "scatter"


def _discard_three(state: dict, seat: int, move: dict) -> None:
    state["left"] = 3
    state["step"] = "three"


def _discard_played(state: dict, seat: int, move: dict) -> None:
    sequences = sequences_of(state, seat)
    colour, position = COLOUR_INDEX[move["sequence"]], move["position"]
    state["piles"][move["pile"] - 1] += card_at(sequences[colour], position)
    sequences[colour] = without(sequences[colour], position)
    store(state, seat, sequences)
    state["left"] -= 1
    if not state["left"]:
        _end_turn(state)


def _take_held(state: dict, name: str) -> str:
    held, code = state["held"], CODE_OF[name]
    for index in range(0, len(held), 2):
        if held[index : index + 2] == code:
            state["held"] = held[:index] + held[index + 2 :]
            return code
    raise AssertionError(f"{name} was checked to be held")


def _after_placing(state: dict) -> None:
    if not state["held"]:
        _end_turn(state)


def _end_turn(state: dict) -> None:
    state["held"], state["used"], state["left"] = "", False, 0
    _note_held_from(state, "")
    if state["deck"]:
        state["turn"] = (state["turn"] + 1) % len(state["players"])
        state["step"] = "turn"
    else:
        state["step"] = "over"


APPLY_BY_KIND = {
    "draw": _draw,
    "take": _take,
    "play": _play,
    "discard": _discard,
    "use_surprise": _use_surprise,
    "break": _break,
    "discard_sequence": _discard_sequence,
    "discard_three": _discard_three,
    "discard_played": _discard_played,
}


# --- Deadlines and scores ---------------------------------------------------------------------


def skip_move(state: dict, seat: int) -> dict | None:
    """What the seat does at its deadline: the least (draw, then discard; a forced choice takes
    its first option)."""
    moves = legal_moves(state, seat)
    if not moves:
        return None
    discards = [move for move in moves if move["kind"] == "discard" and move["pile"] == 1]
    return discards[0] if discards else moves[0]


def standing(state: dict, seat: int) -> int:
    """The seat's score if the game ended now."""
    return best_total(state["sequences"][seat])


def outcome(state: dict) -> Outcome | None:
    if state["step"] != "over":
        return None
    players = [score_player(sequences.split("/")) for sequences in state["sequences"]]
    for name, player in zip(state["players"], players, strict=True):
        player["name"] = name
    scores = [player["total"] for player in players]
    return Outcome(
        scores=scores,
        winners=[seat for seat, score in enumerate(scores) if score == max(scores)],
        details={"players": players},
    )
