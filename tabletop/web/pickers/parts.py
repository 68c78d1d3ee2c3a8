"""The pieces every game's picker is built of: a part to click, a step of parts, a move's entry."""

from __future__ import annotations

from django.utils.translation import gettext

from tabletop.web.boards import Control


def value_of(move: dict) -> str:
    return Control(move, "").json


def part(key: str, label: str, tone: str = "", kind: str = "") -> dict:
    """One thing to click; `kind` picks the step's prompt (a centre card or the centre row)."""
    return {"key": key, "label": label, "tone": tone, "kind": kind}


def step(name: str, title: str, parts: list[dict], prompts: dict, forced: str, also: str = ""):
    return {
        "name": name,
        "title": title,
        "parts": parts,
        "prompts": prompts,
        "forced": forced,
        "also": also,
    }


def card_stays_picked() -> str:
    return gettext("Every move you can make uses this card, so it stays picked.")


def place_stays_picked() -> str:
    return gettext("Every move you can make goes there, so it stays picked.")


def entry(
    move: dict,
    keys: list[str],
    preview: str,
    choice: str = "",
    choice_label: str = "",
    call: bool = False,
    earns: int = 0,
) -> dict:
    return {
        "keys": keys,
        "choice": choice,
        "choice_label": choice_label,
        "call": call,
        "earns": earns,
        "best": False,
        "preview": preview,
        "value": value_of(move),
    }


def used_parts(parts: list[dict], moves: list[dict]) -> list[dict]:
    """The parts some move needs, in the order given."""
    needed = {key for move in moves for key in move["keys"]}
    return [p for p in parts if p["key"] in needed]
