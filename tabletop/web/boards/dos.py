"""DOS on the table: the centre row with the matches each card can take, your hand, the calls."""

from __future__ import annotations

from django.utils.translation import gettext

from games.dos.cards import WILD_DOS, card_told, named_card_told
from games.dos.view import BONUS_TEXT
from tabletop.play.texts import in_active_language
from tabletop.web.boards.base import Position, control, revealed_hands


def card(name: str) -> dict:
    """A card's picture: `id` is its English name (the page's data, as the tests read it),
    `name` what the reader is told (its tooltip and the screen reader's name for it)."""
    wild = name == WILD_DOS or name.endswith("#")
    if name == WILD_DOS:
        colour, face = "wild", "2"
    else:
        colour, face = name.split(" ")
    return {
        "id": name,
        "name": in_active_language(card_told(name)),
        "colour": colour,
        "face": face,
        "wild": wild,
        "dos": name == WILD_DOS,
    }


def played(cards: list[str], named: list[str | None]) -> str:
    return " + ".join(
        in_active_language(named_card_told(c, n if n and n != c else None))
        for c, n in zip(cards, named, strict=True)
    )


def prepare(position: Position) -> dict:
    view = position.view
    seat = position.seat
    matches: dict[str, dict[str, list]] = {}
    adds: dict[str, list] = {}
    actions = []
    for move in position.legal:
        kind = move["kind"]
        if kind == "match":
            label = played(move["cards"], move["cards_as"])
            if move["call"]:
                label += " · DOS!"
            naming = in_active_language(card_told(move["target_as"])) if move["target_as"] else ""
            style = "call" if move["call"] else ""
            matches.setdefault(move["target"], {}).setdefault(naming, []).append(
                control(position, move, label, style)
            )
        elif kind == "add":
            label = gettext("Add to the row · DOS!") if move["call"] else gettext("Add to the row")
            adds.setdefault(move["card"], []).append(control(position, move, label))
        elif kind == "draw":
            actions.append(
                control(
                    position,
                    move,
                    gettext("Draw · DOS!") if move["call"] else gettext("Draw a card"),
                )
            )
        elif kind == "end":
            actions.append(control(position, move, gettext("End my turn")))
        elif kind == "dos":
            actions.append(control(position, move, "DOS!", "call"))
        elif kind == "catch":
            name = view["players"][move["seat"]]
            label = gettext("Catch %(name)s: no DOS!") % {"name": name}
            actions.append(control(position, move, label, "catch"))
    centre = [
        {
            "card": card(name),
            "options": [
                {"naming": naming, "controls": controls}
                for naming, controls in matches.get(name, {}).items()
            ],
        }
        for name in unique_in_order(view["centre"])
    ]
    counts = {name: view["centre"].count(name) for name in view["centre"]}
    for entry in centre:
        entry["count"] = counts[entry["card"]["id"]]
    turn = view["turn"]
    hand = view.get("hand")
    return {
        "players": players(view, seat),
        "centre": centre,
        "centre_size": len(view["centre"]),
        "hand": [
            {"card": card(name), "adds": adds.pop(name, []) if first else []}
            for name, first in first_copies(hand or [])
        ]
        if hand is not None
        else None,
        "hand_size": len(hand or []),
        "actions": actions,
        "deck": view["deck_size"],
        "discard": view["discard_size"],
        "turn_name": view["players"][turn["seat"]] if turn else "",
        "phase": turn["phase"] if turn else "",
        "this_turn": [
            {
                "target": card(m["target"]),
                "target_as": m["target_as"],
                "cards": [card(c) for c in m["cards"]],
                "bonus": in_active_language(BONUS_TEXT[m["bonus"]]) if m.get("bonus") else "",
            }
            for m in (turn["matches"] if turn else [])
        ],
        "bonuses_left": turn["bonuses_left"] if turn else 0,
        "penalty": view.get("penalty") or [],
        "target": view["target"],
        "round": view["round"],
        "score_sheet": score_sheet(view),
        "last_round": last_round(view),
        "revealed": revealed_hands(view, position.views, lambda hand: [card(c) for c in hand]),
        "over": view.get("winner") is not None,
        "winner": view["players"][view["winner"]] if view.get("winner") is not None else "",
        "acting": bool(position.legal),
        "your_turn": turn is not None and turn["seat"] == seat,
    }


def unique_in_order(names: list[str]) -> list[str]:
    return list(dict.fromkeys(names))


def first_copies(names: list[str]) -> list[tuple[str, bool]]:
    seen = set()
    marked = []
    for name in names:
        marked.append((name, name not in seen))
        seen.add(name)
    return marked


def players(view: dict, seat: int | None) -> list[dict]:
    target = view["target"] or 1
    return [
        {
            "seat": n,
            "name": name,
            "cards": view["hand_sizes"][n],
            "backs": range(min(view["hand_sizes"][n], 12)),
            "score": view["scores"][n],
            "percent": min(100, round(100 * view["scores"][n] / target)),
            "called": view["called"][n],
            "catchable": n in view["catchable"],
            "turn": view["turn"] is not None and view["turn"]["seat"] == n,
            "dealer": view["dealer"] == n,
            "you": n == seat,
        }
        for n, name in enumerate(view["players"])
    ]


def score_sheet(view: dict) -> list[dict]:
    return [
        {"round": n + 1, "scores": list(row)} for n, row in enumerate(view.get("score_sheet") or [])
    ]


def last_round(view: dict) -> dict | None:
    last = view.get("last_round")
    if not last:
        return None
    return {
        "round": last["round"],
        "winner": view["players"][last["winner"]],
        "points": last["points"],
        "hands": [
            {"name": view["players"][n], "cards": [card(c) for c in hand], "points": points}
            for n, (hand, points) in enumerate(zip(last["hands"], last["hand_points"], strict=True))
            if hand
        ],
    }
