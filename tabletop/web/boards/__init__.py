"""Boards: each game's view arranged for its template in templates/games/<slug>/.

`prepare(position)` turns one seat's view and that seat's legal moves into what the game's board
template draws; the legal moves become controls (buttons that post the move as JSON; the store
checks it again). A game without a board module of its own gets the generic board, which shows
any view readably and offers every legal move as a button.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from django.template import TemplateDoesNotExist
from django.template.loader import get_template

# What a board module uses lives beside the boards (base.py), never here: this door loads the
# boards, so a board importing it back would close a circle.
from tabletop.web.boards.base import Control, Position, control, revealed_hands

__all__ = [
    "Control",
    "Position",
    "board_module",
    "control",
    "prepare",
    "revealed_hands",
    "template_for",
]


def board_module(slug: str) -> ModuleType:
    """The game's own board module, found by its slug (a new game's board needs no list to
    join), else the generic board."""
    try:
        return importlib.import_module(f"tabletop.web.boards.{slug}")
    except ModuleNotFoundError:
        return importlib.import_module("tabletop.web.boards.generic")


def prepare(position: Position) -> dict:
    return board_module(position.rules.slug).prepare(position)


def template_for(slug: str) -> str:
    name = f"games/{slug}/board.html"
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return "games/generic/board.html"
    return name
