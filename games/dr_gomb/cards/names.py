"""Dr. Gomb's words as the catalogues translate them (games/texts.py): cards and colours, each
in the grammatical slot a sentence puts it in, since Polish and Czech decline what English
does not ("plays red 3" is "zagrywa czerwoną 3": the card is the object).

The English of every word is the name the rules use ("red 3", "blue"), so a sentence built
from them reads exactly as it always did. The contexts:

- "dr_gomb card": a card named on its own (in a list, as a subject).
- "dr_gomb card, object": a card something is done to (drawn, played, discarded).
- "dr_gomb colour": a colour as a label (a sequence's, a table's column).
- "dr_gomb card colour": a card shown by its colour only ("red ?", a covered card).
- "dr_gomb colour, of": a colour after "of" ("a card of the red colour": "koloru czerwonego").
- "dr_gomb a card of colour": "a red card" as an object ("czerwoną kartę").
- "dr_gomb sequence": a sequence as a subject ("the blue sequence").
- "dr_gomb sequence, object": a sequence something is done to ("discard the blue sequence").
- "dr_gomb sequence, of": a sequence after "of", "to" or "from" ("do niebieskiego ciągu").
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any

from games.texts import Text, tell, word


def card(name: str) -> Text:
    return word("dr_gomb card", name)


def card_object(name: str) -> Text:
    return word("dr_gomb card, object", name)


def colour(name: str) -> Text:
    return word("dr_gomb colour", name)


def card_colour(name: str) -> Text:
    return word("dr_gomb card colour", name)


def colour_of(name: str) -> Text:
    return word("dr_gomb colour, of", name)


def a_card_of(name: str) -> Text:
    return word("dr_gomb a card of colour", name)


def sequence(name: str) -> Text:
    return word("dr_gomb sequence", name)


def sequence_object(name: str) -> Text:
    return word("dr_gomb sequence, object", name)


def sequence_of(name: str) -> Text:
    return word("dr_gomb sequence, of", name)


def listed(items: Iterable[Any]) -> Text | str:
    """'a, b, c': a list as the rules print it, with commas only."""
    items = list(items)
    if not items:
        return ""
    told = items[0]
    for item in items[1:]:
        told = tell("%(first)s, %(next)s", first=told, next=item)
    return told


def each_and(items: Iterable[Any]) -> Text | str:
    """'a and b and c': every pair joined by 'and', as the log has always said it."""
    items = list(items)
    if not items:
        return ""
    told = items[0]
    for item in items[1:]:
        told = tell("%(first)s and %(last)s", first=told, last=item)
    return told


def lines(items: Iterable[Any]) -> Text | str:
    """Lines under each other."""
    items = list(items)
    if not items:
        return ""
    told = items[0]
    for item in items[1:]:
        told = tell("%(first)s\n%(next)s", first=told, next=item)
    return told


def semicolons(items: Iterable[Any]) -> Text | str:
    """'a; b; c'."""
    items = list(items)
    if not items:
        return ""
    told = items[0]
    for item in items[1:]:
        told = tell("%(first)s; %(next)s", first=told, next=item)
    return told


# --- Shapes: a sentence laid out on the page, in English and in every translation alike ------


def _tight(text: str, _: str, translated: bool) -> str:
    """Spaces made no-break, so that wrapping never splits it (a card's name)."""
    return text.replace(" ", "\xa0")


def _padded(text: str, width: str, translated: bool) -> str:
    # Polish and Czech colours are longer than English ones ("niebieski"): their column is
    # wider.
    return text.ljust(int(width) + 3 * translated)


def _wrapped(text: str, indent: str, translated: bool) -> str:
    """Wrapped to 78 columns, never inside a tight part, whose no-break spaces then read as
    spaces again."""
    lines = textwrap.wrap(text, 78, subsequent_indent=indent) or [text]
    return "\n".join(line.replace("\xa0", " ") for line in lines)


SHAPES = {"tight": _tight, "padded": _padded, "wrapped": _wrapped}


class Shaped(Text):
    """A sentence with a layout (no-break spaces, padding, wrapping) applied to its English
    and to its translation alike: the email's picture keeps its columns in any language."""

    shape: str
    how: str

    def __new__(cls, told: Text, shape: str, how: str = "") -> Shaped:
        made = str.__new__(cls, SHAPES[shape](str(told), how, False))
        made.msgid, made.params = told.msgid, told.params
        made.plural, made.count, made.context = told.plural, told.count, told.context
        made.shape, made.how = shape, how
        return made

    def translated(self, catalogue) -> str:
        said = super().translated(catalogue)
        if said == self.english():
            return str(self)  # English (or nothing translated): its own layout, as written
        return SHAPES[self.shape](said, self.how, True)

    def english(self) -> str:
        """The sentence in English before its layout was applied."""
        return str(
            Text(
                self.msgid, self.params, plural=self.plural, count=self.count, context=self.context
            )
        )

    def __reduce__(self):
        return (_reshaped, (self.as_data(), self.shape, self.how))


def _reshaped(data: dict, shape: str, how: str) -> Shaped:
    return Shaped(Text.from_data(data), shape, how)


def tight(told: Text) -> Shaped:
    return Shaped(told, "tight")


def padded(told: Text, width: int) -> Shaped:
    return Shaped(told, "padded", str(width))


def wrapped(told: Text, indent: str = "  ") -> Shaped:
    return Shaped(told, "wrapped", indent)


def bars(items: Iterable[Any]) -> Text | str:
    """'a | b | c'."""
    items = list(items)
    if not items:
        return ""
    told = items[0]
    for item in items[1:]:
        told = tell("%(first)s | %(next)s", first=told, next=item)
    return told
