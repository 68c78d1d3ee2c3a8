"""The board of last resort: any view shown readably, every legal move a button."""

from __future__ import annotations

from typing import Any

from tabletop.web.boards.base import Position, control

HIDDEN_KEYS = {"game", "seat", "card_names"}


def prepare(position: Position) -> dict:
    view = position.view or {}
    names = view.get("players", [])
    plain_names = all(isinstance(name, str) for name in names)
    return {
        "players": names if plain_names else [],
        "tree": [
            {"key": label(key), "node": node(value)}
            for key, value in view.items()
            if key not in HIDDEN_KEYS and not (key == "players" and plain_names)
        ],
        "revealed": [
            {"name": name_of(view, seat), "tree": node(other)}
            for seat, other in enumerate(position.views or [])
        ],
        "groups": grouped_controls(position),
        "acting": bool(position.legal),
    }


def name_of(view: dict, seat: int) -> str:
    players = view.get("players") or []
    name = players[seat] if seat < len(players) else f"Seat {seat + 1}"
    return name.get("name", f"Seat {seat + 1}") if isinstance(name, dict) else str(name)


def label(key: Any) -> str:
    return str(key).replace("_", " ").capitalize()


def node(value: Any) -> dict:
    """A tree the template walks: dicts as definition lists, lists of plain values as chips."""
    if isinstance(value, dict):
        return {
            "type": "dict",
            "items": [{"key": label(k), "node": node(v)} for k, v in value.items()],
        }
    if isinstance(value, list):
        if all(not isinstance(item, dict | list) for item in value):
            return {"type": "chips", "items": [shown(item) for item in value]}
        return {"type": "list", "items": [node(item) for item in value]}
    return {"type": "scalar", "text": shown(value)}


def shown(value: Any) -> str:
    if value is None:
        return "–"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def grouped_controls(position: Position) -> list[dict]:
    groups: dict[str, list] = {}
    for move in position.legal:
        kind = str(move.get("kind", "move")).replace("_", " ")
        groups.setdefault(kind, []).append(control(position, move))
    return [{"kind": kind, "controls": controls} for kind, controls in groups.items()]
