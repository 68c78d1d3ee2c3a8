"""Gazobu's refusals of a move that is no move, out of turn, or malformed, told through
games/texts.py (the rules of placing are rules.py's own)."""

from __future__ import annotations

from typing import Any

from games.base import IllegalMove
from games.gazobu.cards import card_name
from games.gazobu.cards.phrases import and_chain, quoted, said
from games.texts import tell


def check_turn(state: dict, seat: int) -> None:
    if state["phase"] == "over":
        raise IllegalMove(said("The game is over."))
    if seat != state["turn"]:
        raise IllegalMove(
            said("It is %(name)s's turn, not yours.", name=state["players"][state["turn"]])
        )


def check_fields(move: dict, fields: tuple[str, ...], example) -> None:
    """A move with other fields than its kind's is refused with an example of the kind."""
    if set(move) == {"kind", *fields}:
        return
    example = quoted(example)
    if move["kind"] == "take":
        raise IllegalMove(
            tell("A take move names column; for example %(example)s.", example=example)
        )
    if move["kind"] == "draw":
        raise IllegalMove(
            tell("A draw move names nothing else; for example %(example)s.", example=example)
        )
    raise IllegalMove(
        tell("A place move names card, column; for example %(example)s.", example=example)
    )


def check_column(column: Any, columns: int) -> int:
    if type(column) is not int:
        raise IllegalMove(tell("Name a column by its number, 1 or %(columns)s.", columns=columns))
    if not 1 <= column <= columns:
        raise IllegalMove(
            tell(
                "Column %(column)s does not exist; there are %(columns)s columns.",
                column=column,
                columns=columns,
            )
        )
    return column


def check_taking_phase(state: dict) -> None:
    if state["phase"] != "take":
        cards = and_chain(card_name(card) for card in state["drawn"])
        raise IllegalMove(
            tell("You have already drawn this turn; place the %(cards)s first.", cards=cards)
        )
