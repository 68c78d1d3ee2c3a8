"""Dr. Gomb's email notation: the help, format_move and parse_move ("play red 3 to blue",
"discard to pile 2", "break blue #2"). A reply is read against the hand of the seat that sends
it."""

from __future__ import annotations

import re

from games.base import IllegalMove
from games.dr_gomb.cards import BROKEN, COLOUR_INDEX, JOKER, SURPRISE, names
from games.dr_gomb.notation.words import in_english, plain
from games.dr_gomb.rules import held_choices, legal_moves
from games.texts import Text, tell, word

FILLER = {"to", "the", "from", "onto", "on", "into", "in", "my", "of", "card", "cards", "and"}
RANKS = {
    **{str(number): str(number) for number in range(1, 6)},
    "joker": JOKER,
    "star": JOKER,
    "surprise": SURPRISE,
    "question": SURPRISE,
    "broken": BROKEN,
    "exclamation": BROKEN,
}


def notation_help() -> Text:
    return tell(
        "Start your turn with one of: 'draw' (from the deck), 'take pile 1' (or 2),\n"
        "'discard sequence blue' (action C, basic mode), 'discard three' (action C, normal mode).\n"
        "Then place the card: 'play to red' (into your red sequence), 'discard to pile 2';\n"
        "when you hold several cards name one: 'play red 3 to blue', 'discard red 4 to pile 1'.\n"
        "A surprise button: 'use surprise' to look into the talon, or discard it.\n"
        "Cards in your sequences are counted from the bottom: 'break blue #2' (a broken button\n"
        "takes it), 'discard red #2 to pile 1' (one of the three cards of action C)."
    )


def examples() -> list[Text]:
    """Moves as the help shows them, in the reader's language."""
    return [
        word("dr_gomb move", "draw"),
        tell("take pile %(pile)s", pile=1),
        tell("play to %(to)s", to=names.sequence_of("red")),
        tell(
            "play %(card)s to %(to)s", card=names.card_object("red 3"), to=names.sequence_of("blue")
        ),
        tell("discard to pile %(pile)s", pile=2),
        word("dr_gomb move", "use surprise"),
        tell("break %(sequence)s #%(position)s", sequence=names.sequence_of("blue"), position=2),
        tell("discard sequence %(sequence)s", sequence=names.sequence_object("blue")),
        word("dr_gomb move", "discard three"),
        tell(
            "discard %(sequence)s #%(position)s to pile %(pile)s",
            sequence=names.sequence_of("red"),
            position=2,
            pile=1,
        ),
    ]


def format_move(move: dict, state: dict, seat: int) -> Text:
    kind = move["kind"]
    if kind == "draw":
        return word("dr_gomb move", "draw")
    if kind == "take":
        return tell("take pile %(pile)s", pile=move["pile"])
    if kind in ("play", "discard"):
        # Always named: a list of moves in an email is read away from the hand it places
        # ("play to blue" is still read, as the help says).
        card = names.card_object(move["card"])
        if kind == "play":
            return tell("play %(card)s to %(to)s", card=card, to=names.sequence_of(move["to"]))
        return tell("discard %(card)s to pile %(pile)s", card=card, pile=move["pile"])
    if kind == "use_surprise":
        return word("dr_gomb move", "use surprise")
    if kind == "discard_three":
        return word("dr_gomb move", "discard three")
    sequence = names.sequence_of(move["sequence"])
    if kind == "break":
        return tell(
            "break %(sequence)s #%(position)s", sequence=sequence, position=move["position"]
        )
    if kind == "discard_sequence":
        return tell(
            "discard sequence %(sequence)s", sequence=names.sequence_object(move["sequence"])
        )
    return tell(
        "discard %(sequence)s #%(position)s to pile %(pile)s",
        sequence=sequence,
        position=move["position"],
        pile=move["pile"],
    )


def parse_move(text: str, state: dict, seat: int) -> dict:
    """A reply in English, Polish or Czech (words.py), any case, with or without diacritics."""
    words = _words(text)
    move = _read(words, state, seat) if words else None
    if move is None:
        raise IllegalMove(
            tell(
                "I could not read %(text)s. %(hint)s", text=repr(str(text)), hint=_hint(state, seat)
            )
        )
    return move


def _hint(state: dict, seat: int) -> Text:
    moves = legal_moves(state, seat)
    if state["step"] != "over" and seat != state["turn"]:
        return tell("It is %(name)s's turn, not yours.", name=state["players"][state["turn"]])
    if moves:
        shown = _semicolons(format_move(move, state, seat) for move in moves[:8])
        if len(moves) > 8:
            return tell("You can say: %(moves)s; ...", moves=shown)
        return tell("You can say: %(moves)s.", moves=shown)
    return tell("Moves read like: %(moves)s.", moves=_semicolons(examples()))


def _semicolons(items) -> Text:
    items = list(items)
    told = items[0]
    for item in items[1:]:
        told = tell("%(first)s; %(next)s", first=told, next=item)
    return told


def _words(text: str) -> list[str]:
    """The words of a reply as the English reader knows them, fillers left out."""
    text = re.sub(r"\b(pile|p)(\d)\b", r"pile \2", plain(str(text)))
    text = re.sub(r"(#|\bnr\b\.?|\bc\.)\s*(\d+)", r"#\2", text)  # Polish nr 2, Czech č. 2
    found = [in_english(word) for word in re.sub(r"[^a-z0-9#]+", " ", text).split()]
    return _in_order([word for word in found if word and word not in FILLER])


def _in_order(words: list[str]) -> list[str]:
    """Polish and Czech name a sequence by a noun and put a card's position first ("kartę #2
    z niebieskiego ciągu"): the word "sequence" is kept only where it is the move ("discard
    sequence blue"), and a position before its colour goes after it, as in English."""
    if not words:
        return words
    verb, rest = words[0], words[1:]
    if not (verb == "discard" and len(rest) == 2 and "sequence" in rest):
        rest = [word for word in rest if word != "sequence"]
    for index in range(len(rest) - 1):
        position, colour = rest[index], rest[index + 1]
        if position.startswith("#") and position[1:].isdigit() and colour in COLOUR_INDEX:
            rest[index], rest[index + 1] = colour, position
            break
    return [verb, *rest]


def _read(words: list[str], state: dict, seat: int) -> dict | None:
    verb, rest = words[0], words[1:]
    if verb in ("draw", "deck", "take"):
        if rest in ([], ["deck"]) and verb != "take" or rest == ["deck"]:
            return {"kind": "draw"}
        pile = _pile(rest)
        return {"kind": "take", "pile": pile} if pile else None
    if verb == "pile":
        pile = _pile(words)
        if not pile:
            return None
        if state["step"] == "turn":
            return {"kind": "take", "pile": pile}
        card = _held_card(state, seat)
        return {"kind": "discard", "card": card, "pile": pile} if card else None
    if verb in ("use", "look", "surprise"):
        if set(rest) <= {"surprise", "talon", "look", "at", "use"}:
            return {"kind": "use_surprise"}
        return None
    if verb in ("play", "cover"):
        return _read_play(rest, state, seat)
    if verb == "discard":
        return _read_discard(rest, state, seat)
    if verb == "break" and len(rest) == 2:
        return _read_place(rest[0], rest[1], {"kind": "break"})
    return None


def _read_play(rest: list[str], state: dict, seat: int) -> dict | None:
    if len(rest) == 1:
        card = _held_card(state, seat)
    elif len(rest) == 3:
        card = _card(rest[0], rest[1])
    else:
        return None
    target = rest[-1]
    if card is None or target not in COLOUR_INDEX:
        return None
    return {"kind": "play", "card": card, "to": target}


def _read_discard(rest: list[str], state: dict, seat: int) -> dict | None:
    if len(rest) == 2 and "sequence" in rest:
        colour = rest[1] if rest[0] == "sequence" else rest[0]
        if colour in COLOUR_INDEX:
            return {"kind": "discard_sequence", "sequence": colour}
        return None
    if rest in (["three"], ["3"]) and state["step"] != "three":
        return {"kind": "discard_three"}
    if state["step"] == "three":
        pile = _pile(rest[2:])
        if len(rest) < 3 or not pile:
            return None
        return _read_place(rest[0], rest[1], {"kind": "discard_played", "pile": pile})
    if len(rest) >= 3 and rest[0] in COLOUR_INDEX:
        card, pile = _card(rest[0], rest[1]), _pile(rest[2:])
    else:
        card, pile = _held_card(state, seat), _pile(rest)
    if card is None or pile is None:
        return None
    return {"kind": "discard", "card": card, "pile": pile}


def _read_place(colour: str, position: str, move: dict) -> dict | None:
    position = position.lstrip("#")
    if colour not in COLOUR_INDEX or not position.isdigit():
        return None
    return {**move, "sequence": colour, "position": int(position)}


def _pile(words: list[str]) -> int | None:
    if words and words[0] == "pile":
        words = words[1:]
    if len(words) == 1 and words[0] in ("1", "2"):
        return int(words[0])
    return None


def _card(colour: str, rank: str) -> str | None:
    if colour not in COLOUR_INDEX or rank not in RANKS:
        return None
    return f"{colour} {RANKS[rank]}"


def _held_card(state: dict, seat: int) -> str | None:
    """The card a move means when it names none: the only card the player can place. Only the
    player holding it may leave it unnamed; nobody else knows what it is."""
    if seat != state["turn"]:
        return None
    choices = held_choices(state)
    return choices[0] if len(choices) == 1 else None
