"""The email notation of Buttons: the help, parse_move and format_move. The words it reads
and writes, in every language, are in words.py."""

from __future__ import annotations

from games.base import IllegalMove
from games.buttons.rules import gold_square, legal_moves
from games.buttons.words import MEANINGS, SKIPPED, SQUARE, plain, semicolons, spelled
from games.texts import Text, tell

NOTATION_HELP = """Buttons moves (rows are the white die, columns the black dice; both 1 to 6):
  roll            roll the dice on your turn
  opt out         leave the round with the buttons you have (needs one button)
  lay 5 2         lay a button on row 5, column 2 (after a roll; 'take' = your gold square)
  decline         do not take the gold square
  star 3 4        place a star where one of your buttons lay this round
  always take     standing order: take my gold square whenever it is legal
  always decline  standing order: decline my gold square
  ask me          standing order: ask me every time"""


def notation_help() -> str:
    return NOTATION_HELP


def format_move(move: dict, state: dict, seat: int) -> Text:
    return spelled(move)


def parse_move(text: str, state: dict, seat: int) -> dict:
    phrase = plain(text)
    if phrase in MEANINGS:
        return word_move(MEANINGS[phrase], state, seat)
    square = parse_square(phrase.split(), state, seat)
    if square:
        return square
    raise IllegalMove(
        tell(
            "'%(text)s' is not a Buttons move. %(suggestions)s",
            text=str(text).strip(),
            suggestions=suggestions(state, seat),
        )
    )


def word_move(meaning: str, state: dict, seat: int) -> dict:
    if meaning.startswith("order "):
        return {"kind": "order", "order": meaning.split()[1]}
    if meaning != "take":
        return {"kind": meaning}
    if state["phase"] == "answer" and seat in state["waiting"] and seat != state["active"]:
        row, column = gold_square(state)
        return {"kind": "lay", "row": row, "column": column}
    raise IllegalMove(
        tell(
            "There is no gold square for you to take now. %(suggestions)s",
            suggestions=suggestions(state, seat),
        )
    )


def parse_square(words: list[str], state: dict, seat: int) -> dict | None:
    """'lay 5 2', 'star 3,4', 'lay row 5 column 2', 'połóż 5 2', '52', or just '5 2' for the
    step at hand."""
    words = [word for word in words if word not in SKIPPED]
    kind = None
    if words and words[0] in SQUARE:
        kind, words = SQUARE[words[0]], words[1:]
    digits = "".join(words)
    if not words or not digits.isdigit() or len(digits) != 2:
        return None
    if kind is None:
        kind = "star" if state["phase"] == "stars" else "lay"
    return {"kind": kind, "row": int(digits[0]), "column": int(digits[1])}


def suggestions(state: dict, seat: int) -> Text:
    moves = [format_move(m, state, seat) for m in legal_moves(state, seat)]
    if not moves:
        return tell("There is nothing for you to do now.")
    return tell("You can write: %(moves)s.", moves=semicolons(moves))
