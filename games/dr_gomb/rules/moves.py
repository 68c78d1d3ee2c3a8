"""Dr. Gomb's positions read: whose turn, each seat's sequences, and the legal moves of every
step (rules/__init__.py applies them; refusals.py says why a move is not among them)."""

from __future__ import annotations

from games.dr_gomb.cards import (
    BROKEN,
    CODE_OF,
    COLOUR_OF,
    COLOURS,
    KIND_OF,
    NAME_OF,
    SURPRISE,
    cards,
)

PILES = (1, 2)
CARD_LIMIT = 25
FINISHED = 5


# --- Versions -------------------------------------------------------------------------------


def rules_version(state: dict) -> int:
    return state.get("version", 1)


# --- Who acts ---------------------------------------------------------------------------------


def to_act(state: dict) -> list[int]:
    return [] if state["step"] == "over" else [state["turn"]]


def sequences_of(state: dict, seat: int) -> list[str]:
    """The seat's five sequences (red, green, blue, pink, yellow), each a string of codes."""
    return state["sequences"][seat].split("/")


def store(state: dict, seat: int, sequences: list[str]) -> None:
    state["sequences"][seat] = "/".join(sequences)


def cards_in_play(sequences: list[str]) -> int:
    return sum(map(len, sequences)) // 2


# --- Legal moves ------------------------------------------------------------------------------


def legal_moves(state: dict, seat: int) -> list[dict]:
    if state["step"] == "over" or seat != state["turn"]:
        return []
    return MOVES_BY_STEP[state["step"]](state, sequences_of(state, seat))


def _turn_moves(state: dict, sequences: list[str]) -> list[dict]:
    moves: list[dict] = [{"kind": "draw"}]
    if cards_in_play(sequences) >= CARD_LIMIT:
        return moves
    moves += [{"kind": "take", "pile": pile} for pile in PILES if state["piles"][pile - 1]]
    if state["mode"] == "basic":
        moves += [
            {"kind": "discard_sequence", "sequence": COLOURS[colour]}
            for colour, sequence in enumerate(sequences)
            if sequence
        ]
    elif _discardable_count(sequences) >= 3:
        moves.append({"kind": "discard_three"})
    return moves


def _discardable_count(sequences: list[str]) -> int:
    """Cards action C may take in normal mode: all but the broken buttons."""
    return sum(len(sequence) // 2 - sequence.count("!") for sequence in sequences)


def held_choices(state: dict) -> list[str]:
    """The names of the held cards the player may place now, in hand order, each once.

    A surprise that has looked into the talon waits until the cards taken from it are placed.
    """
    held = state["held"]
    names = []
    for code in cards(held):
        if state["used"] and code[1] == "?" and len(held) > 2:
            continue
        if NAME_OF[code] not in names:
            names.append(NAME_OF[code])
    return names


def _discards(name: str) -> list[dict]:
    return [{"kind": "discard", "card": name, "pile": pile} for pile in PILES]


def _place_moves(state: dict, sequences: list[str]) -> list[dict]:
    full = cards_in_play(sequences) >= CARD_LIMIT
    moves: list[dict] = []
    for name in held_choices(state):
        code = CODE_OF[name]
        kind, colour = KIND_OF[code], COLOUR_OF[code]
        if kind == SURPRISE:
            if not state["used"] and state["talon"] and not full:
                moves.append({"kind": "use_surprise"})
            moves += _discards(name)
        elif kind == BROKEN:
            forced = [] if full else _broken_moves(state["mode"], sequences, code)
            moves += forced or _discards(name)
        else:
            if not full:
                moves += [
                    {"kind": "play", "card": name, "to": COLOURS[target]}
                    for target, sequence in enumerate(sequences)
                    if target == colour or sequence
                ]
            moves += _discards(name)
    return moves


def _broken_moves(mode: str, sequences: list[str], broken: str) -> list[dict]:
    """What a drawn broken button must do, if it can."""
    if mode == "basic":
        return break_moves(sequences, broken[0])
    colour = COLOUR_OF[broken]
    return [
        {"kind": "play", "card": NAME_OF[broken], "to": COLOURS[target]}
        for target, sequence in enumerate(sequences)
        if target != colour and 0 < len(sequence) < 2 * FINISHED
    ]


def break_moves(sequences: list[str], letter: str) -> list[dict]:
    """A broken button of colour `letter` may take any of the player's cards of that colour."""
    return [
        {"kind": "break", "sequence": COLOURS[target], "position": index // 2 + 1}
        for target, sequence in enumerate(sequences)
        for index in range(0, len(sequence), 2)
        if sequence[index] == letter and sequence[index + 1] != "!"
    ]


def _talon_break_moves(state: dict, sequences: list[str]) -> list[dict]:
    return break_moves(sequences, state["breaking"][0])


def _scatter_moves(state: dict, sequences: list[str]) -> list[dict]:
    return [move for name in held_choices(state) for move in _discards(name)]


def _three_moves(state: dict, sequences: list[str]) -> list[dict]:
    return [
        {
            "kind": "discard_played",
            "sequence": COLOURS[colour],
            "position": index // 2 + 1,
            "pile": pile,
        }
        for colour, sequence in enumerate(sequences)
        for index in range(0, len(sequence), 2)
        if sequence[index + 1] != "!"
        for pile in PILES
    ]


MOVES_BY_STEP = {
    "turn": _turn_moves,
    "place": _place_moves,
    "break": _talon_break_moves,
    "scatter": _scatter_moves,
    "three": _three_moves,
}
