"""Move pickers: the legal moves that multiply (cards times targets times wild namings times the
DOS call), described so that the game page can offer them a click at a time.

A picker is built from one seat's view and that seat's legal moves, and from nothing else: the
parts a player clicks are the cards and places the move names, and the preview says what the
move itself does, worked out from the move (never by applying it, which would draw cards).
Each move keeps the exact JSON its plain button posts, so the picker's Play button sends the
same form and the server path is unchanged. The page's script (static/web/picker.js) reads it
from a JSON data block; without script the plain buttons stay.

A step (the cards, the places) says in the game's words what to pick in it: `prompts` by the
kinds of its parts still to pick (the sorted kinds joined by spaces, "+" after them when a move
still needs two or more parts of the step, "" for any other case), `also` when more of it may
be added to a move already complete, `forced` when a click would undo a part every move needs.

`forced` lists the keys every legal move needs, when the picker covers every legal move: those
start picked and stay picked. Nothing else starts picked, so Play is enabled at load only when
the forced parts make the one legal move; parts that make one of several moves do not start
picked at all, so that a stray click on Play never makes a move nobody chose.

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

from collections import Counter
from collections.abc import Callable
from types import ModuleType

from django.utils.translation import gettext, ngettext

from games.dos.cards import WILD_DOS, card_told, colour_of, colour_told
from games.dos.rules import colour_bonus
from games.dr_gomb.cards import names as gomb
from games.dr_hrubec import cards as hrubec_cards
from games.dr_hrubec.cards import BY_SLUG, SPECIALIZATIONS, card_text, spec_name
from tabletop.play.texts import in_active_language
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
    found["forced"] = forced_keys(found["moves"], legal)
    found["ready"] = gettext("Ready: read what the move does below, then press Play.")
    found.setdefault("choose", "")
    return found


def forced_keys(moves: list[dict], legal: list[dict]) -> list[str]:
    """The keys every legal move needs (a key needed twice by all, twice), when the picker
    covers every legal move; none when they would by themselves make one move of several."""
    if len({move["value"] for move in moves}) < len(legal):
        return []
    common = Counter(moves[0]["keys"])
    for move in moves[1:]:
        common &= Counter(move["keys"])
    if len(legal) > 1 and any(Counter(move["keys"]) == common for move in moves):
        return []
    return sorted(common.elements())


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


# ---------------------------------------------------------------------------- DOS


def dos_bonus_text(bonus: str) -> str:
    if bonus == "single":
        return gettext(
            "Single colour bonus: you add a card from your hand to the centre row after matching."
        )
    return gettext(
        "Double colour bonus: you add a card from your hand to the centre row and every other "
        "player draws a card."
    )


BONUS_WORTH = {None: 0, "single": 1, "double": 2}


def told(card: str) -> str:
    """A DOS card as the reader's language names it ('red 7' is 'czerwona 7' in Polish)."""
    return in_active_language(card_told(card))


def dos_card_label(card: str) -> str:
    if card == WILD_DOS:
        return gettext("DOS (wild 2)")
    if card.endswith("#"):
        colour = in_active_language(colour_told(colour_of(card)))
        return gettext("%(card)s (wild %(colour)s)") % {"card": told(card), "colour": colour}
    return told(card)


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
        part(
            f"target:{card}",
            label_with_count(card, view["centre"].count(card)),
            tone(card),
            "centre",
        )
        for card in dict.fromkeys(view["centre"])
    ]
    targets.append(part("target:row", gettext("The centre row: add the card to it"), "row", "row"))
    hand_parts = [part(f"hand:{card}", dos_card_label(card), tone(card), "card") for card in hand]
    pick_a_card = gettext("Pick a card from your hand.")
    return {
        "title": gettext("Match or add"),
        "steps": [
            # One part per card held: a card held twice can be picked twice.
            step(
                "hand",
                gettext("Your cards"),
                used_parts(hand_parts, moves),
                {
                    "": pick_a_card,
                    "card+": gettext(
                        "Pick a card from your hand, or two whose numbers add up to a centre card."
                    ),
                },
                card_stays_picked(),
                also=gettext(
                    "Or pick a second card from your hand: two whose numbers add up to a centre "
                    "card match it together."
                ),
            ),
            step(
                "target",
                gettext("Onto"),
                used_parts(targets, moves),
                {
                    "": gettext("Now pick the centre card to match, or the centre row to add to."),
                    "centre": gettext("Now pick the centre card to match."),
                    "row": gettext("Now pick the centre row to add the card to it."),
                },
                place_stays_picked(),
            ),
        ],
        "choice_title": gettext("Count the wild card as"),
        "choose": gettext(
            "Choose what the wild card counts as (a colour bonus is offered first), then "
            "press Play."
        ),
        "call_title": gettext("Call DOS! (you will hold two cards)"),
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
    played = " + ".join(
        counted_as(c, n) if n else told(c) for c, n in zip(cards, named, strict=True)
    )
    target = told(move["target"])
    if move["target_as"]:
        target = counted_as(move["target"], move["target_as"])
    bonus = colour_bonus(move)
    sentences = [
        gettext("Match the centre %(target)s with your %(played)s.")
        % {"target": target, "played": played}
    ]
    sentences.append(dos_bonus_text(bonus) if bonus else gettext("No colour bonus."))
    sentences.append(cards_left(held - len(cards), move["call"]))
    wilds = []
    if move["target_as"]:
        wilds.append(
            gettext("the centre %(card)s as %(named)s")
            % {"card": told(move["target"]), "named": told(move["target_as"])}
        )
    if len(cards) == 2 and cards[0] == cards[1] and named[0]:
        wilds.append(
            gettext("your two %(card)s as %(first)s and %(second)s")
            % {"card": told(cards[0]), "first": told(named[0]), "second": told(named[1])}
        )
    else:
        wilds += [
            gettext("your %(card)s as %(named)s") % {"card": told(c), "named": told(n)}
            for c, n in zip(cards, named, strict=True)
            if n
        ]
    return entry(
        move,
        [f"hand:{card}" for card in cards] + [f"target:{move['target']}"],
        " ".join(sentences),
        choice="|".join([move["target_as"] or "", *(n or "" for n in named)]) if wilds else "",
        choice_label=", ".join(wilds) + (f" ({bonus_name(bonus)})" if bonus else ""),
        call=move["call"],
        earns=BONUS_WORTH[bonus],
    )


def counted_as(card: str, named: str) -> str:
    return gettext("%(card)s as %(named)s") % {"card": told(card), "named": told(named)}


def bonus_name(bonus: str) -> str:
    return gettext("single colour bonus") if bonus == "single" else gettext("double colour bonus")


def dos_add(move: dict, held: int, turn: dict) -> dict:
    card = move["card"]
    if turn.get("phase") == "bonus":
        left = turn.get("bonuses_left", 1)
        text = gettext(
            "Add your %(card)s to the centre row for your colour bonus (%(left)d to add)."
        ) % {"card": told(card), "left": left}
    else:
        text = gettext("Add your %(card)s to the centre row; your turn ends.") % {
            "card": told(card)
        }
    return entry(
        move,
        [f"hand:{card}", "target:row"],
        f"{text} {cards_left(held - 1, move['call'])}",
        call=move["call"],
    )


def cards_left(left: int, call: bool) -> str:
    if left == 0:
        return gettext("Your hand is empty: you go out.")
    said = ngettext("You keep %(count)d card.", "You keep %(count)d cards.", left) % {"count": left}
    if call:
        return " ".join((said, gettext("You call DOS!")))
    if left == 2:
        return " ".join((said, gettext("Without the DOS call another player may catch you.")))
    return said


# ---------------------------------------------------------------------------- Dr. Gomb


def gomb_card(name: str, acted_on: bool = False) -> str:
    """A Dr. Gomb card in the reader's language, as the object of a sentence where `acted_on`;
    a covered card of normal mode ('red') by its colour only."""
    colour, _, rank = name.partition(" ")
    if rank:
        return in_active_language(gomb.card_object(name) if acted_on else gomb.card(name))
    return in_active_language(gomb.a_card_of(colour) if acted_on else gomb.card_colour(colour))


def gomb_picker(view: dict, seat: int, legal: list[dict]) -> dict:
    sequences = view["players"][seat]["sequences"]
    cards, targets, moves = {}, {}, []
    for move in legal:
        kind = move["kind"]
        if kind in ("play", "discard"):
            name = move["card"]
            card_key = f"card:{name}"
            label = gomb_card(name)
            cards[card_key] = part(card_key, label, name.partition(" ")[0], "held")
        elif kind == "discard_played":
            colour, at = move["sequence"], move["position"]
            name = sequences[colour][at - 1]
            card_key = f"card:{colour}:{at}"
            label = gettext("%(card)s (your %(colour)s sequence, card %(at)d)") % {
                "card": gomb_card(name),
                "colour": in_active_language(gomb.sequence(colour)),
                "at": at,
            }
            cards[card_key] = part(card_key, label, name.partition(" ")[0], "sewn")
        else:
            continue
        if kind == "play":
            target_key = f"target:{move['to']}"
            targets[target_key] = part(
                target_key,
                gettext("Your %(colour)s sequence")
                % {"colour": in_active_language(gomb.sequence(move["to"]))},
                move["to"],
                "sequence",
            )
        else:
            target_key = f"target:pile:{move['pile']}"
            targets[target_key] = part(
                target_key,
                gettext("Discard pile %(pile)d") % {"pile": move["pile"]},
                "pile",
                "pile",
            )
        moves.append(entry(move, [card_key, target_key], gomb_preview(move, view, sequences)))
    ordered = sorted(targets.values(), key=lambda p: p["key"].startswith("target:pile"))
    return {
        "title": gettext("Place a card"),
        "steps": [
            step(
                "card",
                gettext("Card"),
                list(cards.values()),
                {
                    "": gettext("Pick the card to place."),
                    "sewn": gettext("Pick the card of your sequences to discard."),
                    "held sewn": gettext(
                        "Pick the card to place, or a card of your sequences to discard."
                    ),
                },
                card_stays_picked(),
            ),
            step(
                "target",
                gettext("Onto"),
                ordered,
                {
                    "": gettext(
                        "Now pick the sequence to sew it onto, or the pile to discard it to."
                    ),
                    "sequence": gettext("Now pick the sequence to sew it onto."),
                    "pile": gettext("Now pick the pile to discard it to."),
                },
                place_stays_picked(),
            ),
        ],
        "choice_title": "",
        "call_title": "",
        "hide_empty": [".gb-held-moves"],
        "moves": moves,
    }


def gomb_preview(move: dict, view: dict, sequences: dict) -> str:
    """What a Dr. Gomb placement does, its cards and sequences named in the reader's language
    in the grammatical case each sentence puts them in (games.dr_gomb.cards.names)."""
    kind = move["kind"]
    if kind == "play":
        held = len(sequences.get(move["to"], []))
        card = gomb_card(move["card"], acted_on=True)
        if not held:
            return gettext("Sew the %(card)s to start your %(colour)s sequence.") % {
                "card": card,
                "colour": in_active_language(gomb.sequence_object(move["to"])),
            }
        return ngettext(
            "Sew the %(card)s onto your %(colour)s sequence (%(count)d card so far).",
            "Sew the %(card)s onto your %(colour)s sequence (%(count)d cards so far).",
            held,
        ) % {
            "card": card,
            "colour": in_active_language(gomb.sequence_of(move["to"])),
            "count": held,
        }
    pile = view["piles"][move["pile"] - 1]
    covers = ""
    if pile.get("top"):
        covered = gomb_card(pile["top"], acted_on=True)
        covers = gettext(", covering the %(card)s") % {"card": covered}
    if kind == "discard":
        return gettext("Discard the %(card)s to pile %(pile)d%(covers)s.") % {
            "card": gomb_card(move["card"], acted_on=True),
            "pile": move["pile"],
            "covers": covers,
        }
    name = sequences[move["sequence"]][move["position"] - 1]
    return gettext(
        "Take the %(card)s (card %(at)d) from your %(colour)s sequence to pile %(pile)d%(covers)s."
    ) % {
        "card": gomb_card(name, acted_on=True),
        "at": move["position"],
        "colour": in_active_language(gomb.sequence_of(move["sequence"])),
        "pile": move["pile"],
        "covers": covers,
    }


# ---------------------------------------------------------------------------- Dr. Hrubec


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


BUILDERS: dict[str, Callable[[dict, int, list[dict]], dict]] = {
    "dos": dos_picker,
    "dr_gomb": gomb_picker,
    "dr_hrubec": hrubec_picker,
}
