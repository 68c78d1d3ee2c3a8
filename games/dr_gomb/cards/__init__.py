"""The 120 buttons of Dr. Gomb, as printed: no house data is needed (RULINGS.md).

A card is a two-letter code: colour letter, then 1-5, "*" joker, "?" surprise or "!" broken
(the symbols printed on the special buttons). A pile of cards in the state is the string of
its codes, bottom card first: "r1g*b3" is red 1 under green joker under blue 3.
"""

from __future__ import annotations

COLOURS = ("red", "green", "blue", "pink", "yellow")
COLOUR_INDEX = {name: index for index, name in enumerate(COLOURS)}
LETTERS = "rgbpy"
NUMBER_COPIES = {"1": 5, "2": 4, "3": 4, "4": 4, "5": 4}
NUMBER, BROKEN, JOKER, SURPRISE = "number", "broken", "joker", "surprise"
SPECIALS = {"!": BROKEN, "*": JOKER, "?": SURPRISE}

FULL_DECK = [
    letter + rank
    for letter in LETTERS
    for rank, copies in [*NUMBER_COPIES.items(), ("!", 1), ("*", 1), ("?", 1)]
    for _ in range(copies)
]
CODES = sorted(set(FULL_DECK))
COLOUR_OF = {code: LETTERS.index(code[0]) for code in CODES}
COLOUR_NAME = dict(zip(LETTERS, COLOURS, strict=True))
KIND_OF = {code: SPECIALS.get(code[1], NUMBER) for code in CODES}
NUMBER_OF = {code: int(code[1]) if code[1].isdigit() else 0 for code in CODES}
NAME_OF = {
    code: f"{COLOURS[COLOUR_OF[code]]} {code[1] if KIND_OF[code] == NUMBER else KIND_OF[code]}"
    for code in CODES
}
CODE_OF = {name: code for code, name in NAME_OF.items()}


def cards(pile: str) -> list[str]:
    """The codes of a pile string, bottom first."""
    return [pile[index : index + 2] for index in range(0, len(pile), 2)]


def card_at(pile: str, position: int) -> str:
    """The card at a 1-based position counted from the bottom."""
    return pile[2 * position - 2 : 2 * position]


def without(pile: str, position: int) -> str:
    """The pile less the card at a 1-based position counted from the bottom."""
    return pile[: 2 * position - 2] + pile[2 * position :]


def card_names(pile: str) -> list[str]:
    """The names of a pile string's cards, bottom first: ["red 1", "green joker"]."""
    return [NAME_OF[pile[index : index + 2]] for index in range(0, len(pile), 2)]
