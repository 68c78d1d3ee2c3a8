"""The DOS deck: 108 cards, what each one counts as, and what it scores.

A card is a plain string: a colour and a number ("red 7"), a wild # of one colour ("red #"),
or the colourless wild DOS ("DOS"). Copies of a card are identical, so hands are kept sorted
in DECK order and nothing about a hand's history survives in it.
"""

from __future__ import annotations

from collections import Counter

COLOURS = ("blue", "green", "red", "yellow")
WILD_DOS = "DOS"
WILD_DOS_VALUE = 2

# The deck, per colour, as the rulebook's contents list prints it: three each of 1, 3, 4 and 5
# (the transcription drops the 5s; 24 cards per colour needs them), two each of 6-10, two wild #.
COPIES_PER_COLOUR = {1: 3, 3: 3, 4: 3, 5: 3, 6: 2, 7: 2, 8: 2, 9: 2, 10: 2, "#": 2}
WILD_DOS_COPIES = 12

# Points a card left in a loser's hand gives the round's winner.
WILD_DOS_POINTS = 20
WILD_HASH_POINTS = 40

HAND_SIZE = 7
CENTRE_ROW_MINIMUM = 2
CATCH_PENALTY = 2


def card_name(colour: str, number: int | str) -> str:
    return f"{colour} {number}"


DISTINCT_CARDS = [card_name(c, n) for c in COLOURS for n in COPIES_PER_COLOUR] + [WILD_DOS]
DECK = [
    card_name(colour, number)
    for colour in COLOURS
    for number, copies in COPIES_PER_COLOUR.items()
    for _ in range(copies)
] + [WILD_DOS] * WILD_DOS_COPIES
DECK_COUNT = Counter(DECK)
ORDER = {card: n for n, card in enumerate(DISTINCT_CARDS)}


def is_wild(card: str) -> bool:
    return card == WILD_DOS or card.endswith("#")


def colour_of(card: str) -> str | None:
    return None if card == WILD_DOS else card.split(" ")[0]


def number_of(card: str) -> int | None:
    """The printed number; a wild # has none until named, a wild DOS is always 2."""
    if card == WILD_DOS:
        return WILD_DOS_VALUE
    printed = card.split(" ")[1]
    return None if printed == "#" else int(printed)


def _points(card: str) -> int:
    if card == WILD_DOS:
        return WILD_DOS_POINTS
    if card.endswith("#"):
        return WILD_HASH_POINTS
    return int(card.split(" ")[1])


POINTS = {card: _points(card) for card in DISTINCT_CARDS}


def hand_points(cards: list[str]) -> int:
    return sum(map(POINTS.__getitem__, cards))


def sort_cards(cards: list[str]) -> None:
    cards.sort(key=ORDER.__getitem__)


def _namings(card: str) -> list[tuple[str | None, str, int]]:
    """What a card may count as: (name given, colour, number); the name is None for a plain card.

    A wild DOS is a 2 of the colour its player names; a wild # is any number 1-10 of its own
    colour.
    """
    if card == WILD_DOS:
        return [(card_name(c, WILD_DOS_VALUE), c, WILD_DOS_VALUE) for c in COLOURS]
    colour, printed = card.split(" ")
    if printed == "#":
        return [(card_name(colour, n), colour, n) for n in range(1, 11)]
    return [(None, colour, int(printed))]


NAMINGS = {card: _namings(card) for card in DISTINCT_CARDS}


NAMINGS_BY_NUMBER = {
    card: {n: [naming for naming in namings if naming[2] == n] for n in range(1, 11)}
    for card, namings in NAMINGS.items()
}
NAMING_RANK = {
    (card, naming[0]): rank
    for card, namings in NAMINGS.items()
    for rank, naming in enumerate(namings)
}
