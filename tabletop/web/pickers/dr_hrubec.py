"""The Dr. Hrubec picker: a doctor to hire or a card to play, and what it acts on (the doctor
a hire fires, a player, a patient, a doctor of either team)."""

from __future__ import annotations

from django.utils.translation import gettext

from games.dr_hrubec import cards as hrubec_cards
from games.dr_hrubec.cards import BY_SLUG, SPECIALIZATIONS, card_text, spec_name
from tabletop.play.texts import in_active_language
from tabletop.web.pickers.parts import (
    card_stays_picked,
    entry,
    part,
    step,
)


def hrubec_name(slug: str) -> str:
    return in_active_language(hrubec_cards.name(slug)) if slug in BY_SLUG else slug


def hrubec_text(slug: str) -> str:
    return in_active_language(card_text(slug))


def hrubec_picker(view: dict, seat: int, legal: list[dict]) -> dict:
    names = view["players"]
    cards, targets, moves = {}, {}, []
    for move in legal:
        kind = move["kind"]
        if kind not in ("hire", "play"):
            continue
        slug = move["doctor"] if kind == "hire" else move["card"]
        tone_and_kind = "doctor" if kind == "hire" else "action"
        card = part(f"card:{slug}", hrubec_name(slug), tone_and_kind, tone_and_kind)
        target = hrubec_target(move, view, seat)
        if target is None:
            continue  # a card played on nothing, or a hire that fires nobody: one button does
        cards[card["key"]] = card
        targets[target["key"]] = target
        keys = [card["key"], target["key"]]
        moves.append(entry(move, keys, hrubec_preview(move, view, seat, names)))
    return {
        "title": gettext("Hire or play a card"),
        "steps": [
            step(
                "card",
                gettext("Your card"),
                list(cards.values()),
                {
                    "": gettext("Pick a card from your hand: a doctor to hire or a card to play."),
                    "doctor": gettext("Pick the doctor to hire."),
                    "action": gettext("Pick the card to play."),
                },
                card_stays_picked(),
            ),
            step(
                "target",
                gettext("On"),
                list(targets.values()),
                {
                    "": gettext("Now pick what the card acts on."),
                    "fire": gettext("Now pick the doctor to fire to make room."),
                    "player": gettext("Now pick the player to play it on."),
                    "patient": gettext("Now pick the patient to play it on."),
                    "doctor": gettext("Now pick the doctor to play it on."),
                },
                gettext("Every move you can make acts on this, so it stays picked."),
            ),
        ],
        "choice_title": "",
        "call_title": "",
        "hide_empty": [],
        "moves": moves,
    }


def hrubec_target(move: dict, view: dict, seat: int) -> dict | None:
    """The part a move acts on besides its card: the doctor a hire fires, or what an action
    card is played on; None for a card played on nothing."""
    names = view["players"]
    if move["kind"] == "hire":
        if not move.get("fire"):
            return None
        key = f"target:fire:{move['fire']}"
        fired = hrubec_name(move["fire"])
        return part(key, gettext("Fire %(doctor)s") % {"doctor": fired}, "fire", "fire")
    if move.get("player") is not None:
        player = move["player"]
        return part(f"target:player:{player}", names[player], "player", "player")
    if move.get("patient"):
        slug = move["patient"]
        label = f"{hrubec_name(slug)} ({where_lies(view, slug)})"
        return part(f"target:patient:{slug}", label, kind="patient")
    if move.get("doctor"):
        slug = move["doctor"]
        owner = team_of(view, slug)
        whose = (
            gettext("your team")
            if owner == seat
            else gettext("%(player)s's team") % {"player": names[owner]}
        )
        return part(f"target:doctor:{slug}", f"{hrubec_name(slug)} ({whose})", "doctor", "doctor")
    return None


def where_lies(view: dict, patient: str) -> str:
    for owner, lying in enumerate(view["tables"]):
        if lying == patient:
            return gettext("on %(player)s's table") % {"player": view["players"][owner]}
    return gettext("in the waiting room")


def team_of(view: dict, doctor: str) -> int | None:
    return next((n for n, team in enumerate(view["teams"]) if doctor in team), None)


def hrubec_preview(move: dict, view: dict, seat: int, names: list[str]) -> str:
    if move["kind"] == "hire":
        doctor = BY_SLUG.get(move["doctor"])
        skills = ", ".join(
            f"{in_active_language(spec_name(spec))} {value:+d}"
            for spec, value in zip(SPECIALIZATIONS, doctor.skills, strict=True)
        )
        if move.get("fire"):
            said = gettext("Hire %(doctor)s, firing %(fired)s: %(skills)s.") % {
                "doctor": hrubec_name(doctor.slug),
                "fired": hrubec_name(move["fire"]),
                "skills": skills,
            }
        else:
            said = gettext("Hire %(doctor)s: %(skills)s.") % {
                "doctor": hrubec_name(doctor.slug),
                "skills": skills,
            }
        return said + (f" {hrubec_text(doctor.slug)}" if doctor.text else "")
    card = move["card"]
    target = hrubec_target(move, view, seat)
    if target is None:
        return gettext("Play %(card)s: %(text)s") % {
            "card": hrubec_name(card),
            "text": hrubec_text(card),
        }
    return gettext("Play %(card)s on %(target)s: %(text)s") % {
        "card": hrubec_name(card),
        "target": target["label"],
        "text": hrubec_text(card),
    }
