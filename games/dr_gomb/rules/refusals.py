"""Dr. Gomb's refusals: why a move is not legal now, told through games/texts.py."""

from __future__ import annotations

from typing import Any

from games.base import IllegalMove, require_move_kind
from games.dr_gomb.cards import (
    BROKEN,
    CODE_OF,
    COLOUR_INDEX,
    COLOUR_OF,
    COLOURS,
    KIND_OF,
    NAME_OF,
    SURPRISE,
    card_at,
    cards,
    names,
)
from games.dr_gomb.rules.moves import (
    CARD_LIMIT,
    PILES,
    cards_in_play,
    held_choices,
    legal_moves,
    sequences_of,
)
from games.texts import Text, tell, tell_plural, word

KINDS = (
    "draw",
    "take",
    "play",
    "discard",
    "use_surprise",
    "break",
    "discard_sequence",
    "discard_three",
    "discard_played",
)
FIELDS = {
    "draw": (),
    "take": ("pile",),
    "play": ("card", "to"),
    "discard": ("card", "pile"),
    "use_surprise": (),
    "break": ("sequence", "position"),
    "discard_sequence": ("sequence",),
    "discard_three": (),
    "discard_played": ("sequence", "position", "pile"),
}


# --- Refusals ---------------------------------------------------------------------------------

STEP_KINDS = {
    "turn": ("draw", "take", "discard_sequence", "discard_three"),
    "place": ("play", "discard", "use_surprise", "break"),
    "break": ("break",),
    "scatter": ("discard",),
    "three": ("discard_played",),
}


# The values a move's fields take (the API's words, English in every language).
COLOUR_LIST = "red, green, blue, pink or yellow"


def check(state: dict, seat: int, move: Any) -> None:
    kind = require_move_kind(move, KINDS)
    if state["step"] == "over":
        raise IllegalMove(tell("The game is over."))
    if seat != state["turn"]:
        raise IllegalMove(
            tell("It is %(name)s's turn, not yours.", name=state["players"][state["turn"]])
        )
    _check_fields(kind, move)
    if move in legal_moves(state, seat):
        return
    raise IllegalMove(_why_not(state, seat, move) or _fallback(state))


def _check_fields(kind: str, move: dict) -> None:
    fields = FIELDS[kind]
    for name in move:
        if name != "kind" and name not in fields:
            raise IllegalMove(tell("A %(kind)s move has no %(name)s.", kind=kind, name=repr(name)))
    for name in fields:
        if name not in move:
            raise IllegalMove(tell("Say which %(name)s for %(kind)s.", name=name, kind=kind))
        value = move[name]
        if name == "pile" and (type(value) is not int or value not in PILES):
            raise IllegalMove(
                tell("Pile %(pile)s does not exist; there are piles 1 and 2.", pile=repr(value))
            )
        if name in ("to", "sequence") and (type(value) is not str or value not in COLOUR_INDEX):
            raise IllegalMove(
                tell(
                    "There is no %(value)s sequence; the colours are %(colours)s.",
                    value=repr(value),
                    colours=COLOUR_LIST,
                )
            )
        if name == "position" and (type(value) is not int or value < 1):
            raise IllegalMove(
                tell(
                    "%(value)s is not a position; positions count from 1 at the bottom.",
                    value=repr(value),
                )
            )
        if name == "card" and (type(value) is not str or value not in CODE_OF):
            raise IllegalMove(
                tell(
                    "%(value)s is not a card; cards read like '%(example)s' or '%(joker)s'.",
                    value=repr(value),
                    example="red 3",
                    joker="green joker",
                )
            )


STEP_HINTS = {
    "turn": tell("Start your turn: draw from the deck, take the top of a pile, or use action C."),
    "place": tell("Place the card you hold first: play it into a sequence or discard it."),
    "break": tell("First choose which of your cards the broken button from the talon takes."),
    "scatter": tell("Discard the cards of your sequence onto the piles, one by one, first."),
    "three": tell("Discard your three chosen cards first, one by one."),
}


def _why_not(state: dict, seat: int, move: dict) -> Text | None:
    """A refusal that names what is wrong, or None for the generic one."""
    step, kind, mode = state["step"], move["kind"], state["mode"]
    sequences = sequences_of(state, seat)
    if kind not in STEP_KINDS[step]:
        return STEP_HINTS[step]
    if step == "turn" and kind != "draw" and cards_in_play(sequences) >= CARD_LIMIT:
        return tell("You have 25 cards in play: you may only draw from the deck.")
    if kind == "take":
        return tell("Pile %(pile)s is empty.", pile=move["pile"])
    if kind == "discard_sequence":
        if mode == "normal":
            return tell(
                "In normal mode action C discards exactly three cards: say '%(move)s'.",
                move=word("dr_gomb move", "discard three"),
            )
        return tell(
            "You have no %(sequence)s sequence.", sequence=names.sequence_of(move["sequence"])
        )
    if kind == "discard_three":
        if mode == "basic":
            return tell(
                "In basic mode action C discards a whole sequence: '%(move)s'.",
                move=tell("discard sequence %(sequence)s", sequence=names.sequence_object("blue")),
            )
        return tell("Action C needs three of your cards in play that are not broken buttons.")
    if kind in ("break", "discard_played"):
        sequence = sequences[COLOUR_INDEX[move["sequence"]]]
        if move["position"] > len(sequence) // 2:
            # The English has always said "cards", one or more.
            return tell_plural(
                "Your %(sequence)s sequence has %(count)s cards; there is no card #%(position)s.",
                "Your %(sequence)s sequence has %(count)s cards; there is no card #%(position)s.",
                len(sequence) // 2,
                sequence=names.sequence(move["sequence"]),
                position=move["position"],
            )
        if card_at(sequence, move["position"])[1] == "!":
            return tell("A broken button cannot be discarded, nor taken by another one.")
    if kind == "break":
        return _why_not_break(state, sequences)
    if kind in ("play", "discard"):
        return _why_not_place(state, sequences, move)
    if kind == "use_surprise":
        return _why_not_surprise(state)
    return None


def _why_not_break(state: dict, sequences: list[str]) -> Text:
    broken = state["breaking"][:2] or state["held"][:2]
    if not broken or broken[1] != "!" or (not state["breaking"] and state["mode"] == "normal"):
        return tell("There is no broken button that takes a card now.")
    if not state["breaking"] and cards_in_play(sequences) >= CARD_LIMIT:
        return tell("You have 25 cards in play: discard the broken button.")
    colour = names.colour_of(COLOURS[COLOUR_OF[broken]])
    return tell(
        "The %(colour)s broken button takes one of your %(colour)s cards; pick one of those.",
        colour=colour,
    )


def _why_not_place(state: dict, sequences: list[str], move: dict) -> Text | None:
    name = move["card"]
    held_names = [NAME_OF[code] for code in cards(state["held"])]
    if name not in held_names:
        return tell(
            "You do not hold %(card)s; you hold %(held)s.",
            card=names.card(name),
            held=names.listed(map(names.card, held_names)),
        )
    if name not in held_choices(state):
        return tell("Place the cards from the talon first; the surprise goes to a pile last.")
    code = CODE_OF[name]
    kind, colour, mode = KIND_OF[code], COLOUR_OF[code], state["mode"]
    if move["kind"] == "discard":
        if kind == BROKEN and mode == "basic":
            return tell(
                "The broken button must take one of your %(colour)s cards with it.",
                colour=names.colour_of(COLOURS[colour]),
            )
        if kind == BROKEN:
            return tell("The broken button must cover the top of one of your other sequences.")
        return None
    if cards_in_play(sequences) >= CARD_LIMIT:
        return tell("You have 25 cards in play: discard the card.")
    if kind == SURPRISE:
        return tell("A surprise button is never played into a sequence: use it or discard it.")
    target = COLOUR_INDEX[move["to"]]
    if kind == BROKEN and mode == "basic":
        return tell("In basic mode a broken button is never played into a sequence.")
    if kind == BROKEN and target == colour:
        return tell("A broken button must cover a sequence of another colour.")
    if kind == BROKEN and not sequences[target]:
        return tell("A broken button cannot start a sequence.")
    if kind == BROKEN:
        return tell(
            "Your %(sequence)s sequence is finished (five cards).",
            sequence=names.sequence(move["to"]),
        )
    return tell(
        "You have no %(sequence)s sequence; a new sequence starts with a card of its colour.",
        sequence=names.sequence_of(move["to"]),
    )


def _why_not_surprise(state: dict) -> Text:
    if "?" not in state["held"][1::2]:
        return tell("You hold no surprise button.")
    if state["used"]:
        return tell("You have already looked into the talon.")
    if not state["talon"]:
        return tell("The talon is empty.")
    return tell("You have 25 cards in play: discard the surprise button.")


def _fallback(state: dict) -> Text:
    # _why_not names every refusal a well-formed move can meet, so this is a guard only; it
    # names the step rather than the moves, whose notation lives above the rules.
    return tell("That move is not possible now. %(hint)s", hint=STEP_HINTS[state["step"]])
