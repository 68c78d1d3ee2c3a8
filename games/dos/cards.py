"""The DOS deck: 108 cards, what each one counts as, and what it scores.

A card is a plain string: a colour and a number ("red 7"), a wild # of one colour ("red #"),
or the colourless wild DOS ("DOS"). Copies of a card are identical, so hands are kept sorted
in DECK order and nothing about a hand's history survives in it.
"""

from __future__ import annotations

from collections import Counter

from games.texts import Text, word

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


# --- A card told (games/texts.py) --------------------------------------------------------
#
# A card is told in one of three forms, since Polish and Czech decline the colour: as named in
# a list ("czerwona 7", "červená 7"), as taken by a verb ("dodaj czerwoną 7", "přidej červenou
# 7") and as the cards a match is played with ("z czerwoną 5", "pomocí červené 5"). In English
# all three are the card itself ("red 7"); the Polish names are the rulebook's.

# The context of a card's colour in each of its forms (see the module's docstring).
NAMED, TAKEN, PLAYED_WITH = "dos card colour", "dos card colour, taken", "dos card colour, with"


def card_told(card: str, form: str = NAMED) -> Text:
    """A card ('red 7', 'red #', 'red 2' for a DOS named red, 'DOS') in the given form."""
    if card == WILD_DOS:
        return word("dos card", WILD_DOS)
    colour, number = card.split(" ")
    return Text(
        "%(colour)s %(number)s",
        {"colour": word(form, colour), "number": number},
        context="dos card",
    )


def colour_told(colour: str) -> Text:
    """A colour as a player names it for a wild DOS ('as red')."""
    return word("dos colour", colour)


def named_card_told(card: str, named: str | None, form: str = NAMED) -> Text:
    """A card as played: a wild with what it counts as ('DOS as red', 'yellow # as 7')."""
    told = card_told(card, form)
    if named is None:
        return told
    if card == WILD_DOS:
        return Text("%(card)s as %(named)s", {"card": told, "named": colour_told(colour_of(named))})
    return Text("%(card)s as %(named)s", {"card": told, "named": number_of(named)})


def folded(items: list, msgid: str, context: str) -> Text | str:
    """Items one after another through `msgid` ('%(first)s, %(next)s'), as English joins them."""
    if not items:
        return ""
    told = items[0]
    for item in items[1:]:
        told = Text(msgid, {"first": told, "next": item}, context=context)
    return told


def cards_listed(cards: list[str]) -> Text | str:
    """'red 3, blue 5': cards named in a list."""
    return folded([card_told(card) for card in cards], "%(first)s, %(next)s", "dos list")


def semicolons(items: list) -> Text | str:
    return folded(items, "%(first)s; %(next)s", "dos list")


def sentences(items: list) -> Text | str:
    """Whole sentences one after another, a space between."""
    return folded([item for item in items if item], "%(first)s %(next)s", "dos sentences")


def lines(items: list) -> Text | str:
    """Lines of a plain-text picture, one under another."""
    return folded(items, "%(first)s\n%(next)s", "dos lines")


def told(msgid: str, **params) -> Text:
    """A sentence of DOS's own, told apart from the same English of another game."""
    return Text(msgid, params, context="dos")


def any_card_told(card) -> Text | str:
    """A card a move names, told where it is a card (or a wild's naming, 'red 2'); anything
    else as written."""
    if not isinstance(card, str):
        return repr(card)
    parts = card.split(" ")
    if card == WILD_DOS or (
        len(parts) == 2 and parts[0] in COLOURS and (parts[1] == "#" or parts[1].isdigit())
    ):
        return card_told(card)
    return card
