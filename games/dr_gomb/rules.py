"""Dr. Gomb's rules: setup, who acts, the legal moves, apply with its refusals, which steps may
be taken back, the outcome. The rulings and decisions behind them are in __init__.py."""

from __future__ import annotations

import sys
from typing import Any

from games.base import (
    IllegalMove,
    Outcome,
    Rng,
    check_player_count,
    player_names,
    require_move_kind,
    resolve_options,
)
from games.dr_gomb import names
from games.dr_gomb.cards import (
    BROKEN,
    CODE_OF,
    COLOUR_INDEX,
    COLOUR_OF,
    COLOURS,
    FULL_DECK,
    KIND_OF,
    NAME_OF,
    SURPRISE,
    card_at,
    cards,
    without,
)
from games.dr_gomb.scoring import best_total, score_player
from games.texts import Text, tell, tell_plural, word

slug = "dr_gomb"
title = "Dr. Gomb"
min_players = 2
max_players = 5
ALLOWED_OPTIONS = {"mode": ("basic", "normal")}
options = ALLOWED_OPTIONS
version = 2
versions = (1, 2)

REMOVED_UNSEEN = {2: 30, 3: 20}
TALON_SIZE = 10
PILES = (1, 2)
CARD_LIMIT = 25
FINISHED = 5


# --- Setup ------------------------------------------------------------------------------------


def setup(
    players: int | list[str], options: dict | None, rng: Rng, version: int | None = None
) -> dict:
    rules = sys.modules[__name__]
    names = player_names(players)
    check_player_count(rules, names)
    mode = resolve_options(ALLOWED_OPTIONS, options)["mode"]
    version = rules.version if version is None else version
    if version not in versions:
        raise IllegalMove(
            tell(
                "Dr. Gomb has rules versions %(versions)s.", versions=", ".join(map(str, versions))
            )
        )
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    unseen = REMOVED_UNSEEN.get(len(names), 0)
    box, deck = sorted(deck[:unseen]), deck[unseen:]
    talon, deck = sorted(deck[:TALON_SIZE]), deck[TALON_SIZE:]
    state = {
        "players": names,
        "mode": mode,
        "deck": "".join(deck[:-2]),  # the top card is the last
        "talon": "".join(talon),
        "piles": [deck[-1], deck[-2]],  # the top card is the last
        "box": "".join(box),  # put back unseen at setup
        "out": "",  # taken out of the game by broken buttons
        "sequences": ["////" for _ in names],  # per seat: red/green/blue/pink/yellow
        "turn": rng.randint(0, len(names) - 1),
        "step": "turn",
        "held": "",  # cards in the active player's hand, waiting to be placed
        "used": False,  # the held surprise has already looked into the talon
        "breaking": "",  # broken buttons from the talon waiting for the player's choice
        "left": 0,  # normal mode action C: cards still to discard
    }
    if version >= 2:
        # A version-1 game keeps the exact state it always had: the keys are new in version 2.
        state["version"] = version
        state["held_from"] = ""  # where the card in hand came from: "deck" or "pile"
    return state


def rules_version(state: dict) -> int:
    return state.get("version", 1)


# --- Who acts ---------------------------------------------------------------------------------


def reshuffle_unseen(state: dict, rng: Rng) -> dict:
    """A position played on from another game's (a fork, by the service): the face-down
    deck is shuffled again with the new game's rng, so that the old game's revealed seed
    tells nothing of the cards to come (the box stays as it was: unseen, and out of play)."""
    cards = [state["deck"][n : n + 2] for n in range(0, len(state["deck"]), 2)]
    rng.shuffle(cards)
    state["deck"] = "".join(cards)
    return state


def to_act(state: dict) -> list[int]:
    return [] if state["step"] == "over" else [state["turn"]]


def sequences_of(state: dict, seat: int) -> list[str]:
    """The seat's five sequences (red, green, blue, pink, yellow), each a string of codes."""
    return state["sequences"][seat].split("/")


def _store(state: dict, seat: int, sequences: list[str]) -> None:
    state["sequences"][seat] = "/".join(sequences)


def cards_in_play(sequences: list[str]) -> int:
    return sum(map(len, sequences)) // 2


# --- Legal moves ------------------------------------------------------------------------------


def legal_moves(state: dict, seat: int) -> list[dict]:
    if state["step"] == "over" or seat != state["turn"]:
        return []
    return MOVES_BY_STEP[state["step"]](state, sequences_of(state, seat))


def _turn_moves(state: dict, sequences: list[str]) -> list[dict]:
    moves: list[dict] = [{"kind": "draw"}]
    if cards_in_play(sequences) >= CARD_LIMIT:
        return moves
    moves += [{"kind": "take", "pile": pile} for pile in PILES if state["piles"][pile - 1]]
    if state["mode"] == "basic":
        moves += [
            {"kind": "discard_sequence", "sequence": COLOURS[colour]}
            for colour, sequence in enumerate(sequences)
            if sequence
        ]
    elif _discardable_count(sequences) >= 3:
        moves.append({"kind": "discard_three"})
    return moves


def _discardable_count(sequences: list[str]) -> int:
    """Cards action C may take in normal mode: all but the broken buttons."""
    return sum(len(sequence) // 2 - sequence.count("!") for sequence in sequences)


def held_choices(state: dict) -> list[str]:
    """The names of the held cards the player may place now, in hand order, each once.

    A surprise that has looked into the talon waits until the cards taken from it are placed.
    """
    held = state["held"]
    names = []
    for code in cards(held):
        if state["used"] and code[1] == "?" and len(held) > 2:
            continue
        if NAME_OF[code] not in names:
            names.append(NAME_OF[code])
    return names


def _discards(name: str) -> list[dict]:
    return [{"kind": "discard", "card": name, "pile": pile} for pile in PILES]


def _place_moves(state: dict, sequences: list[str]) -> list[dict]:
    full = cards_in_play(sequences) >= CARD_LIMIT
    moves: list[dict] = []
    for name in held_choices(state):
        code = CODE_OF[name]
        kind, colour = KIND_OF[code], COLOUR_OF[code]
        if kind == SURPRISE:
            if not state["used"] and state["talon"] and not full:
                moves.append({"kind": "use_surprise"})
            moves += _discards(name)
        elif kind == BROKEN:
            forced = [] if full else _broken_moves(state["mode"], sequences, code)
            moves += forced or _discards(name)
        else:
            if not full:
                moves += [
                    {"kind": "play", "card": name, "to": COLOURS[target]}
                    for target, sequence in enumerate(sequences)
                    if target == colour or sequence
                ]
            moves += _discards(name)
    return moves


def _broken_moves(mode: str, sequences: list[str], broken: str) -> list[dict]:
    """What a drawn broken button must do, if it can."""
    if mode == "basic":
        return _break_moves(sequences, broken[0])
    colour = COLOUR_OF[broken]
    return [
        {"kind": "play", "card": NAME_OF[broken], "to": COLOURS[target]}
        for target, sequence in enumerate(sequences)
        if target != colour and 0 < len(sequence) < 2 * FINISHED
    ]


def _break_moves(sequences: list[str], letter: str) -> list[dict]:
    """A broken button of colour `letter` may take any of the player's cards of that colour."""
    return [
        {"kind": "break", "sequence": COLOURS[target], "position": index // 2 + 1}
        for target, sequence in enumerate(sequences)
        for index in range(0, len(sequence), 2)
        if sequence[index] == letter and sequence[index + 1] != "!"
    ]


def _talon_break_moves(state: dict, sequences: list[str]) -> list[dict]:
    return _break_moves(sequences, state["breaking"][0])


def _scatter_moves(state: dict, sequences: list[str]) -> list[dict]:
    return [move for name in held_choices(state) for move in _discards(name)]


def _three_moves(state: dict, sequences: list[str]) -> list[dict]:
    return [
        {
            "kind": "discard_played",
            "sequence": COLOURS[colour],
            "position": index // 2 + 1,
            "pile": pile,
        }
        for colour, sequence in enumerate(sequences)
        for index in range(0, len(sequence), 2)
        if sequence[index + 1] != "!"
        for pile in PILES
    ]


MOVES_BY_STEP = {
    "turn": _turn_moves,
    "place": _place_moves,
    "break": _talon_break_moves,
    "scatter": _scatter_moves,
    "three": _three_moves,
}


# --- Apply ------------------------------------------------------------------------------------

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


def apply(state: dict, seat: int, move: dict, rng: Rng) -> dict:
    """Validate completely, then change the state in place. No step draws on the rng."""
    _check(state, seat, move)
    APPLY_BY_KIND[move["kind"]](state, seat, move)
    return state


def _draw(state: dict, seat: int, move: dict) -> None:
    state["held"], state["deck"] = state["deck"][-2:], state["deck"][:-2]
    _note_held_from(state, "deck")
    state["step"] = "place"


def _take(state: dict, seat: int, move: dict) -> None:
    piles, index = state["piles"], move["pile"] - 1
    state["held"], piles[index] = piles[index][-2:], piles[index][:-2]
    _note_held_from(state, "pile")
    if not piles[index]:
        piles[index], state["deck"] = state["deck"][-2:], state["deck"][:-2]
    state["step"] = "place"


def _note_held_from(state: dict, origin: str) -> None:
    """Version 2 keeps where the card in hand came from, as the log says it to everyone."""
    if rules_version(state) >= 2:
        state["held_from"] = origin


def _play(state: dict, seat: int, move: dict) -> None:
    code = _take_held(state, move["card"])
    sequences = sequences_of(state, seat)
    sequences[COLOUR_INDEX[move["to"]]] += code
    _store(state, seat, sequences)
    _after_placing(state)


def _discard(state: dict, seat: int, move: dict) -> None:
    code = _take_held(state, move["card"])
    state["piles"][move["pile"] - 1] += code
    _after_placing(state)


def _use_surprise(state: dict, seat: int, move: dict) -> None:
    state["used"] = True
    talon = cards(state["talon"])
    broken = sorted((code for code in talon if code[1] == "!"), key=COLOUR_OF.__getitem__)
    if broken:
        sequences = sequences_of(state, seat)
        breaking = [code for code in broken if _break_moves(sequences, code[0])]
        state["talon"] = "".join(code for code in talon if code not in breaking)
        state["breaking"] = "".join(breaking)
        if breaking:
            state["step"] = "break"
        return
    letter = state["held"][0]
    state["held"] += "".join(code for code in talon if code[0] == letter)
    state["talon"] = "".join(code for code in talon if code[0] != letter)


def _break(state: dict, seat: int, move: dict) -> None:
    if state["breaking"]:
        broken, state["breaking"] = state["breaking"][:2], state["breaking"][2:]
    else:
        broken, state["held"] = state["held"], ""
    sequences = sequences_of(state, seat)
    colour, position = COLOUR_INDEX[move["sequence"]], move["position"]
    state["out"] += card_at(sequences[colour], position) + broken
    sequences[colour] = without(sequences[colour], position)
    _store(state, seat, sequences)
    if state["step"] == "break":
        if not state["breaking"]:
            state["step"] = "place"
    else:
        _after_placing(state)


def _discard_sequence(state: dict, seat: int, move: dict) -> None:
    sequences = sequences_of(state, seat)
    colour = COLOUR_INDEX[move["sequence"]]
    state["held"], sequences[colour] = sequences[colour], ""
    _store(state, seat, sequences)
    state["step"] = "scatter"


def _discard_three(state: dict, seat: int, move: dict) -> None:
    state["left"] = 3
    state["step"] = "three"


def _discard_played(state: dict, seat: int, move: dict) -> None:
    sequences = sequences_of(state, seat)
    colour, position = COLOUR_INDEX[move["sequence"]], move["position"]
    state["piles"][move["pile"] - 1] += card_at(sequences[colour], position)
    sequences[colour] = without(sequences[colour], position)
    _store(state, seat, sequences)
    state["left"] -= 1
    if not state["left"]:
        _end_turn(state)


def _take_held(state: dict, name: str) -> str:
    held, code = state["held"], CODE_OF[name]
    for index in range(0, len(held), 2):
        if held[index : index + 2] == code:
            state["held"] = held[:index] + held[index + 2 :]
            return code
    raise AssertionError(f"{name} was checked to be held")


def _after_placing(state: dict) -> None:
    if not state["held"]:
        _end_turn(state)


def _end_turn(state: dict) -> None:
    state["held"], state["used"], state["left"] = "", False, 0
    _note_held_from(state, "")
    if state["deck"]:
        state["turn"] = (state["turn"] + 1) % len(state["players"])
        state["step"] = "turn"
    else:
        state["step"] = "over"


APPLY_BY_KIND = {
    "draw": _draw,
    "take": _take,
    "play": _play,
    "discard": _discard,
    "use_surprise": _use_surprise,
    "break": _break,
    "discard_sequence": _discard_sequence,
    "discard_three": _discard_three,
    "discard_played": _discard_played,
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


def _check(state: dict, seat: int, move: Any) -> None:
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


# --- Deadlines and scores ---------------------------------------------------------------------


def skip_move(state: dict, seat: int) -> dict | None:
    """What the seat does at its deadline: the least (draw, then discard; a forced choice takes
    its first option)."""
    moves = legal_moves(state, seat)
    if not moves:
        return None
    discards = [move for move in moves if move["kind"] == "discard" and move["pile"] == 1]
    return discards[0] if discards else moves[0]


def standing(state: dict, seat: int) -> int:
    """The seat's score if the game ended now."""
    return best_total(state["sequences"][seat])


def outcome(state: dict) -> Outcome | None:
    if state["step"] != "over":
        return None
    players = [score_player(sequences.split("/")) for sequences in state["sequences"]]
    for name, player in zip(state["players"], players, strict=True):
        player["name"] = name
    scores = [player["total"] for player in players]
    return Outcome(
        scores=scores,
        winners=[seat for seat, score in enumerate(scores) if score == max(scores)],
        details={"players": players},
    )
