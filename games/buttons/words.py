"""The words of Buttons: how a move is written (`spelled`, told through games/texts.py so
that a reader sees it in their language), per language the words the reader of a reply line
accepts, the standing orders' names and the sentences of the rules' refusals. Kept apart from
the notation and the rules so that both can use them (the notation reads the rules).

It also holds how the game strings its told sentences together (lists, sentences one after
another, the lines of the email's picture, a line folded at a width): each join is a Text of
its own, so every part is read in the reader's language; the joins this game alone uses carry
the context "buttons layout" and read the same in every language.

A player may write in any of the languages at once: a line is read without its case and its
diacritics ("połóż", "POLOZ" and "poloz" are one word), and no word means two different moves
in two languages ("pas" declines in Polish and Czech alike).
"""

from __future__ import annotations

import re
import textwrap
import unicodedata
from typing import Any

from games.texts import Text, tell, translated, word

# What each move of a kind is, as the notation writes it; the catalogues hold the Polish and
# Czech of every one (the parser below reads those back).


def spelled(move: dict) -> Text:
    kind = move["kind"]
    if kind == "lay":
        return tell("lay %(row)s %(column)s", row=move["row"], column=move["column"])
    if kind == "star":
        return tell("star %(row)s %(column)s", row=move["row"], column=move["column"])
    if kind == "order":
        return spelled_order(move["order"])
    if kind == "roll":
        return word("buttons move", "roll")
    if kind == "opt_out":
        return word("buttons move", "opt out")
    return word("buttons move", "decline")


def spelled_order(order: str) -> Text:
    if order == "take":
        return word("buttons move", "always take")
    if order == "decline":
        return word("buttons move", "always decline")
    return word("buttons move", "ask me")


# Whole lines that mean one move, per language, as written (the reader folds case and
# diacritics). "take" answers the gold square; "order ..." sets a standing order.
PHRASES: dict[str, dict[str, set[str]]] = {
    "en": {
        "roll": {"roll", "roll dice", "roll the dice", "r"},
        "opt_out": {"opt out", "optout", "opt", "out"},
        "decline": {"decline", "no", "pass", "skip"},
        "take": {"take", "gold", "yes", "take gold", "take the gold square", "take gold square"},
        "order take": {"always take", "always take gold", "always yes"},
        "order decline": {"always decline", "always no", "always pass"},
        "order ask": {"ask me", "ask", "always ask"},
    },
    "pl": {
        "roll": {"rzuć", "rzut", "rzucam", "rzuć kośćmi", "rzuć kostkami"},
        "opt_out": {"wycofaj się", "wycofaj", "wycofuję się", "wycofuję", "wycofaj się z rundy"},
        "decline": {"odpuść", "odpuszczam", "nie", "pas", "pomiń", "odmów", "nie biorę"},
        "take": {"weź", "biorę", "tak", "weź złote pole", "złote pole"},
        "order take": {"zawsze bierz", "zawsze biorę", "zawsze weź", "zawsze tak"},
        "order decline": {"zawsze odpuszczaj", "zawsze odmawiaj", "zawsze nie", "zawsze pas"},
        "order ask": {"pytaj mnie", "pytaj", "zawsze pytaj"},
    },
    "cs": {
        "roll": {"hodit", "hoď", "házet", "hodit kostkami", "hoď kostkami"},
        "opt_out": {"odstoupit", "odstup", "odstupuji", "odstoupit z kola"},
        "decline": {"odmítnout", "odmítám", "ne", "pas", "vynechat", "neberu"},
        "take": {"vzít", "beru", "ano", "vezmu", "vzít zlaté pole", "zlaté pole"},
        "order take": {"vždy brát", "vždy beru", "vždy vzít", "vždy ano"},
        "order decline": {"vždy odmítat", "vždy odmítnout", "vždy ne", "vždy pas"},
        "order ask": {
            "vždy se zeptat",
            "pokaždé se zeptat",
            "pokaždé se mě zeptat",
            "zeptat se",
            "ptej se",
            "ptej se mě",
            "vždy se ptát",
        },
    },
}
# Words that say which square move a line is ('lay 5 2', 'gwiazdka 3 4', 'položit 5 2').
SQUARE_WORDS: dict[str, dict[str, str]] = {
    "en": {"lay": "lay", "button": "lay", "l": "lay", "star": "star", "s": "star"},
    "pl": {
        "połóż": "lay",
        "kładę": "lay",
        "guzik": "lay",
        "gwiazdka": "star",
        "gwiazdkę": "star",
        "gwiazda": "star",
        "gwiazdę": "star",
    },
    "cs": {
        "položit": "lay",
        "polož": "lay",
        "knoflík": "lay",
        "hvězda": "star",
        "hvězdu": "star",
        "hvězdička": "star",
        "hvězdičku": "star",
    },
}
# Words a square move may carry that say nothing ('lay a button on row 5, column 2').
FILLER: dict[str, set[str]] = {
    "en": {"a", "on", "at", "in", "row", "column", "col", "the", "square"},
    "pl": {"na", "w", "rząd", "rzędzie", "wiersz", "wierszu", "kolumna", "kolumnie", "pole"},
    "cs": {"na", "v", "řádek", "řádku", "sloupec", "sloupci", "pole", "políčko", "políčku"},
}


def plain(text: str) -> str:
    """A line as the reader compares it: lower case, no diacritics, words of letters and
    digits separated by single spaces."""
    folded = unicodedata.normalize("NFKD", str(text).lower().replace("ł", "l"))
    bare = "".join(char for char in folded if not unicodedata.combining(char))
    return " ".join(re.sub(r"[^a-z0-9]+", " ", bare).split())


def _phrases() -> dict[str, str]:
    read: dict[str, str] = {}
    for by_meaning in PHRASES.values():
        for meaning, spellings in by_meaning.items():
            for spelling in spellings:
                key = plain(spelling)
                # One line, one meaning, in every language together.
                assert read.setdefault(key, meaning) == meaning, spelling
    return read


def _words(table: dict[str, dict[str, str]]) -> dict[str, str]:
    read: dict[str, str] = {}
    for words in table.values():
        for written, meaning in words.items():
            assert read.setdefault(plain(written), meaning) == meaning, written
    return read


MEANINGS = _phrases()
SQUARE = _words(SQUARE_WORDS)
SKIPPED = {plain(word) for words in FILLER.values() for word in words}


# How told sentences are strung together

LAYOUT = "buttons layout"


def chained(items: list[Any], template: str, context: str | None) -> Any:
    """The items joined two by two with `template` ("%(first)s...%(next)s")."""
    if not items:
        return ""
    told = items[0]
    for item in items[1:]:
        told = Text(template, {"first": told, "next": item}, context=context)
    return told


def listed(items: list[Any]) -> Any:
    """'a, b, c'."""
    return chained(items, "%(first)s, %(next)s", None)


def semicolons(items: list[Any]) -> Any:
    """'a; b; c'."""
    return chained(items, "%(first)s; %(next)s", LAYOUT)


def sentences(items: list[Any]) -> Any:
    """Sentences one after another, a space between."""
    return chained(items, "%(first)s %(next)s", LAYOUT)


def lines(items: list[Any]) -> Any:
    """Lines one below another."""
    return chained(items, "%(first)s\n%(next)s", LAYOUT)


def each_and(items: list[Any]) -> Any:
    """'a and b and c' (every pair joined by 'and')."""
    told = items[0]
    for item in items[1:]:
        told = tell("%(first)s and %(last)s", first=told, last=item)
    return told


class Wrapped(Text):
    """A line folded at `width` (later lines indented by `indent`) in whichever language it
    is read: its English is the English line folded."""

    width: int
    indent: str

    def __new__(cls, line: Any, width: int, indent: str = "") -> Wrapped:
        made = str.__new__(cls, fold(str(line), width, indent))
        made.msgid, made.params = "%(line)s", {"line": line}
        made.plural, made.count, made.context = None, None, LAYOUT
        made.width, made.indent = width, indent
        return made

    def translated(self, catalogue) -> str:
        return fold(translated(self.params["line"], catalogue), self.width, self.indent)


def fold(line: str, width: int, indent: str) -> str:
    return "\n".join(textwrap.wrap(line, width, subsequent_indent=indent))


# The standing orders and the moves' examples, as the rules name them

ORDERS = {
    "take": "always take the gold square when legal",
    "decline": "always decline the gold square",
    "ask": "ask me",
}
# The same, told in the reader's language.
ORDER_NAMES = {
    "take": word("buttons order", "always take the gold square when legal"),
    "decline": word("buttons order", "always decline the gold square"),
    "ask": word("buttons order", "ask me"),
}
EXAMPLES = {
    "roll": {"kind": "roll"},
    "opt_out": {"kind": "opt_out"},
    "lay": {"kind": "lay", "row": 5, "column": 2},
    "decline": {"kind": "decline"},
    "star": {"kind": "star", "row": 3, "column": 4},
    "order": {"kind": "order", "order": "take"},
}


def order_name(order: str) -> Text:
    """A standing order as a player reads it ('always take the gold square when legal')."""
    return ORDER_NAMES[order]


def square_refusal(why: str, row: int, column: int) -> Text:
    """Why a button may not go on a square: it holds a button, a star, or is next to a button."""
    if why == "button":
        return tell(
            "Row %(row)s, column %(column)s already holds a button.", row=row, column=column
        )
    if why == "star":
        return tell("Row %(row)s, column %(column)s holds a star.", row=row, column=column)
    return tell("Row %(row)s, column %(column)s is next to a button.", row=row, column=column)


def no_such(axis: str, value: Any) -> Text:
    """A row or a column off the board (or not a number)."""
    if axis == "row":
        return tell("There is no row %(row)s; rows run from 1 to 6.", row=repr(value))
    return tell("There is no column %(column)s; columns run from 1 to 6.", column=repr(value))


def lay_refusal(why: str, **params: Any) -> Text:
    """Why a button may not go where a player laid it (beyond the laying rules)."""
    if why == "row":
        return tell("Your button goes in row %(white)s, the white die, not row %(row)s.", **params)
    if why == "column":
        return tell("No black die shows %(column)s; the dice give columns %(columns)s.", **params)
    if why == "gold":
        return tell(
            "You may only lay on the gold square, row %(row)s column %(column)s, or decline.",
            **params,
        )
    return tell(
        "You rolled, so you must lay a button in row %(row)s: columns %(columns)s.", **params
    )


def order_refusal(already: str | None) -> Text:
    """A standing order that does not exist, or the one the seat has already."""
    if already is None:
        return tell(
            "Standing orders are '%(take)s', '%(decline)s' or '%(ask)s'.",
            take=spelled_order("take"),
            decline=spelled_order("decline"),
            ask=spelled_order("ask"),
        )
    return tell("Your standing order is already '%(order)s'.", order=order_name(already))
