"""Gazobu's email notation: the help, the card aliases, parse_move and format_move. A line is
read in English, Polish or Czech alike (words.py holds each language's words)."""

from __future__ import annotations

import re

from games.base import IllegalMove
from games.gazobu.cards import ANY_MULTIPLIER, BLACK_HOLE, CARDS, EXTRA_MONSTER
from games.gazobu.cards.phrases import comma_list, draw_text, place_text, quoted, take_text
from games.gazobu.notation import words
from games.gazobu.rules import legal_moves
from games.gazobu.view.log import listed
from games.texts import Text, tell

# Notation

NOTATION_HELP = """\
Gazobu moves, one per line:
  take 1      take column 1 into your hand (and a pill); take 2 for column 2
  draw        take no column; just draw your 2 cards
  place 1     put your first drawn card under column 1
  place yoo 2 put the drawn Yoo under column 2 (name any drawn card: blob, hole, +5, extra, x2 blob)
After taking a column you must put at least one drawn card back under it."""

FILLER = words.every(words.FILLER)
NO_TAKE = words.every(words.NO_TAKE)
TAKE = words.every(words.TAKE)
PLACE = words.every(words.PLACE)
DRAW = words.every(words.DRAW)


def notation_help() -> str:
    return NOTATION_HELP


def normalized(text: str) -> str:
    """The line folded (words.folded) with everything but letters, digits, + and - as spaces."""
    return re.sub(r"[^a-z0-9+\-]+", " ", words.folded(text)).strip()


def alias_key(text: str) -> str:
    return re.sub(r"-(?=[a-z])", "", re.sub(r"\s+", "", normalized(text)))


def card_aliases() -> dict[str, str]:
    aliases: dict[str, str] = {}
    for card, name, _, kind, data in CARDS:
        for alias in (card, name, card + "s"):
            aliases[alias_key(alias)] = card
        if kind == "bonus":
            aliases[f"{data:+d}"] = card
            aliases[("bonus" if data > 0 else "malus") + str(abs(data))] = card
        if kind == "multiplier":
            family = data or "any"
            for alias in (
                f"x2{family}",
                f"{family}x2",
                f"multiplierx2{family}",
                f"multiplier{family}",
            ):
                aliases[alias] = card
    aliases.update({"hole": BLACK_HOLE, "bh": BLACK_HOLE, "extra": EXTRA_MONSTER})
    aliases.update({"joker": EXTRA_MONSTER, "monster": EXTRA_MONSTER, "x2": ANY_MULTIPLIER})
    for language in words.TRANSLATED_CARDS.values():
        for card, names in language.items():
            aliases.update({alias_key(name): card for name in names})
    for language in words.CARDS.values():
        aliases.update(language)
    return aliases


ALIASES = card_aliases()


def format_move(move: dict, state: dict, seat: int) -> Text:
    if move["kind"] == "take":
        return take_text(move["column"])
    if move["kind"] == "draw":
        return draw_text()
    return place_text(move["column"], move["card"])


def verb_of(word: str) -> tuple[str, str]:
    """A first word and the column number glued to it ("t1" -> "t", "1")."""
    match = re.fullmatch(r"(.*?)(\d*)", word)
    return match.group(1), match.group(2)


def parse_move(text: str, state: dict, seat: int) -> dict:
    said = [word for word in normalized(text).split() if word not in FILLER]
    if not said:
        raise not_understood(text, state, seat)
    verb, rest = said[0], said[1:]
    if "".join(said) in NO_TAKE or (verb in DRAW and "".join(rest) in {"", *words.TWO}):
        return {"kind": "draw"}
    verb, glued = verb_of(verb)
    if verb in TAKE:
        numbers = [glued, *rest] if glued else rest
        if len(numbers) == 1 and numbers[0].isdigit():
            return {"kind": "take", "column": int(numbers[0])}
        raise IllegalMove(
            tell(
                "Say which column to take: %(one)s or %(two)s (not %(text)s).",
                one=quoted(take_text(1)),
                two=quoted(take_text(2)),
                text=quoted(text),
            )
        )
    if verb in PLACE:
        return parse_place(text, glued, rest, state, seat)
    if not verb and not rest and state["phase"] == "place" and state["turn"] == seat:
        return parse_place(text, glued, [], state, seat)
    raise not_understood(text, state, seat)


def parse_place(text: str, glued: str, rest: list[str], state: dict, seat: int) -> dict:
    if glued:
        rest = [*rest, glued]
    if not rest or not rest[-1].isdigit():
        raise IllegalMove(
            tell(
                "Say which column to place under: %(one)s or %(two)s (not %(text)s).",
                one=quoted(place_text(1)),
                two=quoted(place_text(2)),
                text=quoted(text),
            )
        )
    column, named = int(rest[-1]), alias_key("".join(rest[:-1]))
    if named:
        if named not in ALIASES:
            raise IllegalMove(
                tell(
                    "%(named)s is not a Gazobu card; you have drawn %(cards)s.",
                    named=quoted(" ".join(rest[:-1])),
                    cards=listed(state["drawn"]),
                )
            )
        return {"kind": "place", "card": ALIASES[named], "column": column}
    if not state["drawn"]:
        raise IllegalMove(
            tell(
                "You have no drawn card to place; first %(take1)s, %(take2)s or %(draw)s.",
                take1=quoted(take_text(1)),
                take2=quoted(take_text(2)),
                draw=quoted(draw_text()),
            )
        )
    return {"kind": "place", "card": state["drawn"][0], "column": column}


def not_understood(text: str, state: dict, seat: int) -> IllegalMove:
    legal = [format_move(move, state, seat) for move in legal_moves(state, seat)]
    if not legal:
        legal = [take_text(1), draw_text(), place_text(2)]
    examples = comma_list(quoted(move) for move in legal)
    return IllegalMove(
        tell(
            "%(text)s is not a Gazobu move; try %(examples)s.", text=quoted(text), examples=examples
        )
    )
