"""Gazobu on the table: two columns, the drawn cards, the pills, your hand."""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext, pgettext

from games import gazobu as rules
from tabletop.play import texts
from tabletop.web.boards.base import Position, control, revealed_hands

KINDS = {card: kind for card, _, _, kind, _ in rules.CARDS}
DATA = {card: data for card, _, _, _, data in rules.CARDS}
# The monster drawn on each family card (house art: shapes in templates/games/gazobu/).
MONSTER = {"gazobu": "gazobu", "blob": "blob", "yoo": "yoo", "twini": "twin", "twinax": "twin"}


def card(card_id: str) -> dict:
    kind = KINDS.get(card_id, "unknown")
    data = DATA.get(card_id)
    shown = {
        "id": card_id,
        # The card's name as the log lines name it, in the reader's language.
        "name": texts.in_active_language(rules.card_name(card_id)),
        "kind": kind.replace(" ", "-"),
        "family": card_id,
        "monster": MONSTER.get(card_id, ""),
        "corner": "",
        "note": "",
    }
    if kind == "family":
        gain, loss = data
        shown["corner"] = f"+{gain}"
        shown["note"] = gettext("majority +%(gain)s · else −%(loss)s each") % {
            "gain": gain,
            "loss": loss,
        }
    elif kind == "bonus":
        shown["corner"] = f"{data:+d}".replace("-", "−")
        # Gazobu's own words ("bonus +5" on its cards and in its log), not another game's.
        shown["name"] = pgettext("gazobu", "bonus") if data > 0 else pgettext("gazobu", "malus")
        shown["note"] = (
            gettext("added to your score") if data > 0 else gettext("taken from your score")
        )
    elif kind == "multiplier":
        shown["corner"] = "×2"
        shown["family"] = data or "any"
        shown["name"] = data.capitalize() if data else gettext("Gazobu, Blob or Yoo")
        shown["note"] = gettext("doubles gain or loss")
    elif kind == "extra monster":
        shown["corner"] = "+1"
        shown["note"] = gettext("counts as a Gazobu, Blob or Yoo")
    elif kind == "black hole":
        shown["note"] = gettext("your neighbour removes one of your cards")
    return shown


def grouped(cards: list[str]) -> list[dict]:
    counts = Counter(cards)
    return [{"card": card(c), "count": n} for c, n in counts.items()]


def prepare(position: Position) -> dict:
    view = position.view
    takes, places, draw = {}, {}, None
    for move in position.legal:
        if move["kind"] == "take":
            label = gettext("Take column %(column)s") % {"column": move["column"]}
            takes[move["column"]] = control(position, move, label)
        elif move["kind"] == "draw":
            draw = control(position, move, gettext("Take no column — just draw 2"))
        elif move["kind"] == "place":
            places[(move["card"], move["column"])] = control(
                position, move, gettext("Under column %(column)s") % {"column": move["column"]}
            )
    columns = [
        {
            "number": n + 1,
            "cards": [card(c) for c in column],
            "take": takes.get(n + 1),
            "targets": [ctl for (c, col), ctl in places.items() if col == n + 1],
        }
        for n, column in enumerate(view["columns"])
    ]
    drawn, offered = [], set()
    numbers = range(1, len(view["columns"]) + 1)
    for c in view["drawn"]:
        # Two drawn cards of one kind are both shown; their moves are the same, offered once.
        moves = [] if c in offered else [places[(c, n)] for n in numbers if (c, n) in places]
        offered.add(c)
        drawn.append({"card": card(c), "places": moves})
    over = view["phase"] == "over"
    return {
        "columns": columns,
        "drawn": drawn,
        "drawn_count": len(view["drawn"]),
        "draw": draw,
        "draw_pile": view["draw_pile"],
        "players": players(view),
        "hand": grouped(view["hand"]) if view.get("hand") is not None else None,
        "hand_size": len(view["hand"] or []) if view.get("hand") is not None else 0,
        "phase": view["phase"],
        "turn_name": view["players"][view["turn"]] if view.get("turn") is not None else "",
        "your_turn": view.get("turn") is not None and view.get("turn") == position.seat,
        "revealed": revealed_hands(view, position.views, grouped),
        "result": result(view) if over else None,
        "over": over,
        "acting": bool(position.legal),
    }


def players(view: dict) -> list[dict]:
    return [
        {
            "seat": seat,
            "name": name,
            "pills": [n < view["pills"][seat] for n in range(rules.PILLS)],
            "pill_count": view["pills"][seat],
            "out": view["out"][seat],
            "hand_size": view["hand_sizes"][seat],
            "turn": view.get("turn") == seat,
            "dealer": view.get("dealer") == seat,
            "you": view.get("seat") == seat,
        }
        for seat, name in enumerate(view["players"])
    ]


def result(view: dict) -> dict:
    details = view.get("details") or {}
    rows = []
    for entry in details.get("seats", []):
        families = [
            {
                "card": card(family),
                "count": info["count"],
                "extra": info["extra_monsters"],
                "majority": info["majority"],
                "multiplied": info["multiplied"],
                "points": info["points"],
            }
            for family, info in entry["families"].items()
        ]
        rows.append(
            {
                "seat": entry["seat"],
                "name": entry["name"],
                "families": families,
                "bonus": entry["bonus"],
                "total": entry["total"],
                "winner": entry["seat"] in (view.get("winners") or []),
            }
        )
    holes = [
        {
            "name": view["players"][hole["seat"]],
            "by": view["players"][hole["taken_by"]],
            "cards": [card(c) for c in hole["cards"]],
        }
        for hole in view.get("black_holes") or []
    ]
    last = view.get("last_draw") or {}
    return {
        "rows": sorted(rows, key=lambda row: -row["total"]),
        "holes": holes,
        "last_name": view["players"][last["seat"]] if last else "",
        "last_cards": [card(c) for c in last.get("cards", [])],
        "ending": details.get("ending"),
    }
