"""The Dr. Gomb picker: a card (from the hand, or one of the player's sequences when it may be
discarded from there) and where it goes (one of their sequences, or a discard pile)."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games.dr_gomb.cards import names as gomb
from tabletop.play.texts import in_active_language
from tabletop.web.pickers.parts import (
    card_stays_picked,
    entry,
    part,
    place_stays_picked,
    step,
)


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
