"""Dr. Hrubec on the table: the hospital (queue, waiting room, tables), every team, your hand.

A control sits on the card it acts on: hire, play and discard on your hand's cards, admit on
a waiting patient, castle and fire on your own doctors, steal on another team's doctor; the
rest (draw, operate, end...) in the action bar.
"""

from __future__ import annotations

from django.utils.translation import gettext

from games.dr_hrubec import cards
from games.dr_hrubec.cards import BY_SLUG, SPECIALIZATIONS, card_text, spec_name
from games.dr_hrubec.view import SHORT
from games.texts import tell, word
from tabletop.play import texts
from tabletop.web.boards.base import Position, control, revealed_hands


def card(slug: str) -> dict:
    """A card as its picture shows it: its name, effect and specializations in the reader's
    language, as the log lines and emails name them."""
    found = BY_SLUG.get(slug)
    if found is None:
        return {"id": slug, "name": slug, "kind": "unknown", "text": "", "title": slug}
    name, text = card_name(slug), texts.in_active_language(card_text(slug))
    shown = {
        "id": slug,
        "name": name,
        "kind": found.kind,
        "text": text,
        "title": f"{name}: {text}" if text else name,
        "ongoing": found.ongoing,
    }
    if found.kind == "doctor":
        shown["gender"] = "♀" if found.gender == "woman" else "♂"
        shown["skills"] = [
            skill(spec, value) for spec, value in zip(SPECIALIZATIONS, found.skills, strict=True)
        ]
    elif found.kind == "patient":
        shown["tier"] = found.tier
        shown["points"] = found.points
        shown["difficulty"] = [difficulty(spec, value) for spec, value in found.difficulty.items()]
    return shown


def card_name(slug: str) -> str:
    return texts.in_active_language(cards.name(slug))


def skill(spec: str, value: int) -> dict:
    """One specialization's number on a card or a team sheet: `spec` stays the English key
    (styles, the glossary's anchor); `name` and `short` are what the reader reads."""
    name = specialization(spec)
    return {
        "spec": spec,
        "key": SHORT[spec],
        "name": name,
        "short": texts.in_active_language(word("dr_hrubec short", SHORT[spec])).upper(),
        "value": value,
        "signed": f"{value:+d}",
        "title": f"{name} {value:+d}",
    }


def difficulty(spec: str, value: int) -> dict:
    """One specialization a patient asks for, and how much."""
    shown = skill(spec, value)
    shown["title"] = gettext("%(spec)s: difficulty %(value)s") % {
        "spec": shown["name"],
        "value": value,
    }
    return shown


def specialization(spec: str) -> str:
    return texts.in_active_language(spec_name(spec))


def prepare(position: Position) -> dict:
    view = position.view
    seat = position.seat
    names = view["players"]
    on_hand, on_team, on_waiting, actions = {}, {}, {}, []
    for move in position.legal:
        kind = move["kind"]
        if kind == "hire":
            label = (
                gettext("Hire, fire %(name)s") % {"name": card_name(move["fire"])}
                if move.get("fire")
                else gettext("Hire")
            )
            on_hand.setdefault(move["doctor"], []).append(control(position, move, label))
        elif kind == "play":
            on_hand.setdefault(move["card"], []).append(
                control(position, move, play_label(move, names))
            )
        elif kind == "discard" and move.get("card"):
            on_hand.setdefault(move["card"], []).append(
                control(position, move, gettext("Discard"), "ghost")
            )
        elif kind in ("castle", "fire", "steal"):
            verb = {
                "castle": gettext("Pass on"),
                "fire": gettext("Fire"),
                "steal": gettext("Steal"),
            }[kind]
            on_team.setdefault(move["doctor"], []).append(control(position, move, verb))
        elif kind == "admit":
            on_waiting.setdefault(move["patient"], []).append(
                control(position, move, gettext("Admit"))
            )
        else:
            actions.append(control(position, move, action_label(move, view, seat), kind))
    hand = view.get("hand")
    return {
        "status": status(view, seat, bool(position.legal)),
        "question": (view.get("question") or {}).get("text", ""),
        "actions": actions,
        "hand": [
            {"card": card(slug), "moves": on_hand.get(slug, []) if first else []}
            for slug, first in first_copies(hand)
        ]
        if hand is not None
        else None,
        "teams": teams(view, seat, on_team),
        "waiting": [
            {"card": card(slug), "moves": on_waiting.get(slug, [])}
            for slug in view.get("waiting_room") or []
        ],
        "free_places": range(max(0, view.get("waiting_places", 0) - len(view["waiting_room"]))),
        "queue": view.get("queue") or {},
        "deck": view.get("deck_count", 0),
        "discard": [card(slug) for slug in (view.get("discard") or [])[-1:]],
        "discard_count": len(view.get("discard") or []),
        "ongoing": card(view["ongoing"]) if view.get("ongoing") else None,
        "gone": [card(slug) for slug in view.get("gone") or []],
        "last": last_operation(view),
        "over": view.get("phase") == "over",
        "revealed": revealed_hands(
            view, position.views, lambda hand: [card(slug) for slug in hand]
        ),
        "acting": bool(position.legal),
        "closing": view.get("closing"),
    }


def first_copies(slugs: list[str] | None) -> list[tuple[str, bool]]:
    seen, marked = set(), []
    for slug in slugs or []:
        marked.append((slug, slug not in seen))
        seen.add(slug)
    return marked


def play_label(move: dict, names: list[str]) -> str:
    targets = []
    if move.get("doctor"):
        targets.append(card_name(move["doctor"]))
    if move.get("patient"):
        targets.append(card_name(move["patient"]))
    if move.get("player") is not None:
        targets.append(names[move["player"]])
    if not targets:
        return gettext("Play")
    return gettext("Play on %(target)s") % {"target": gettext(" on ").join(targets)}


def action_label(move: dict, view: dict, seat: int | None) -> str:
    kind = move["kind"]
    if kind == "operate":
        return operate_label(move, view, seat)
    if kind == "send":
        return gettext("Send to %(name)s") % {"name": view["players"][move["player"]]}
    return {
        "draw": gettext("Draw a card"),
        "skip": gettext("Neither draw nor hire"),
        "queue": gettext("Call a patient from the queue"),
        "end": gettext("End my turn"),
        "decline": gettext("Decline"),
        "discard": gettext("Discard"),
    }.get(kind, kind.replace("_", " ").capitalize())


def operate_label(move: dict, view: dict, seat: int | None) -> str:
    spec = move.get("spec")
    if not spec:
        return gettext("Operate")
    skills = (view.get("skills") or [{}])[seat] if seat is not None else {}
    patient = BY_SLUG.get((view.get("tables") or [None])[seat] or "")
    needed = patient.difficulty.get(spec) if patient else None
    told = {"spec": specialization(spec), "team": f"{skills.get(spec, 0):+d}", "needed": needed}
    if needed is None:
        return gettext("Operate: %(spec)s (team %(team)s)") % told
    return gettext("Operate: %(spec)s (team %(team)s, difficulty %(needed)s)") % told


def status(view: dict, seat: int | None, acting: bool) -> str:
    names = view["players"]
    phase = view.get("phase")
    if phase == "over":
        return gettext("The hospital is closed; the game is over.")
    castling = view.get("castling")
    if castling:
        if acting:
            return gettext(
                "Castling: choose a doctor to pass to the player on your left (in secret)."
            )
        waiting = [names[s] for s in view.get("to_act") or []]
        return gettext("Castling: waiting for %(names)s to choose.") % {"names": ", ".join(waiting)}
    question = view.get("question")
    if question:
        must = tell(
            "%(who)s must %(question)s.", who=names[question["seat"]], question=question["text"]
        )
        return texts.in_active_language(must)
    active = view.get("active")
    who = gettext("You") if active == seat else names[active] if active is not None else ""
    steps = {
        "morning": gettext("morning administration: draw, hire a doctor, or neither"),
        "admittance": gettext("admit a patient to the operating table"),
        "operate": gettext("operate"),
        "after": gettext("play action cards or end the turn"),
    }
    doing = steps.get(phase, phase or "")
    return f"{who}: {doing}." if who else doing


def teams(view: dict, seat: int | None, on_team: dict) -> list[dict]:
    shown = []
    for n, name in enumerate(view["players"]):
        table = (view.get("tables") or [None] * (n + 1))[n]
        shown.append(
            {
                "seat": n,
                "name": name,
                "you": n == seat,
                "active": view.get("active") == n,
                "doctors": [
                    {"card": card(slug), "moves": on_team.get(slug, [])}
                    for slug in view["teams"][n]
                ],
                "offices": range(max(0, 4 - len(view["teams"][n]))),
                "skills": [
                    skill(spec, value)
                    for spec, value in (view.get("skills") or [{}] * (n + 1))[n].items()
                ],
                "table": card(table) if table else None,
                "cured": [card(slug) for slug in view["cured"][n]],
                "morgue": [card(slug) for slug in view["morgue"][n]],
                "score": (view.get("scores") or [0] * (n + 1))[n],
                "hand_count": view["hand_counts"][n],
                "bonus": (view.get("bonus") or [0] * (n + 1))[n],
                "blackout": (view.get("blackout") or [False] * (n + 1))[n],
                "chosen": castling_chosen(view, n),
            }
        )
    if seat is not None:
        shown.insert(0, shown.pop(seat))
    return shown


def castling_chosen(view: dict, seat: int) -> bool:
    castling = view.get("castling")
    return bool(castling and seat < len(castling["chosen"]) and castling["chosen"][seat])


def last_operation(view: dict) -> dict | None:
    last = view.get("last_operation")
    if not last:
        return None
    return {
        **last,
        "name": view["players"][last["seat"]],
        "patient": card(last["patient"]),
        "spec": specialization(last["spec"]),
    }
