"""Move pickers: the legal moves that multiply (cards times targets times wild namings times the
DOS call), described so that the game page can offer them a click at a time.

A picker is built from one seat's view and that seat's legal moves, and from nothing else: the
parts a player clicks are the cards and places the move names, and the preview says what the
move itself does, worked out from the move (never by applying it, which would draw cards).
Each move keeps the exact JSON its plain button posts, so the picker's Play button sends the
same form and the server path is unchanged. The page's script (static/web/picker.js) reads it
from a JSON data block; without script the plain buttons stay.

A move is described as
  keys     the parts it needs, one key per click (a card held twice is two clicks of one key)
  choice   what its wild cards count as ("" without a wild), with a label to ask it by
  best     the choice to offer first among the moves of the same parts: the one that earns the
           most (a colour bonus in DOS)
  call     whether the move carries the DOS call, asked as one checkbox
  preview  what the move will do, in a player's words
  value    the move's JSON, exactly as the plain button posts it
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from games.dos.cards import WILD_DOS, colour_of
from games.dos.rules import colour_bonus
from games.dr_hrubec.cards import BY_SLUG, SPECIALIZATIONS
from tabletop.web.boards import Control


def picker(rules: ModuleType, view: dict, seat: int | None, legal: list[dict]) -> dict | None:
    """The picker for `seat`'s moves, or None where the plain buttons do (nothing multiplies)."""
    build = BUILDERS.get(rules.slug)
    if build is None or seat is None or not legal:
        return None
    found = build(view, seat, legal)
    if not found["moves"]:
        return None
    mark_best(found["moves"])
    found["game"] = rules.slug
    return found


def value_of(move: dict) -> str:
    return Control(move, "").json


def part(key: str, label: str, tone: str = "") -> dict:
    return {"key": key, "label": label, "tone": tone}


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


def mark_best(moves: list[dict]) -> None:
    """Among moves of the same parts and call, the first that earns the most is the default."""
    best: dict[tuple, dict] = {}
    for move in moves:
        same = (tuple(sorted(move["keys"])), move["call"])
        if same not in best or move["earns"] > best[same]["earns"]:
            best[same] = move
    for move in best.values():
        move["best"] = True


def used_parts(parts: list[dict], moves: list[dict]) -> list[dict]:
    """The parts some move needs, in the order given."""
    needed = {key for move in moves for key in move["keys"]}
    return [p for p in parts if p["key"] in needed]


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# ---------------------------------------------------------------------------- DOS

DOS_BONUS_TEXT = {
    "single": "Single colour bonus: you add a card from your hand to the centre row after "
    "matching.",
    "double": "Double colour bonus: you add a card from your hand to the centre row and "
    "every other player draws a card.",
}
BONUS_WORTH = {None: 0, "single": 1, "double": 2}


def dos_card_label(card: str) -> str:
    if card == WILD_DOS:
        return "DOS (wild 2)"
    if card.endswith("#"):
        return f"{card} (wild {colour_of(card)})"
    return card


def dos_picker(view: dict, seat: int, legal: list[dict]) -> dict:
    hand = view.get("hand") or []
    turn = view.get("turn") or {}
    moves = []
    for move in legal:
        if move["kind"] == "match":
            moves.append(dos_match(move, len(hand)))
        elif move["kind"] == "add":
            moves.append(dos_add(move, len(hand), turn))
    targets = [
        part(f"target:{card}", label_with_count(card, view["centre"].count(card)), tone(card))
        for card in dict.fromkeys(view["centre"])
    ]
    targets.append(part("target:row", "The centre row: add the card to it", "row"))
    return {
        "title": "Match or add",
        "hint": "Pick one or two cards from your hand, then the centre card they match "
        "(or the centre row to add a card to it).",
        "steps": [
            {
                "name": "hand",
                "title": "Your cards",
                # One part per card held: a card held twice can be picked twice.
                "parts": used_parts(
                    [part(f"hand:{card}", dos_card_label(card), tone(card)) for card in hand],
                    moves,
                ),
            },
            {"name": "target", "title": "Onto", "parts": used_parts(targets, moves)},
        ],
        "choice_title": "Count the wild card as",
        "call_title": "Call DOS! (you will hold two cards)",
        "hide_empty": [".dos-matches"],
        "moves": moves,
    }


def label_with_count(card: str, count: int) -> str:
    label = dos_card_label(card)
    return f"{label} ×{count}" if count > 1 else label


def tone(card: str) -> str:
    return colour_of(card) or "wild"


def dos_match(move: dict, held: int) -> dict:
    cards, named = move["cards"], move["cards_as"]
    played = " + ".join(f"{c} as {n}" if n else c for c, n in zip(cards, named, strict=True))
    target = move["target"]
    if move["target_as"]:
        target = f"{target} as {move['target_as']}"
    bonus = colour_bonus(move)
    sentences = [f"Match the centre {target} with your {played}."]
    sentences.append(DOS_BONUS_TEXT[bonus] if bonus else "No colour bonus.")
    sentences.append(cards_left(held - len(cards), move["call"]))
    wilds = [f"the centre {move['target']} as {move['target_as']}"] if move["target_as"] else []
    if len(cards) == 2 and cards[0] == cards[1] and named[0]:
        wilds.append(f"your two {cards[0]} as {named[0]} and {named[1]}")
    else:
        wilds += [f"your {c} as {n}" for c, n in zip(cards, named, strict=True) if n]
    return entry(
        move,
        [f"hand:{card}" for card in cards] + [f"target:{move['target']}"],
        " ".join(sentences),
        choice="|".join([move["target_as"] or "", *(n or "" for n in named)]) if wilds else "",
        choice_label=", ".join(wilds) + (f" ({bonus} colour bonus)" if bonus else ""),
        call=move["call"],
        earns=BONUS_WORTH[bonus],
    )


def dos_add(move: dict, held: int, turn: dict) -> dict:
    card = move["card"]
    if turn.get("phase") == "bonus":
        left = turn.get("bonuses_left", 1)
        text = f"Add your {card} to the centre row for your colour bonus ({left} to add)."
    else:
        text = f"Add your {card} to the centre row; your turn ends."
    return entry(
        move,
        [f"hand:{card}", "target:row"],
        f"{text} {cards_left(held - 1, move['call'])}",
        call=move["call"],
    )


def cards_left(left: int, call: bool) -> str:
    if left == 0:
        return "Your hand is empty: you go out."
    said = f"You keep {plural(left, 'card')}."
    if call:
        return f"{said} You call DOS!"
    if left == 2:
        return f"{said} Without the DOS call another player may catch you."
    return said


# ---------------------------------------------------------------------------- Dr. Gomb


def gomb_picker(view: dict, seat: int, legal: list[dict]) -> dict:
    sequences = view["players"][seat]["sequences"]
    cards, targets, moves = {}, {}, []
    for move in legal:
        kind = move["kind"]
        if kind in ("play", "discard"):
            name = move["card"]
            card_key = f"card:{name}"
            cards[card_key] = part(card_key, name, name.partition(" ")[0])
        elif kind == "discard_played":
            colour, at = move["sequence"], move["position"]
            name = sequences[colour][at - 1]
            card_key = f"card:{colour}:{at}"
            label = f"{name} (your {colour} sequence, card {at})"
            cards[card_key] = part(card_key, label, name.partition(" ")[0])
        else:
            continue
        if kind == "play":
            target_key = f"target:{move['to']}"
            targets[target_key] = part(target_key, f"Your {move['to']} sequence", move["to"])
        else:
            target_key = f"target:pile:{move['pile']}"
            targets[target_key] = part(target_key, f"Discard pile {move['pile']}", "pile")
        moves.append(entry(move, [card_key, target_key], gomb_preview(move, view, sequences)))
    ordered = sorted(targets.values(), key=lambda p: p["key"].startswith("target:pile"))
    return {
        "title": "Place a card",
        "hint": "Pick a card, then the sequence to sew it onto or the pile to discard it to.",
        "steps": [
            {"name": "card", "title": "Card", "parts": list(cards.values())},
            {"name": "target", "title": "Onto", "parts": ordered},
        ],
        "choice_title": "",
        "call_title": "",
        "hide_empty": [".gb-held-moves"],
        "moves": moves,
    }


def gomb_preview(move: dict, view: dict, sequences: dict) -> str:
    kind = move["kind"]
    if kind == "play":
        held = len(sequences.get(move["to"], []))
        where = (
            f"to start your {move['to']} sequence"
            if not held
            else f"onto your {move['to']} sequence ({plural(held, 'card')} so far)"
        )
        return f"Sew the {move['card']} {where}."
    pile = view["piles"][move["pile"] - 1]
    covers = f", covering the {pile['top']}" if pile.get("top") else ""
    if kind == "discard":
        return f"Discard the {move['card']} to pile {move['pile']}{covers}."
    name = sequences[move["sequence"]][move["position"] - 1]
    return (
        f"Take the {name} (card {move['position']}) from your {move['sequence']} sequence "
        f"to pile {move['pile']}{covers}."
    )


# ---------------------------------------------------------------------------- Dr. Hrubec


def hrubec_name(slug: str) -> str:
    found = BY_SLUG.get(slug)
    return found.name if found else slug


def hrubec_picker(view: dict, seat: int, legal: list[dict]) -> dict:
    names = view["players"]
    cards, targets, moves = {}, {}, []
    for move in legal:
        kind = move["kind"]
        if kind not in ("hire", "play"):
            continue
        slug = move["doctor"] if kind == "hire" else move["card"]
        card = part(f"card:{slug}", hrubec_name(slug), "doctor" if kind == "hire" else "action")
        target = hrubec_target(move, view, seat)
        if target is None:
            continue  # a card played on nothing, or a hire that fires nobody: one button does
        cards[card["key"]] = card
        targets[target["key"]] = target
        keys = [card["key"], target["key"]]
        moves.append(entry(move, keys, hrubec_preview(move, view, seat, names)))
    return {
        "title": "Hire or play a card",
        "hint": "Pick a card from your hand, then what it acts on.",
        "steps": [
            {"name": "card", "title": "Your card", "parts": list(cards.values())},
            {"name": "target", "title": "On", "parts": list(targets.values())},
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
        return part(key, f"Fire {hrubec_name(move['fire'])}", "fire")
    if move.get("player") is not None:
        return part(f"target:player:{move['player']}", names[move["player"]], "player")
    if move.get("patient"):
        slug = move["patient"]
        return part(f"target:patient:{slug}", f"{hrubec_name(slug)} ({where_lies(view, slug)})")
    if move.get("doctor"):
        slug = move["doctor"]
        owner = team_of(view, slug)
        whose = "your team" if owner == seat else f"{names[owner]}'s team"
        return part(f"target:doctor:{slug}", f"{hrubec_name(slug)} ({whose})", "doctor")
    return None


def where_lies(view: dict, patient: str) -> str:
    for owner, lying in enumerate(view["tables"]):
        if lying == patient:
            return f"on {view['players'][owner]}'s table"
    return "in the waiting room"


def team_of(view: dict, doctor: str) -> int | None:
    return next((n for n, team in enumerate(view["teams"]) if doctor in team), None)


def hrubec_preview(move: dict, view: dict, seat: int, names: list[str]) -> str:
    if move["kind"] == "hire":
        doctor = BY_SLUG.get(move["doctor"])
        skills = ", ".join(
            f"{spec} {value:+d}" for spec, value in zip(SPECIALIZATIONS, doctor.skills, strict=True)
        )
        fired = f", firing {hrubec_name(move['fire'])}" if move.get("fire") else ""
        return f"Hire {doctor.name}{fired}: {skills}." + (f" {doctor.text}" if doctor.text else "")
    card = BY_SLUG.get(move["card"])
    target = hrubec_target(move, view, seat)
    on = f" on {target['label'].removeprefix('Fire ')}" if target else ""
    return f"Play {card.name}{on}: {card.text}"


BUILDERS: dict[str, Callable[[dict, int, list[dict]], dict]] = {
    "dos": dos_picker,
    "dr_gomb": gomb_picker,
    "dr_hrubec": hrubec_picker,
}
