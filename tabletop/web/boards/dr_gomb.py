"""Dr. Gomb on the table: the deck, talon and piles, the cards in hand, five sequences each."""

from __future__ import annotations

from django.utils.translation import gettext

from games import dr_gomb as rules
from games.dr_gomb.cards import names
from games.dr_gomb.view.explained import note
from tabletop.play.texts import in_active_language
from tabletop.web.boards.base import Position, control

SYMBOL = {"joker": "★", "surprise": "?", "broken": "✕"}


def card(name: str) -> dict:
    """'red 3', 'blue joker', 'pink broken'; a covered card in normal mode shows only 'red'."""
    colour, _, rank = name.partition(" ")
    return {
        "id": name,
        # What the hover title and a screen reader say: the card's name in the reader's
        # language, or only its colour's for a covered card (the template adds "number hidden").
        "label": in_active_language(names.card(name) if rank else names.card_colour(colour)),
        "colour": colour,
        "rank": rank,
        "face": SYMBOL.get(rank, rank),
        "covered": not rank,
        "special": rank in SYMBOL,
    }


def prepare(position: Position) -> dict:
    view = position.view
    seat = position.seat
    turn_moves, card_moves, surprise, on_sequence = [], {}, None, {}
    for move in position.legal:
        kind = move["kind"]
        if kind == "draw":
            turn_moves.append(control(position, move, gettext("Draw from the deck")))
        elif kind == "take":
            turn_moves.append(control(position, move, gettext("Take pile %(pile)s") % move))
        elif kind == "discard_sequence":
            sequence = in_active_language(names.sequence_object(move["sequence"]))
            label = gettext("Action C: discard my %(sequence)s sequence") % {"sequence": sequence}
            turn_moves.append(control(position, move, label, "ghost"))
        elif kind == "discard_three":
            turn_moves.append(
                control(position, move, gettext("Action C: discard three cards"), "ghost")
            )
        elif kind == "use_surprise":
            surprise = control(position, move, gettext("Use it: search the talon"))
        elif kind == "play":
            label = gettext("Sew onto %(to)s") % {
                "to": in_active_language(names.sequence_of(move["to"]))
            }
            card_moves.setdefault(move["card"], []).append(control(position, move, label))
        elif kind == "discard":
            label = gettext("Discard to pile %(pile)s") % move
            card_moves.setdefault(move["card"], []).append(control(position, move, label, "ghost"))
        elif kind == "break":
            key = (move["sequence"], move["position"])
            on_sequence.setdefault(key, []).append(control(position, move, gettext("Remove")))
        elif kind == "discard_played":
            key = (move["sequence"], move["position"])
            label = gettext("→ pile %(pile)s") % move
            on_sequence.setdefault(key, []).append(control(position, move, label))
    held = view.get("held")
    over = view.get("step") == "over"
    return {
        "mode": view.get("mode"),
        "deck": view.get("deck", 0),
        "talon": view.get("talon", 0),
        "box": view.get("box", 0),
        "out": [card(name) for name in view.get("out") or []],
        "piles": [
            {
                "number": n + 1,
                "top": card(pile["top"]) if pile.get("top") else None,
                "count": pile.get("count", 0),
            }
            for n, pile in enumerate(view.get("piles") or [])
        ],
        "turn_moves": turn_moves,
        "held": held_cards(held, card_moves, surprise) if held is not None else None,
        "held_count": view.get("held_count", 0),
        "spent_surprise": spent_surprise(view, card_moves),
        "breaking": [card(name) for name in view.get("breaking") or []],
        "left": view.get("left", 0),
        "step": view.get("step"),
        "turn_name": name_of(view, view.get("turn")),
        "players": players(view, seat, on_sequence),
        "acting": bool(position.legal),
        "over": over,
        "result": result(view) if over else None,
        "talon_cards": [card(n) for n in view.get("talon_cards") or []],
    }


def held_cards(held: list[str], card_moves: dict, surprise) -> list[dict]:
    """The cards in hand; a card held twice offers its moves once."""
    shown, seen = [], set()
    for name in held:
        first = name not in seen
        seen.add(name)
        shown.append(
            {
                "card": card(name),
                "moves": card_moves.get(name, []) if first else [],
                "surprise": surprise if first and name.endswith("surprise") else None,
            }
        )
    return shown


def spent_surprise(view: dict, card_moves: dict) -> dict | None:
    """A surprise that has looked into the talon, out of the hand: it goes to a discard pile
    once the cards it took are placed (its player then has the pile buttons)."""
    name = view.get("spent_surprise")
    if not name:
        return None
    return {"card": card(name), "moves": card_moves.get(name, [])}


def name_of(view: dict, seat: int | None) -> str:
    if seat is None:
        return ""
    return view["players"][seat]["name"]


def players(view: dict, seat: int | None, on_sequence: dict) -> list[dict]:
    standings = view.get("standings") or []
    shown = []
    for n, player in enumerate(view["players"]):
        sequences = []
        for colour in rules.COLOURS:
            cards = player["sequences"].get(colour, [])
            sequences.append(
                {
                    "colour": colour,
                    "label": in_active_language(names.colour(colour)),
                    "cards": [
                        {
                            **card(name),
                            "moves": on_sequence.get((colour, at + 1), []) if n == seat else [],
                        }
                        for at, name in enumerate(cards)
                    ],
                    "length": len(cards),
                }
            )
        shown.append(
            {
                "seat": n,
                "name": player["name"],
                "cards_in_play": player.get("cards_in_play", 0),
                "limit": rules.CARD_LIMIT,
                "standing": standings[n] if n < len(standings) else None,
                "sequences": sequences,
                "turn": view.get("turn") == n and view.get("step") != "over",
                "you": n == seat,
                "winner": n in (view.get("winners") or []),
            }
        )
    if seat is not None:
        shown.insert(0, shown.pop(seat))
    return shown


def result(view: dict) -> list[dict]:
    rows = []
    for n, player in enumerate((view.get("details") or {}).get("players", [])):
        rows.append(
            {
                "name": player.get("name", ""),
                "total": player.get("total", 0),
                "winner": n in (view.get("winners") or []),
                "sequences": [
                    {
                        "colour": s["colour"],
                        "label": in_active_language(names.colour(s["colour"])),
                        "run": s.get("run"),
                        "points": s.get("points"),
                        "note": in_active_language(note(s["note"])) if s.get("note") else "",
                    }
                    for s in player.get("sequences", [])
                    if s.get("cards")
                ],
                "extra": extra_told(player.get("extra") or {}),
            }
        )
    return sorted(rows, key=lambda row: -row["total"])


def extra_told(extra: dict) -> dict:
    """The odd ones out's own run, its note (why it scores nothing) in the reader's language."""
    told = dict(extra)
    if told.get("note"):
        told["note"] = in_active_language(note(told["note"]))
    return told
