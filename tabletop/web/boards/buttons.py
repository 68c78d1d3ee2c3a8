"""Buttons on the table: every player's 6x6 board, the dice, the gold square, the stars."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy, pgettext, pgettext_lazy

from games import buttons as rules
from games.buttons.view import CARD_NAMES, COLOUR_NAMES
from tabletop.play.texts import in_active_language
from tabletop.web.boards.base import Position, control

PIPS = {
    1: (5,),
    2: (3, 7),
    3: (3, 5, 7),
    4: (1, 3, 7, 9),
    5: (1, 3, 5, 7, 9),
    6: (1, 3, 4, 6, 7, 9),
}
ORDER_LABELS = {
    "take": gettext_lazy("Always take my gold square"),
    "decline": gettext_lazy("Always decline it"),
    "ask": gettext_lazy("Ask me each time"),
}
# A die's kind as its label names it ("white die: 3"); the context keeps the colour words of
# the dice apart from any other white or black (Polish and Czech agree them with "kostka").
DIE_KINDS = {
    "white": pgettext_lazy("buttons die", "white"),
    "gold": pgettext_lazy("buttons die", "gold"),
    "black": pgettext_lazy("buttons die", "black"),
}
OUT_LABELS = {"bust": gettext_lazy("bust"), "opted out": gettext_lazy("opted out")}


def colour_told(colour: str) -> str:
    """A printed colour (of a square, of the colours covered three times) in the reader's
    language; the English name stays the page's data (its CSS class)."""
    return in_active_language(COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour


def card(colour: str) -> dict:
    name = in_active_language(CARD_NAMES.get(colour, colour))
    return {"colour": colour, "name": name, "title": gettext("%(c)s button card") % {"c": name}}


def die(value: int, kind: str) -> dict:
    pips = PIPS.get(value, ())
    return {
        "value": value,
        "kind": kind,
        "label": gettext("%(kind)s die: %(value)s") % {"kind": DIE_KINDS[kind], "value": value},
        "cells": [n in pips for n in range(1, 10)],
    }


def prepare(position: Position) -> dict:
    view = position.view
    squares, others = {}, []
    for move in position.legal:
        if move["kind"] in ("lay", "star"):
            if move["kind"] == "lay":
                label = gettext("Lay a button on row %(row)s, column %(column)s") % move
            else:
                label = gettext("Place a star on row %(row)s, column %(column)s") % move
            squares[(move["row"], move["column"])] = control(position, move, label)
        else:
            others.append(move)
    controls = {
        "roll": None,
        "opt_out": None,
        "take": None,
        "decline": None,
        "orders": [],
    }
    for move in others:
        if move["kind"] == "roll":
            controls["roll"] = control(position, move, gettext("Roll the dice"))
        elif move["kind"] == "opt_out":
            controls["opt_out"] = control(position, move, gettext("Opt out and score"))
        elif move["kind"] == "decline":
            controls["decline"] = control(position, move, gettext("Decline the gold square"))
            controls["take"] = take_control(position, squares)
        elif move["kind"] == "order":
            controls["orders"].append(control(position, move, ORDER_LABELS[move["order"]]))
    roll = view.get("last_roll")
    gold = tuple(view["gold_square"]) if view.get("gold_square") else None
    words = CellWords()
    boards = [
        board(
            view, seat, squares if seat == position.seat else {}, gold, seat == position.seat, words
        )
        for seat in range(len(view["players"]))
    ]
    if position.seat is not None:
        boards.insert(0, boards.pop(position.seat))
    return {
        "boards": boards,
        "dice": dice(roll) if roll else None,
        # Only while the roll waits for answers are its dice the ones in play; otherwise they
        # are the previous player's, shown as such.
        "dice_current": view["phase"] == "answer",
        "gold": {"row": gold[0], "column": gold[1]} if gold else None,
        "controls": controls,
        "phase": view["phase"],
        "round": view["round"],
        "active_name": view["players"][view["active"]],
        "your_turn": position.seat == view["active"] and view["phase"] == "turn",
        "standing_order": ORDER_LABELS.get(view.get("standing_order", ""), ""),
        "square_count": len(squares),
        "acting": position.seat in view["to_act"] if position.seat is not None else False,
        "waiting_names": [view["players"][s] for s in view["to_act"]],
        "last_round": last_round(view),
        "winners": [view["players"][s] for s in view.get("winners") or []],
        "over": view["phase"] == "over",
    }


def take_control(position: Position, squares: dict):
    """Taking the gold square as a button of its own beside Decline (the ringed cell on the
    board posts the same move)."""
    row, column = position.view["gold_square"]
    square = squares.get((row, column))
    if square is None:
        return None
    label = gettext("Take the gold square (row %(row)s, column %(column)s)") % {
        "row": row,
        "column": column,
    }
    return control(position, square.move, label)


def dice(roll: dict) -> list[dict]:
    return [
        die(roll["white"], "white"),
        die(roll["gold"], "gold"),
        *(die(value, "black") for value in roll["black"]),
    ]


class CellWords:
    """The words every square of the boards shares, each looked up once per panel (a panel
    draws a hundred squares and more): the squares only fill them in."""

    def __init__(self):
        self.where = gettext("row %(row)s, column %(column)s: %(colour)s")
        self.gold = gettext("gold")
        self.button = pgettext("on a Buttons board", "button")
        self.star = gettext("star")
        self.colours: dict[str, str] = {}

    def colour(self, colour: str) -> str:
        if colour not in self.colours:
            self.colours[colour] = colour_told(colour)
        return self.colours[colour]

    def told(self, name: str, gold: bool, button: bool, star: bool) -> str:
        """What a screen reader says of a square: its colour, then what lies on it."""
        parts = [name]
        parts += [self.gold] if gold else []
        parts += [self.button] if button else []
        parts += [self.star] if star else []
        return ", ".join(parts)


def cell_look(colour: str, legal: bool, gold: bool) -> str:
    """A square's classes after `bt-cell`: its colour, then whether it may be played, then the
    gold ring."""
    return f"bt-c-{colour}" + (" legal" if legal else "") + (" gold" if gold else "")


def board(
    view: dict,
    seat: int,
    squares: dict,
    gold: tuple | None,
    you: bool,
    words: CellWords | None = None,
) -> dict:
    words = words or CellWords()
    shown = view["boards"][seat]
    rows = []
    for r in range(rules.SIZE):
        cells = []
        for c in range(rules.SIZE):
            here = shown["cells"][r][c]
            colour = rules.COLOURS.get(shown["colours"][r][c], shown["colours"][r][c])
            name = words.colour(colour)
            cell = {
                "row": r + 1,
                "column": c + 1,
                "colour": colour,
                "colour_name": name,
                "button": here == rules.BUTTON,
                "star": here == rules.STAR,
                "gold": gold == (r + 1, c + 1),
                "control": squares.get((r + 1, c + 1)),
            }
            cell["look"] = cell_look(colour, cell["control"] is not None, cell["gold"])
            if cell["control"] is not None:
                cell["title"] = f"{cell['control'].label} ({name})"
            else:
                cell["title"] = words.where % {"row": r + 1, "column": c + 1, "colour": name}
                cell["told"] = words.told(name, cell["gold"], cell["button"], cell["star"])
            cells.append(cell)
        rows.append({"number": r + 1, "cells": cells})
    return {
        "seat": seat,
        "name": view["players"][seat],
        "you": you,
        "rows": rows,
        "layout": shown["layout"],
        "stars": shown["stars"],
        "buttons": shown["buttons"],
        "cards": [card(colour) for colour in shown["cards"]],
        "depot": shown["depot"],
        "out": OUT_LABELS.get(shown["out"] or "", ""),
        "stars_to_place": shown["stars_to_place"],
        "line_of_five": shown["line_of_five"],
        "active": view["active"] == seat and view["phase"] in ("turn", "answer"),
        "to_act": seat in view["to_act"],
        "winner": seat in (view.get("winners") or []),
    }


def last_round(view: dict) -> list[dict]:
    last = view.get("last_round")
    if not last:
        return []
    rows = []
    for seat, score in enumerate(last["scores"]):
        if score:
            rows.append(
                {
                    "name": view["players"][seat],
                    "stars": score["stars"],
                    "colours": [colour_told(colour) for colour in score["colours"]],
                    "cards": score["cards"],
                }
            )
    return rows
