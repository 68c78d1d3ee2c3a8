"""Why a DOS step is refused, in a player's words: the fields a move needs, whose turn and
which part of it it is, and what is wrong with a match that is not among the legal ones."""

from __future__ import annotations

from collections import Counter

from games.base import IllegalMove
from games.dos.cards import NAMING_RANK, NAMINGS, ORDER, WILD_DOS, colour_of, is_wild, number_of


def require_fields(move: dict, fields: tuple[str, ...]) -> None:
    expected = {"kind", *fields}
    missing = [name for name in fields if name not in move]
    if missing:
        raise IllegalMove(f"A {move['kind']} move needs: {', '.join(missing)}.")
    extra = sorted(str(name) for name in set(move) - expected)
    if extra:
        raise IllegalMove(f"A {move['kind']} move has no field {extra[0]!r}.")


def require_call_flag(move: dict) -> None:
    if type(move["call"]) is not bool:
        raise IllegalMove("'call' is true (you shout DOS! with this step) or false.")


PHASE_REFUSALS = {
    "bonus": "Your matching is over: add a card from your hand to the centre row for your "
    "colour bonus.",
    ("draw", "drawn"): "You have already drawn this turn; match, or add a card to the centre row.",
    ("draw", "matching"): "You have matched this turn, so you cannot draw; match again or end "
    "your turn.",
    ("add", "start"): "You add a card to the centre row only after drawing or for a colour bonus; "
    "match or draw first.",
    ("add", "matching"): "You have matched this turn, so you end it; each colour bonus then lets "
    "you add a card.",
    ("end", "start"): "Match or draw first: a turn is either matching or drawing.",
    ("end", "drawn"): "After drawing, match or add a card to the centre row.",
}


def require_turn(state: dict, seat: int, kind: str, phases: tuple[str, ...]) -> None:
    turn = state["turn"]
    if seat != turn["seat"]:
        raise IllegalMove(f"It is {state['players'][turn['seat']]}'s turn, not yours.")
    phase = turn["phase"]
    if phase not in phases:
        raise IllegalMove(PHASE_REFUSALS.get((kind, phase)) or PHASE_REFUSALS["bonus"])


def why_match_fails(state: dict, seat: int, move: dict) -> str:
    """The first thing wrong with a match that is not among the legal ones, in a player's words."""
    centre, hand = state["centre"], state["hands"][seat]
    target, cards, cards_as = move["target"], move["cards"], move["cards_as"]
    if target not in centre:
        if any(match["target"] == target for match in state["turn"]["matches"]):
            return f"The {target} was already matched this turn; each centre card takes one match."
        return f"There is no {target} in the centre row; it holds {', '.join(centre)}."
    missing = list((Counter(cards) - Counter(hand)).elements())
    if missing:
        if missing[0] in hand:
            return f"You hold only one {missing[0]}."
        return f"You have no {missing[0]} in your hand."
    for card, named in [(target, move["target_as"]), *zip(cards, cards_as, strict=True)]:
        refusal = why_naming_fails(card, named)
        if refusal:
            return refusal
    wanted = number_of(move["target_as"] or target)
    numbers = [number_of(named or card) for card, named in zip(cards, cards_as, strict=True)]
    if sum(numbers) != wanted:
        shown = " + ".join(str(n) for n in numbers)
        made = f"{shown} make {sum(numbers)}" if len(numbers) == 2 else f"{shown} is"
        return (
            f"{made} not {wanted}: a match needs one card of the same number or two adding up "
            "to it."
        )
    if len(cards) == 2 and sort_key(cards[1], cards_as[1]) < sort_key(cards[0], cards_as[0]):
        return f"List the two cards in hand order: {cards[1]} first, then {cards[0]}."
    if move["call"]:
        left = len(hand) - len(cards)
        return (
            f"You call DOS with a step that leaves you exactly two cards; this one leaves {left}."
        )
    return "That match is not possible now."


def why_naming_fails(card: str, named: str | None) -> str | None:
    if not is_wild(card):
        return None if named is None else f"The {card} is not wild; it counts as itself."
    if named in [name for name, _, _ in NAMINGS[card]]:
        return None
    if card == WILD_DOS:
        return "Name the colour a DOS card counts as: it is a 2 of any colour, e.g. 'red 2'."
    colour = colour_of(card)
    return (
        f"Name the number the {card} counts as: any {colour} number from 1 to 10, "
        f"e.g. '{colour} 4'."
    )


def sort_key(card: str, named: str | None) -> tuple[int, int]:
    return ORDER[card], NAMING_RANK[(card, named)]
