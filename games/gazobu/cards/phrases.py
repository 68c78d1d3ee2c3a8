"""The small pieces Gazobu's sentences are told with (games/texts.py): lists of cards, quoted
moves, and the messages so general ("draw", "The game is over.") that another game may say
them too, told under a context of Gazobu's own so that two games' catalogue entries never
clash."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from games.gazobu.cards import card_word
from games.texts import Text, word

# The context of Gazobu's general messages and of its list joiners.
GAZOBU = "gazobu"
LIST = "gazobu list"


def said(msgid: str, **params: Any) -> Text:
    """A general sentence, told under Gazobu's context."""
    return Text(msgid, params, context=GAZOBU)


def said_plural(singular: str, plural: str, count: int, **params: Any) -> Text:
    return Text(singular, params, plural=plural, count=count, context=GAZOBU)


def chained(items: Iterable[Any], msgid: str, last: str | None = None) -> Any:
    """Items joined pair by pair: `msgid` between each, `last` (if given) before the last."""
    items = list(items)
    if not items:
        return ""
    told = items[0]
    for n, item in enumerate(items[1:], start=2):
        between = last if last is not None and n == len(items) else msgid
        told = Text(between, {"first": told, "next": item}, context=LIST)
    return told


def and_list(items: Iterable[Any]) -> Any:
    """'a', 'a and b', 'a, b and c'."""
    return chained(items, "%(first)s, %(next)s", "%(first)s and %(next)s")


def comma_list(items: Iterable[Any]) -> Any:
    """'a, b, c'."""
    return chained(items, "%(first)s, %(next)s")


def and_chain(items: Iterable[Any]) -> Any:
    """'a and b and c'."""
    return chained(items, "%(first)s and %(next)s")


def the_list(items: Iterable[Any]) -> Any:
    """'a and the b and the c' (after an English 'the')."""
    return chained(items, "%(first)s and the %(next)s")


def quoted(move: Any) -> Text:
    """A move a player may write, quoted as the language quotes."""
    return Text("'%(move)s'", {"move": move}, context=GAZOBU)


def nothing() -> Text:
    return word("gazobu", "nothing")


# How a move is written (format_move, and the examples of the refusals)

MOVE = "gazobu move"


def take_text(column: int) -> Text:
    return Text("take %(column)s", {"column": column}, context=MOVE)


def draw_text() -> Text:
    return word("gazobu move", "draw")


def place_text(column: int, card: str | None = None) -> Text:
    """ "place blob 1", or "place 1" (the first drawn card)."""
    if card is None:
        return Text("place %(column)s", {"column": column}, context=MOVE)
    return Text(
        "place %(card)s %(column)s", {"card": card_word(card), "column": column}, context=MOVE
    )
