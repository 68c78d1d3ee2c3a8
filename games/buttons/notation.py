"""The email notation of Buttons: the help, the words it reads, parse_move and format_move."""

from __future__ import annotations

import re

from games.base import IllegalMove
from games.buttons.rules import gold_square, legal_moves

NOTATION_HELP = """Buttons moves (rows are the white die, columns the black dice; both 1 to 6):
  roll            roll the dice on your turn
  opt out         leave the round with the buttons you have (needs one button)
  lay 5 2         lay a button on row 5, column 2 (after a roll; 'take' = your gold square)
  decline         do not take the gold square
  star 3 4        place a star where one of your buttons lay this round
  always take     standing order: take my gold square whenever it is legal
  always decline  standing order: decline my gold square
  ask me          standing order: ask me every time"""

WORDS = {
    "roll": {"roll", "roll dice", "roll the dice", "r"},
    "opt_out": {"opt out", "optout", "opt", "out"},
    "decline": {"decline", "no", "pass", "skip"},
    "take": {"take", "gold", "yes", "take gold", "take the gold square", "take gold square"},
    "order take": {"always take", "always take gold", "always yes"},
    "order decline": {"always decline", "always no", "always pass"},
    "order ask": {"ask me", "ask", "always ask"},
}
SQUARE_WORDS = {"lay": "lay", "button": "lay", "l": "lay", "star": "star", "s": "star"}
FILLER = {"a", "on", "at", "in", "row", "column", "col", "the", "square"}


def notation_help() -> str:
    return NOTATION_HELP


def format_move(move: dict, state: dict, seat: int) -> str:
    kind = move["kind"]
    if kind in ("lay", "star"):
        return f"{kind} {move['row']} {move['column']}"
    if kind == "order":
        return {"take": "always take", "decline": "always decline", "ask": "ask me"}[move["order"]]
    return {"roll": "roll", "opt_out": "opt out", "decline": "decline"}[kind]


def parse_move(text: str, state: dict, seat: int) -> dict:
    words = re.sub(r"[^a-z0-9]+", " ", str(text).lower()).split()
    phrase = " ".join(words)
    for meaning, spellings in WORDS.items():
        if phrase in spellings:
            return word_move(meaning, state, seat)
    square = parse_square(words, state, seat)
    if square:
        return square
    raise IllegalMove(f"'{str(text).strip()}' is not a Buttons move. {suggestions(state, seat)}")


def word_move(meaning: str, state: dict, seat: int) -> dict:
    if meaning.startswith("order "):
        return {"kind": "order", "order": meaning.split()[1]}
    if meaning != "take":
        return {"kind": meaning}
    if state["phase"] == "answer" and seat in state["waiting"] and seat != state["active"]:
        row, column = gold_square(state)
        return {"kind": "lay", "row": row, "column": column}
    raise IllegalMove(f"There is no gold square for you to take now. {suggestions(state, seat)}")


def parse_square(words: list[str], state: dict, seat: int) -> dict | None:
    """'lay 5 2', 'star 3,4', 'lay row 5 column 2', '52', or just '5 2' for the step at hand."""
    words = [word for word in words if word not in FILLER]
    kind = None
    if words and words[0] in SQUARE_WORDS:
        kind, words = SQUARE_WORDS[words[0]], words[1:]
    digits = "".join(words)
    if not words or not digits.isdigit() or len(digits) != 2:
        return None
    if kind is None:
        kind = "star" if state["phase"] == "stars" else "lay"
    return {"kind": kind, "row": int(digits[0]), "column": int(digits[1])}


def suggestions(state: dict, seat: int) -> str:
    moves = [format_move(m, state, seat) for m in legal_moves(state, seat)]
    if not moves:
        return "There is nothing for you to do now."
    return "You can write: " + "; ".join(moves) + "."
