"""Dr. Gomb's email notation: the help, format_move and parse_move ("play red 3 to blue",
"discard to pile 2", "break blue #2"). A reply is read against the hand of the seat that sends
it."""

from __future__ import annotations

import re

from games.base import IllegalMove
from games.dr_gomb.cards import BROKEN, COLOUR_INDEX, JOKER, SURPRISE
from games.dr_gomb.rules import held_choices, legal_moves

EXAMPLES = (
    "draw",
    "take pile 1",
    "play to red",
    "play red 3 to blue",
    "discard to pile 2",
    "use surprise",
    "break blue #2",
    "discard sequence blue",
    "discard three",
    "discard red #2 to pile 1",
)
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


def notation_help() -> str:
    return (
        "Start your turn with one of: 'draw' (from the deck), 'take pile 1' (or 2),\n"
        "'discard sequence blue' (action C, basic mode), 'discard three' (action C, normal mode).\n"
        "Then place the card: 'play to red' (into your red sequence), 'discard to pile 2';\n"
        "when you hold several cards name one: 'play red 3 to blue', 'discard red 4 to pile 1'.\n"
        "A surprise button: 'use surprise' to look into the talon, or discard it.\n"
        "Cards in your sequences are counted from the bottom: 'break blue #2' (a broken button\n"
        "takes it), 'discard red #2 to pile 1' (one of the three cards of action C)."
    )


def format_move(move: dict, state: dict, seat: int) -> str:
    kind = move["kind"]
    if kind == "draw":
        return "draw"
    if kind == "take":
        return f"take pile {move['pile']}"
    if kind in ("play", "discard"):
        # Always named: a list of moves in an email is read away from the hand it places
        # ("play to blue" is still read, as the help says).
        if kind == "play":
            return f"play {move['card']} to {move['to']}"
        return f"discard {move['card']} to pile {move['pile']}"
    if kind == "use_surprise":
        return "use surprise"
    if kind == "break":
        return f"break {move['sequence']} #{move['position']}"
    if kind == "discard_sequence":
        return f"discard sequence {move['sequence']}"
    if kind == "discard_three":
        return "discard three"
    return f"discard {move['sequence']} #{move['position']} to pile {move['pile']}"


def parse_move(text: str, state: dict, seat: int) -> dict:
    words = _words(text)
    move = _read(words, state, seat) if words else None
    if move is None:
        raise IllegalMove(f"I could not read {text!r}. {_hint(state, seat)}")
    return move


def _hint(state: dict, seat: int) -> str:
    moves = legal_moves(state, seat)
    if state["step"] != "over" and seat != state["turn"]:
        return f"It is {state['players'][state['turn']]}'s turn, not yours."
    if moves:
        shown = [format_move(move, state, seat) for move in moves[:8]]
        return "You can say: " + "; ".join(shown) + ("; ..." if len(moves) > 8 else ".")
    return "Moves read like: " + "; ".join(EXAMPLES) + "."


def _words(text: str) -> list[str]:
    text = re.sub(r"\b(pile|p)(\d)\b", r"pile \2", str(text).lower())
    text = re.sub(r"#\s*(\d+)", r"#\1", text)
    return [word for word in re.sub(r"[^a-z0-9#]+", " ", text).split() if word not in FILLER]


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
