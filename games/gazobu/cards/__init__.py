"""Gazobu's cards: the one table of the 55-card deck (house data) and what follows from it."""

from __future__ import annotations

from typing import Any

from games.texts import Text, word

# House data (RULINGS.md): the rulebook prints only the Gazobu card (+10 / -3).
# family rows: (majority points, loss per card); bonus rows: the value; multiplier rows: the
# family it doubles (None = Gazobu, Blob or Yoo at the holder's choice).
CARDS: tuple[tuple[str, str, int, str, Any], ...] = (
    # card id              name                    count  kind           data
    ("gazobu", "Gazobu", 11, "family", (10, 3)),
    ("blob", "Blob", 11, "family", (8, 2)),
    ("yoo", "Yoo", 11, "family", (6, 1)),
    ("twini", "Twini", 2, "family", (5, 2)),
    ("twinax", "Twinax", 2, "family", (5, 2)),
    ("black-hole", "black hole", 3, "black hole", None),
    ("bonus+5", "bonus +5", 1, "bonus", 5),
    ("bonus+3", "bonus +3", 1, "bonus", 3),
    ("bonus+2", "bonus +2", 1, "bonus", 2),
    ("bonus+1", "bonus +1", 1, "bonus", 1),
    ("malus-2", "malus -2", 1, "bonus", -2),
    ("malus-3", "malus -3", 1, "bonus", -3),
    ("malus-5", "malus -5", 1, "bonus", -5),
    ("extra-monster", "extra monster", 4, "extra monster", None),
    ("multiplier-gazobu", "multiplier x2 Gazobu", 1, "multiplier", "gazobu"),
    ("multiplier-blob", "multiplier x2 Blob", 1, "multiplier", "blob"),
    ("multiplier-yoo", "multiplier x2 Yoo", 1, "multiplier", "yoo"),
    ("multiplier-any", "multiplier x2 Gazobu, Blob or Yoo", 1, "multiplier", None),
)

CARD_NAMES = {card: name for card, name, _, _, _ in CARDS}
DECK = [card for card, _, count, _, _ in CARDS for _ in range(count)]
CARD_ORDER = {card: n for n, (card, _, _, _, _) in enumerate(CARDS)}
FAMILIES = tuple(card for card, _, _, kind, _ in CARDS if kind == "family")
POINTS = {card: data[0] for card, _, _, kind, data in CARDS if kind == "family"}
LOSS = {card: data[1] for card, _, _, kind, data in CARDS if kind == "family"}
BONUS = {card: data for card, _, _, kind, data in CARDS if kind == "bonus"}
MULTIPLIES = {card: data for card, _, _, kind, data in CARDS if kind == "multiplier"}
# Extra monsters and multipliers only ever join these families, in this order of preference.
PILE_FAMILIES = ("gazobu", "blob", "yoo")
BLACK_HOLE = "black-hole"
EXTRA_MONSTER = "extra-monster"
ANY_MULTIPLIER = "multiplier-any"


def card_name(card: str) -> str:
    """The card's name (its English, told so the catalogues name it in the reader's language);
    a card this game does not know, as it was given."""
    if card not in CARD_NAMES:
        return str(card)
    return word("gazobu card", CARD_NAMES[card])


def card_word(card: str) -> Text:
    """The card as a move names it ("place black-hole 1"): its id, or the reader's language's
    short name for it, which the parser reads back (words.py)."""
    return word("gazobu card id", card)


def sorted_cards(cards: list[str]) -> list[str]:
    return sorted(cards, key=CARD_ORDER.__getitem__)
