"""Why a DOS step is refused, in a player's words: the fields a move needs, whose turn and
which part of it it is, and what is wrong with a match that is not among the legal ones."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.base import IllegalMove
from games.dos.cards import (
    NAMING_RANK,
    NAMINGS,
    ORDER,
    WILD_DOS,
    any_card_told,
    card_told,
    cards_listed,
    colour_of,
    colour_told,
    is_wild,
    number_of,
    told,
)


def require_fields(move: dict, fields: tuple[str, ...]) -> None:
    expected = {"kind", *fields}
    missing = [name for name in fields if name not in move]
    if missing:
        raise IllegalMove(
            told("A %(kind)s move needs: %(fields)s.", kind=move["kind"], fields=", ".join(missing))
        )
    extra = sorted(str(name) for name in set(move) - expected)
    if extra:
        raise IllegalMove(
            told("A %(kind)s move has no field %(field)s.", kind=move["kind"], field=repr(extra[0]))
        )


def require_call_flag(move: dict) -> None:
    if type(move["call"]) is not bool:
        raise IllegalMove(told("'call' is true (you shout DOS! with this step) or false."))


PHASE_REFUSALS = {
    "bonus": told(
        "Your matching is over: add a card from your hand to the centre row for your colour bonus."
    ),
    ("draw", "drawn"): told(
        "You have already drawn this turn; match, or add a card to the centre row."
    ),
    ("draw", "matching"): told(
        "You have matched this turn, so you cannot draw; match again or end your turn."
    ),
    ("add", "start"): told(
        "You add a card to the centre row only after drawing or for a colour bonus; "
        "match or draw first."
    ),
    ("add", "matching"): told(
        "You have matched this turn, so you end it; each colour bonus then lets you add a card."
    ),
    ("end", "start"): told("Match or draw first: a turn is either matching or drawing."),
    ("end", "drawn"): told("After drawing, match or add a card to the centre row."),
}


def require_turn(state: dict, seat: int, kind: str, phases: tuple[str, ...]) -> None:
    turn = state["turn"]
    if seat != turn["seat"]:
        raise IllegalMove(
            told("It is %(who)s's turn, not yours.", who=state["players"][turn["seat"]])
        )
    phase = turn["phase"]
    if phase not in phases:
        raise IllegalMove(PHASE_REFUSALS.get((kind, phase)) or PHASE_REFUSALS["bonus"])


def why_match_fails(state: dict, seat: int, move: dict) -> str:
    """The first thing wrong with a match that is not among the legal ones, in a player's words."""
    centre, hand = state["centre"], state["hands"][seat]
    target, cards, cards_as = move["target"], move["cards"], move["cards_as"]
    if target not in centre:
        if any(match["target"] == target for match in state["turn"]["matches"]):
            return told(
                "The %(card)s was already matched this turn; each centre card takes one match.",
                card=any_card_told(target),
            )
        return told(
            "There is no %(card)s in the centre row; it holds %(cards)s.",
            card=any_card_told(target),
            cards=cards_listed(centre),
        )
    missing = list((Counter(cards) - Counter(hand)).elements())
    if missing:
        if missing[0] in hand:
            return told("You hold only one %(card)s.", card=any_card_told(missing[0]))
        return told("You have no %(card)s in your hand.", card=any_card_told(missing[0]))
    for card, named in [(target, move["target_as"]), *zip(cards, cards_as, strict=True)]:
        refusal = why_naming_fails(card, named)
        if refusal:
            return refusal
    wanted = number_of(move["target_as"] or target)
    numbers = [number_of(named or card) for card, named in zip(cards, cards_as, strict=True)]
    if sum(numbers) != wanted:
        if len(numbers) == 2:
            return told(
                "%(first)s + %(second)s make %(sum)s not %(wanted)s: a match needs one card of "
                "the same number or two adding up to it.",
                first=numbers[0],
                second=numbers[1],
                sum=sum(numbers),
                wanted=wanted,
            )
        return told(
            "%(number)s is not %(wanted)s: a match needs one card of the same number or two "
            "adding up to it.",
            number=numbers[0],
            wanted=wanted,
        )
    if len(cards) == 2 and sort_key(cards[1], cards_as[1]) < sort_key(cards[0], cards_as[0]):
        return told(
            "List the two cards in hand order: %(first)s first, then %(second)s.",
            first=any_card_told(cards[1]),
            second=any_card_told(cards[0]),
        )
    if move["call"]:
        left = len(hand) - len(cards)
        return told(
            "You call DOS with a step that leaves you exactly two cards; this one leaves %(left)s.",
            left=left,
        )
    return told("That match is not possible now.")


def why_naming_fails(card: str, named: str | None) -> str | None:
    if not is_wild(card):
        if named is None:
            return None
        return told("The %(card)s is not wild; it counts as itself.", card=any_card_told(card))
    if named in [name for name, _, _ in NAMINGS[card]]:
        return None
    if card == WILD_DOS:
        return told("Name the colour a DOS card counts as: it is a 2 of any colour, e.g. 'red 2'.")
    colour = colour_of(card)
    return told(
        "Name the number the %(card)s counts as: any %(colour)s number from 1 to 10, "
        "e.g. '%(example)s'.",
        card=any_card_told(card),
        colour=colour_told(colour),
        example=card_told(f"{colour} 4"),
    )


def sort_key(card: str, named: str | None) -> tuple[int, int]:
    return ORDER[card], NAMING_RANK[(card, named)]


def seat_exists(state: dict, seat: Any) -> bool:
    return type(seat) is int and 0 <= seat < len(state["players"])


# The checks of the steps that need nothing of the rules but the state.


def check_end(state: dict, seat: int, move: dict) -> None:
    require_turn(state, seat, "end", ("matching",))
    require_fields(move, ())


def check_dos(state: dict, seat: int, move: dict) -> None:
    require_fields(move, ())
    held = len(state["hands"][seat])
    if held != 2:
        raise IllegalMove(
            told("You call DOS when you hold exactly two cards; you hold %(held)s.", held=held)
        )
    if state["called"][seat]:
        raise IllegalMove(told("You have already called DOS for these two cards."))


def check_catch(state: dict, seat: int, move: dict) -> None:
    require_fields(move, ("seat",))
    caught = move["seat"]
    if not seat_exists(state, caught):
        raise IllegalMove(told("There is no player %(seat)s to catch.", seat=repr(caught)))
    if caught == seat:
        raise IllegalMove(told("You cannot catch yourself; call DOS instead."))
    if not state["exposed"][caught]:
        name = state["players"][caught]
        raise IllegalMove(
            told(
                "%(who)s cannot be caught: only a player who ended their turn with two cards "
                "without calling DOS can, until their next step.",
                who=name,
            )
        )
