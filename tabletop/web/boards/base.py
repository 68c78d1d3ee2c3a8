"""What every board module uses: the Position it arranges, the Control it offers for a legal
move, and a finished game's revealed hands."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

from tabletop.play import texts


@dataclass
class Position:
    rules: ModuleType
    view: dict
    seat: int | None
    legal: list[dict]
    # Only for the rules' format_move labels of legal moves; never shown.
    state_for_labels: dict | None
    live: bool
    # Every seat's view, when all is revealed (a finished game's history).
    views: list[dict] | None = None

    def label(self, move: dict) -> str:
        if self.state_for_labels is None:
            return str(move)
        told = self.rules.format_move(move, self.state_for_labels, self.seat)
        return texts.in_active_language(told)


@dataclass
class Control:
    move: dict
    label: str
    style: str = ""

    @property
    def json(self) -> str:
        return json.dumps(self.move, sort_keys=True, separators=(",", ":"))


def control(position: Position, move: dict, label: str | None = None, style: str = "") -> Control:
    return Control(move, label if label is not None else position.label(move), style)


def revealed_hands(
    view: dict, views: list[dict] | None, show: Callable[[list], list]
) -> list[dict]:
    """Every hand, when everything may be seen: a finished game, or its history.

    `show` turns one hand into what the game's template draws.
    """
    if views:
        hands = [other.get("hand") or [] for other in views]
    elif view.get("hands") is not None:
        hands = view["hands"]
    else:
        return []
    return [
        {"seat": seat, "name": view["players"][seat], "cards": show(hand)}
        for seat, hand in enumerate(hands)
    ]
