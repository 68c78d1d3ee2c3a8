"""The DOS picker: a card or two from the hand matched to a centre card, or added to the centre
row, with wild cards named and the DOS call asked."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games.dos.cards import WILD_DOS, card_told, colour_of, colour_told
from games.dos.rules import colour_bonus
from tabletop.play.texts import in_active_language
from tabletop.web.pickers.parts import (
    card_stays_picked,
    entry,
    part,
    place_stays_picked,
    step,
    used_parts,
)


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
