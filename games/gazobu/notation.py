"""Gazobu's email notation: the help, the card aliases, parse_move and format_move."""

from __future__ import annotations

import re

from games.base import IllegalMove
from games.gazobu.cards import ANY_MULTIPLIER, BLACK_HOLE, CARDS, EXTRA_MONSTER
from games.gazobu.rules import legal_moves
from games.gazobu.view import listed

# Notation

NOTATION_HELP = """\
Gazobu moves, one per line:
  take 1      take column 1 into your hand (and a pill); take 2 for column 2
  draw        take no column; just draw your 2 cards
  place 1     put your first drawn card under column 1
  place yoo 2 put the drawn Yoo under column 2 (name any drawn card: blob, hole, +5, extra, x2 blob)
After taking a column you must put at least one drawn card back under it."""

FILLER = {"column", "col", "under", "on", "to", "the", "in", "into", "card", "a", "my"}
NO_TAKE = {"draw", "d", "no", "none", "pass", "notake", "dontake", "donttake", "takenone", "skip"}


def notation_help() -> str:
    return NOTATION_HELP


def alias_key(text: str) -> str:
    return re.sub(r"-(?=[a-z])", "", re.sub(r"\s+", "", text.lower()))


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
    return aliases


ALIASES = card_aliases()


def format_move(move: dict, state: dict, seat: int) -> str:
    if move["kind"] == "take":
        return f"take {move['column']}"
    if move["kind"] == "draw":
        return "draw"
    return f"place {move['card']} {move['column']}"


def parse_move(text: str, state: dict, seat: int) -> dict:
    normal = re.sub(r"[^a-z0-9+\-]+", " ", str(text).lower()).strip()
    words = [word for word in normal.split() if word not in FILLER]
    if not words:
        raise not_understood(text, state, seat)
    verb, rest = words[0], words[1:]
    if "".join(words) in NO_TAKE or (verb == "draw" and "".join(rest) in {"", "2", "two"}):
        return {"kind": "draw"}
    match = re.fullmatch(r"(take|t)(\d*)", verb)
    if match:
        numbers = [match.group(2), *rest] if match.group(2) else rest
        if len(numbers) == 1 and numbers[0].isdigit():
            return {"kind": "take", "column": int(numbers[0])}
        raise IllegalMove(f"Say which column to take: 'take 1' or 'take 2' (not '{text}').")
    match = re.fullmatch(r"(place|put|p)(\d*)", verb)
    if match:
        return parse_place(text, match.group(2), rest, state, seat)
    if verb.isdigit() and not rest and state["phase"] == "place" and state["turn"] == seat:
        return parse_place(text, verb, [], state, seat)
    raise not_understood(text, state, seat)


def parse_place(text: str, glued: str, rest: list[str], state: dict, seat: int) -> dict:
    if glued:
        rest = [*rest, glued]
    if not rest or not rest[-1].isdigit():
        raise IllegalMove(
            f"Say which column to place under: 'place 1' or 'place 2' (not '{text}')."
        )
    column, named = int(rest[-1]), alias_key("".join(rest[:-1]))
    if named:
        if named not in ALIASES:
            raise IllegalMove(
                f"'{' '.join(rest[:-1])}' is not a Gazobu card; "
                f"you have drawn {listed(state['drawn'])}."
            )
        return {"kind": "place", "card": ALIASES[named], "column": column}
    if not state["drawn"]:
        raise IllegalMove("You have no drawn card to place; first 'take 1', 'take 2' or 'draw'.")
    return {"kind": "place", "card": state["drawn"][0], "column": column}


def not_understood(text: str, state: dict, seat: int) -> IllegalMove:
    legal = [format_move(move, state, seat) for move in legal_moves(state, seat)]
    examples = ", ".join(f"'{m}'" for m in legal) if legal else "'take 1', 'draw', 'place 2'"
    return IllegalMove(f"'{text}' is not a Gazobu move; try {examples}.")
