"""Dr. Gomb: sew button sequences of one colour, each with exactly one odd one out.

Rules notes: how this module reads the rulebook (rulebooks/dr-gomb.txt) and RULINGS.md.

From RULINGS.md
- The deck is the printed 120 cards: per colour five 1s, four each of 2-5, one broken, one joker
  and one surprise button. Two players put 30 random cards back in the box unseen, three players
  20; then 10 random cards form the secret talon, two cards from the deck start the two face-up
  discard piles and the rest is the draw deck. No house data is needed: every number is printed.
- A sequence belongs to one colour and should hold 1-5 once each plus exactly one card of another
  colour (its odd one out). A card played into a sequence stays in it. Playing a number the
  sequence already has, or a second off-colour card, is legal; it only spoils the sequence at
  scoring, so that normal mode's memory game stays possible.
- Joker: a card of its colour without a number; at scoring the rules give it the value (a number
  the sequence lacks) that scores best for its owner, and show it in the breakdown.
- Surprise: the player may use it to look into the talon and take every card of its colour, then
  play or discard each; the surprise itself goes to a discard pile last. A broken button in the
  talon cancels the take: it and one of the player's cards of its colour leave the game (if the
  player has no card of that colour, the broken button stays in the talon).
- Broken button, basic mode: it takes one of the drawer's cards of its colour out of the game with
  it; with no such card it goes to a discard pile. Normal mode: it must cover the top of one of
  the drawer's sequences of another colour that is neither empty nor finished (five cards); if
  there is none, it goes to a discard pile. At scoring a covering broken button is set aside and
  the cards it covered count.
- Normal mode: of every sequence everyone, its owner included, sees the colours of all cards and
  the number of the top card only, until the end.
- Action C: basic mode discards one whole sequence (any length), the player choosing the pile of
  each card in turn; normal mode discards exactly three played cards, never a broken button.
- A player with 25 cards in play keeps drawing from the deck and must discard what they draw.
  The game ends when the draw deck is empty after the active player's card is placed.
- Scoring per sequence: keep the run 1, 2, 3... upward from 1 (cards beyond a gap are set aside);
  a run with a number twice, or with no off-colour card, or with two, scores 0. Run length
  1-5 scores 1/3/5/8/11. The odd ones out of the scoring sequences form one more set: all colours
  different, all numbers different, run from 1 of length 1-5 -> 1/11/22/33/44; a repeated colour
  or number, or no 1, scores 0 extra and the sequences keep their own points.
- The first player is drawn at random (the service cannot count buttons on clothes). Randomness
  comes only from the rng of `setup`; no move after setup draws on the rng.

Decisions where the rulebook and the rulings are silent
- Moves are atomic steps: at the start of a turn draw ("draw"), take a pile's top ("take pile
  1") or start action C ("discard sequence blue" in basic mode, "discard three" in normal mode);
  then each card is placed by its own step. Choices that have one sensible answer are still a
  step, so that the log shows every decision.
- A new sequence starts with a card of its own colour; an off-colour card can only join a
  sequence that already exists (it has nothing to be "odd" against otherwise).
- "Finished" means five or more cards, broken buttons included; a broken button may cover a
  sequence whose top is already a broken button.
- A broken button takes a card of its colour from any of the player's sequences, never another
  broken button. In normal mode the player picks it by sequence and position, and its number
  goes into the box unseen; in basic mode everyone sees it.
- Several broken buttons found in the talon all come into effect, in colour order (red, green,
  blue, pink, yellow); each one for which the player has no card stays in the talon.
- The 25-card limit counts every card in the player's sequences, broken buttons included. From 25
  cards on, the player may only draw from the deck, and whatever they draw (a broken button or
  a surprise too) goes to a discard pile with no effect. Cards taken from the talon are played
  while the player is below 25 and discarded after.
- The surprise can be used only while the talon holds cards.
- A discard pile shows only its top card and its size; the cards under the top stay in the log.
- The talon's contents are shown to the player who uses a surprise, in that player's own log
  line, never in any view; others learn how many cards were taken, and which broken buttons
  found there take a card. A broken button that stays in the talon (its finder has no card of
  its colour) is named to its finder alone: the others read only that nothing is taken, as they
  would had the talon held no card of the surprise's colour.
- Past positions (the history page, the API's states) may not name a number that is covered by
  now, and two positions cannot tell which card of then is which card of now (action C and
  broken buttons from the talon take cards from under a top; a look-alike may take its place).
  So in normal mode, while the game runs, an earlier position shows every card in the sequences
  and in hand by its colour only, the tops of then included; broken and surprise buttons keep
  their names. A position that looks to its viewer just as the table does now, and every
  position of a finished game, show as the view does.
- A card drawn from the deck is seen by its drawer only until it is placed. Removing the top card
  of a sequence in normal mode (action C, a broken button) uncovers the card below, whose number
  is then visible, as it would be on the table.
- Normal mode log lines never name a card that nobody else saw and that may end up covered: a
  play into a sequence names its colour only, and a card drawn from the deck or taken from the
  talon is not named even to its player (the view shows it in hand until it is placed). Cards
  that went through a discard pile were seen by everyone and are named, as at the table.
- A reply is read against the hand of the seat that sends it: another seat's held card never
  completes a move that does not name its card.
- Jokers take the values that give their owner the best total (sequences and extra together);
  among equal totals the smallest values come first; a joker whose sequence already holds 1-5
  gets no value and is set aside.
- Tied totals share the win.
- Take-backs (`reveals`): a step that moves a card of the deck, the talon or the box, or ends
  the game, shows something new, and so does looking into the talon (its player sees it, even
  when nothing is taken). Placing (playing or discarding) a card drawn from the deck shows it,
  and so does placing a card taken from the talon: only their player had seen them. A card
  taken from a pile's top was seen by everyone, and placing it shows nothing new (version 2;
  a version-1 position does not say where the card in hand came from, so there every placing
  of it counts as showing something). In normal mode, discarding a card from a sequence that
  holds another, or a broken button taking the top of one, shows a number nobody has seen
  (on a pile, or uncovered beneath). The rest (taking a pile's top, action C in basic mode,
  starting action C in normal mode, the talon's broken buttons taking a card, the turn
  passing) moves only cards everyone has seen: the cards under a pile's top were each on top
  once, and the log names them.
- skip_move is "does the least": draw from the deck, then discard to pile 1; a forced choice takes
  the first legal option.

Rules versions
- Version 2 (current) plays exactly as version 1; its state also says where the card in hand
  came from (`held_from`: "deck" after a draw, "pile" after taking a pile's top, "" between
  turns and during action C), which the log tells everyone anyway, so that a card taken from
  a pile and placed can be taken back. A version-2 state carries `version` and `held_from`;
  a version-1 state is exactly as it always was, and placing its card in hand is never taken
  back.
"""

from __future__ import annotations

import functools
import itertools
import re
import sys
import textwrap
from collections import Counter
from typing import Any, NamedTuple

from games.base import (
    EVERYONE,
    Explanation,
    IllegalMove,
    Outcome,
    Rng,
    Viewer,
    check_player_count,
    knows,
    player_names,
    require_move_kind,
    resolve_options,
)

slug = "dr_gomb"
title = "Dr. Gomb"
min_players = 2
max_players = 5
ALLOWED_OPTIONS = {"mode": ("basic", "normal")}
options = ALLOWED_OPTIONS
version = 2
versions = (1, 2)


# --- The cards (as printed) -------------------------------------------------------------------
# A card is a two-letter code: colour letter, then 1-5, "*" joker, "?" surprise or "!" broken
# (the symbols printed on the special buttons). A pile of cards in the state is the string of
# its codes, bottom card first: "r1g*b3" is red 1 under green joker under blue 3.

COLOURS = ("red", "green", "blue", "pink", "yellow")
COLOUR_INDEX = {name: index for index, name in enumerate(COLOURS)}
LETTERS = "rgbpy"
NUMBER_COPIES = {"1": 5, "2": 4, "3": 4, "4": 4, "5": 4}
NUMBER, BROKEN, JOKER, SURPRISE = "number", "broken", "joker", "surprise"
SPECIALS = {"!": BROKEN, "*": JOKER, "?": SURPRISE}

FULL_DECK = [
    letter + rank
    for letter in LETTERS
    for rank, copies in [*NUMBER_COPIES.items(), ("!", 1), ("*", 1), ("?", 1)]
    for _ in range(copies)
]
CODES = sorted(set(FULL_DECK))
COLOUR_OF = {code: LETTERS.index(code[0]) for code in CODES}
COLOUR_NAME = dict(zip(LETTERS, COLOURS, strict=True))
KIND_OF = {code: SPECIALS.get(code[1], NUMBER) for code in CODES}
NUMBER_OF = {code: int(code[1]) if code[1].isdigit() else 0 for code in CODES}
NAME_OF = {
    code: f"{COLOURS[COLOUR_OF[code]]} {code[1] if KIND_OF[code] == NUMBER else KIND_OF[code]}"
    for code in CODES
}
CODE_OF = {name: code for code, name in NAME_OF.items()}

REMOVED_UNSEEN = {2: 30, 3: 20}
TALON_SIZE = 10
PILES = (1, 2)
CARD_LIMIT = 25
FINISHED = 5
RUN_POINTS = (0, 1, 3, 5, 8, 11)
EXTRA_POINTS = (0, 1, 11, 22, 33, 44)


def cards(pile: str) -> list[str]:
    """The codes of a pile string, bottom first."""
    return [pile[index : index + 2] for index in range(0, len(pile), 2)]


def card_at(pile: str, position: int) -> str:
    """The card at a 1-based position counted from the bottom."""
    return pile[2 * position - 2 : 2 * position]


def without(pile: str, position: int) -> str:
    return pile[: 2 * position - 2] + pile[2 * position :]


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
        raise IllegalMove(f"Dr. Gomb has rules versions {', '.join(map(str, versions))}.")
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
COLOUR_LIST = "red, green, blue, pink or yellow"


def _check(state: dict, seat: int, move: Any) -> None:
    kind = require_move_kind(move, KINDS)
    if state["step"] == "over":
        raise IllegalMove("The game is over.")
    if seat != state["turn"]:
        raise IllegalMove(f"It is {state['players'][state['turn']]}'s turn, not yours.")
    _check_fields(kind, move)
    if move in legal_moves(state, seat):
        return
    raise IllegalMove(_why_not(state, seat, move) or _fallback(state, seat))


def _check_fields(kind: str, move: dict) -> None:
    fields = FIELDS[kind]
    for name in move:
        if name != "kind" and name not in fields:
            raise IllegalMove(f"A {kind} move has no {name!r}.")
    for name in fields:
        if name not in move:
            raise IllegalMove(f"Say which {name} for {kind}.")
        value = move[name]
        if name == "pile" and (type(value) is not int or value not in PILES):
            raise IllegalMove(f"Pile {value!r} does not exist; there are piles 1 and 2.")
        if name in ("to", "sequence") and (type(value) is not str or value not in COLOUR_INDEX):
            raise IllegalMove(f"There is no {value!r} sequence; the colours are {COLOUR_LIST}.")
        if name == "position" and (type(value) is not int or value < 1):
            raise IllegalMove(f"{value!r} is not a position; positions count from 1 at the bottom.")
        if name == "card" and (type(value) is not str or value not in CODE_OF):
            raise IllegalMove(f"{value!r} is not a card; cards read like 'red 3' or 'green joker'.")


STEP_HINTS = {
    "turn": "Start your turn: draw from the deck, take the top of a pile, or use action C.",
    "place": "Place the card you hold first: play it into a sequence or discard it.",
    "break": "First choose which of your cards the broken button from the talon takes.",
    "scatter": "Discard the cards of your sequence onto the piles, one by one, first.",
    "three": "Discard your three chosen cards first, one by one.",
}


def _why_not(state: dict, seat: int, move: dict) -> str | None:
    """A refusal that names what is wrong, or None for the generic one."""
    step, kind, mode = state["step"], move["kind"], state["mode"]
    sequences = sequences_of(state, seat)
    if kind not in STEP_KINDS[step]:
        return STEP_HINTS[step]
    if step == "turn" and kind != "draw" and cards_in_play(sequences) >= CARD_LIMIT:
        return "You have 25 cards in play: you may only draw from the deck."
    if kind == "take":
        return f"Pile {move['pile']} is empty."
    if kind == "discard_sequence":
        if mode == "normal":
            return "In normal mode action C discards exactly three cards: say 'discard three'."
        return f"You have no {move['sequence']} sequence."
    if kind == "discard_three":
        if mode == "basic":
            return "In basic mode action C discards a whole sequence: 'discard sequence blue'."
        return "Action C needs three of your cards in play that are not broken buttons."
    if kind in ("break", "discard_played"):
        sequence = sequences[COLOUR_INDEX[move["sequence"]]]
        if move["position"] > len(sequence) // 2:
            return (
                f"Your {move['sequence']} sequence has {len(sequence) // 2} cards; "
                f"there is no card #{move['position']}."
            )
        if card_at(sequence, move["position"])[1] == "!":
            return "A broken button cannot be discarded, nor taken by another one."
    if kind == "break":
        return _why_not_break(state, sequences)
    if kind in ("play", "discard"):
        return _why_not_place(state, sequences, move)
    if kind == "use_surprise":
        return _why_not_surprise(state)
    return None


def _why_not_break(state: dict, sequences: list[str]) -> str:
    broken = state["breaking"][:2] or state["held"][:2]
    if not broken or broken[1] != "!" or (not state["breaking"] and state["mode"] == "normal"):
        return "There is no broken button that takes a card now."
    if not state["breaking"] and cards_in_play(sequences) >= CARD_LIMIT:
        return "You have 25 cards in play: discard the broken button."
    colour = COLOURS[COLOUR_OF[broken]]
    return f"The {NAME_OF[broken]} button takes one of your {colour} cards; pick one of those."


def _why_not_place(state: dict, sequences: list[str], move: dict) -> str | None:
    name = move["card"]
    held_names = [NAME_OF[code] for code in cards(state["held"])]
    if name not in held_names:
        return f"You do not hold {name}; you hold {', '.join(held_names)}."
    if name not in held_choices(state):
        return "Place the cards from the talon first; the surprise goes to a pile last."
    code = CODE_OF[name]
    kind, colour, mode = KIND_OF[code], COLOUR_OF[code], state["mode"]
    if move["kind"] == "discard":
        if kind == BROKEN and mode == "basic":
            return f"The broken button must take one of your {COLOURS[colour]} cards with it."
        if kind == BROKEN:
            return "The broken button must cover the top of one of your other sequences."
        return None
    if cards_in_play(sequences) >= CARD_LIMIT:
        return "You have 25 cards in play: discard the card."
    if kind == SURPRISE:
        return "A surprise button is never played into a sequence: use it or discard it."
    target = COLOUR_INDEX[move["to"]]
    if kind == BROKEN and mode == "basic":
        return "In basic mode a broken button is never played into a sequence."
    if kind == BROKEN and target == colour:
        return "A broken button must cover a sequence of another colour."
    if kind == BROKEN and not sequences[target]:
        return "A broken button cannot start a sequence."
    if kind == BROKEN:
        return f"Your {move['to']} sequence is finished (five cards)."
    return f"You have no {move['to']} sequence; a new sequence starts with a card of its colour."


def _why_not_surprise(state: dict) -> str:
    if "?" not in state["held"][1::2]:
        return "You hold no surprise button."
    if state["used"]:
        return "You have already looked into the talon."
    if not state["talon"]:
        return "The talon is empty."
    return "You have 25 cards in play: discard the surprise button."


def _fallback(state: dict, seat: int) -> str:
    shown = [format_move(move, state, seat) for move in legal_moves(state, seat)[:8]]
    return "That move is not possible now; you can say: " + "; ".join(shown) + "."


# --- Take-backs -------------------------------------------------------------------------------
# The store lets a player take back a step only while it showed nobody a card they had not
# seen; no step after setup draws on the rng, so the hidden cards are all this module's to tell.

UNSEEN_PLACES = ("deck", "talon", "box")


def reveals(before: dict, seat: int, move: dict, after: dict) -> bool:
    """Whether the step showed anyone, its player included, a card they had not seen."""
    if after["step"] == "over" or _moves_unseen_cards(before, after):
        return True
    if move["kind"] == "use_surprise":
        return True  # its player has looked into the talon, even if nothing was taken
    if before["step"] == "place" and not _holds_only_a_pile_card(before):
        return True  # the card placed may be one its player alone has seen
    return before["mode"] == "normal" and _shows_a_covered_number(before, seat, move)


def _holds_only_a_pile_card(state: dict) -> bool:
    """The one card in hand was taken from a pile's top, in everyone's sight. A version-1
    state does not say where it came from; cards taken from the talon join a surprise in hand
    and were seen by its player alone."""
    return rules_version(state) >= 2 and state["held_from"] == "pile" and len(state["held"]) == 2


def _moves_unseen_cards(before: dict, after: dict) -> bool:
    return any(before[place] != after[place] for place in UNSEEN_PLACES)


def _shows_a_covered_number(before: dict, seat: int, move: dict) -> bool:
    """Normal mode: a card taken out of a sequence that holds another shows a number nobody
    has seen: a discarded one lands face up on a pile (the top's number was seen, but the card
    below then shows), and a broken button's take uncovers the card below when it is the top
    (a covered card it takes goes into the box unseen)."""
    if move["kind"] not in ("break", "discard_played"):
        return False
    length = len(sequences_of(before, seat)[COLOUR_INDEX[move["sequence"]]]) // 2
    if move["kind"] == "discard_played":
        return length > 1
    return move["position"] == length and length > 1


# --- View -------------------------------------------------------------------------------------


def view(state: dict, seat: int | None) -> dict:
    over = state["step"] == "over"
    open_cards = over or state["mode"] == "basic"
    result = {
        "mode": state["mode"],
        "players": [
            _player_view(name, sequences.split("/"), open_cards)
            for name, sequences in zip(state["players"], state["sequences"], strict=True)
        ],
        "turn": state["turn"],
        "step": state["step"],
        "to_act": to_act(state),
        "deck": len(state["deck"]) // 2,
        "talon": len(state["talon"]) // 2,
        "box": len(state["box"]) // 2,
        "out": _out_view(state["out"], open_cards),
        "piles": [
            {"top": NAME_OF[pile[-2:]] if pile else None, "count": len(pile) // 2}
            for pile in state["piles"]
        ],
        "held": _names(state["held"]) if seat == state["turn"] else None,
        "held_count": len(state["held"]) // 2,
        "surprise_used": state["used"],
        "breaking": _names(state["breaking"]),
        "left": state["left"],
    }
    if over:
        final = outcome(state)
        result |= {
            "talon_cards": _names(state["talon"]),
            "box_cards": _names(state["box"]),
            "pile_cards": [_names(pile) for pile in state["piles"]],
            "scores": final.scores,
            "winners": final.winners,
            "details": final.details,
        }
    elif state["mode"] == "basic":
        result["standings"] = [best_total(sequences) for sequences in state["sequences"]]
    return result


def _names(pile: str) -> list[str]:
    return [NAME_OF[pile[index : index + 2]] for index in range(0, len(pile), 2)]


def past_view(past_state: dict, current_state: dict, seat: int | None) -> dict:
    """What `seat` may see now of an earlier position (the history page, the API's states).

    `view(past_state, seat)`, less every number that may be covered by now: in normal mode, while
    the game runs, the cards in the sequences and in the hand of that position show their
    colour only (broken and surprise buttons, always named, keep their names). Which card of
    then is which card of now is more than two positions can tell (action C and broken
    buttons from the talon take cards from under a top, and a card of the same colour and
    number may take its place), and a rule that looked at the covered cards to decide would
    itself tell something of them. A position that looks to `seat` just as the position now
    does, and everything once the game is over, show as `view` shows them.
    """
    shown = view(past_state, seat)
    if past_state["mode"] == "basic" or current_state["step"] == "over":
        return shown
    if shown == view(current_state, seat):  # the position now, or one just like it
        return shown
    for player in shown["players"]:
        for sequence in player["sequences"].values():
            sequence[-1:] = [_colour_only(name) for name in sequence[-1:]]
    if shown["held"]:
        shown["held"] = [_colour_only(name) for name in shown["held"]]
    return shown


def _colour_only(name: str) -> str:
    code = CODE_OF.get(name)
    if code is None or KIND_OF[code] in (BROKEN, SURPRISE):
        return name
    return COLOURS[COLOUR_OF[code]]


STEP_TEXT = {
    "turn": "draws, takes a pile's top card or discards (action C)",
    "place": "places the card in hand",
    "break": "chooses what the broken button from the talon takes",
    "scatter": "discards a sequence card by card",
    "three": "discards three played cards",
}


def _card_text(shown: str) -> str:
    """A card as the view shows it; a bare colour is a card whose number is hidden."""
    return _tight(f"{shown} ?" if shown in COLOURS else shown)


def _wrapped(text: str, indent: str = "  ") -> list[str]:
    """Wrapped to 78 columns, never inside a card name (written with no-break spaces)."""
    lines = textwrap.wrap(text, 78, subsequent_indent=indent) or [text]
    return [line.replace("\xa0", " ") for line in lines]


def _tight(text: str) -> str:
    return text.replace(" ", "\xa0")


def _cards(count: int) -> str:
    return f"{count} card" + "s" * (count != 1)


def view_text(state: dict, seat: int | None) -> str:
    """The position as `seat` sees it, in a few plain lines for an email; built from view."""
    shown = view(state, seat)
    players = shown["players"]
    names = [player["name"] for player in players]
    over = shown["step"] == "over"
    lines = [f"Dr. Gomb ({shown['mode']} mode)."]
    if over:
        lines.append("The game is over.")
    else:
        lines.append(f"{names[shown['turn']]} {STEP_TEXT.get(shown['step'], 'plays')}.")
    if shown["mode"] == "normal" and not over:
        lines.append("Cards shown as 'red ?' are covered: only their colour shows.")
    lines.append("")
    piles = "; ".join(
        f"pile {n}: {pile['top'] or 'empty'} ({pile['count']})"
        for n, pile in enumerate(shown["piles"], start=1)
    )
    lines += _wrapped(f"Discard piles (top, cards): {piles}")
    lines.append(f"Deck: {shown['deck']} cards; talon: {shown['talon']} cards")
    if shown["held"]:
        lines += _wrapped("In your hand: " + ", ".join(map(_tight, shown["held"])))
    elif shown["held_count"] and not over:
        lines.append(f"{names[shown['turn']]} holds {_cards(shown['held_count'])}.")
    if shown["breaking"]:
        lines += _wrapped(
            "Broken buttons from the talon: " + ", ".join(map(_tight, shown["breaking"]))
        )
    if shown["left"]:
        lines.append(f"Cards still to discard: {shown['left']}")
    if shown["out"]:
        lines += _wrapped("Out of the game: " + ", ".join(map(_card_text, shown["out"])))
    if seat is not None and not over:
        mine = players[seat]
        lines.append("")
        so_far = f", {shown['standings'][seat]} points so far" if "standings" in shown else ""
        count = _cards(mine["cards_in_play"])
        lines.append(f"Your sequences, {mine['name']} ({count}{so_far}), from the bottom:")
        for colour, sequence in mine["sequences"].items():
            cards = ", ".join(
                f"#{n}\xa0{_card_text(card)}" for n, card in enumerate(sequence, start=1)
            )
            lines += _wrapped(f"  {colour:<6}  {cards or '-'}", " " * 10)
    lines.append("")
    for n, player in enumerate(players):
        if n == seat and not over:
            continue
        runs = " | ".join(
            _tight(f"{colour}:") + " " + ", ".join(map(_card_text, sequence))
            for colour, sequence in player["sequences"].items()
            if sequence
        )
        score = ""
        if over:
            score = f", {shown['scores'][n]} points"
        elif "standings" in shown:
            score = f", {shown['standings'][n]} points so far"
        head = f"{player['name']} ({_cards(player['cards_in_play'])}{score})"
        lines += _wrapped(f"{head}: {runs or 'no sequences'}", "    ")
    if over:
        winners = " and ".join(names[n] for n in shown["winners"])
        lines.append(f"Winner{'s' * (len(shown['winners']) > 1)}: {winners}")
    return "\n".join(lines)


def _player_view(name: str, sequences: list[str], open_cards: bool) -> dict:
    shown = _open_sequence if open_cards else _covered_sequence
    return {
        "name": name,
        "cards_in_play": cards_in_play(sequences),
        "sequences": {
            colour: list(shown(sequence))
            for colour, sequence in zip(COLOURS, sequences, strict=True)
        },
    }


@functools.lru_cache(maxsize=1 << 14)
def _open_sequence(sequence: str) -> tuple[str, ...]:
    return tuple(_names(sequence))


@functools.lru_cache(maxsize=1 << 14)
def _covered_sequence(sequence: str) -> tuple[str, ...]:
    """Normal mode: a covered card shows only its colour; the top card shows its name."""
    if not sequence:
        return ()
    return (*(COLOUR_NAME[letter] for letter in sequence[:-2:2]), NAME_OF[sequence[-2:]])


def _out_view(out: str, open_cards: bool) -> list[str]:
    """Cards a broken button took out of the game. In normal mode they go into the box unseen,
    showing their colour; only the broken buttons themselves are known."""
    if open_cards:
        return _names(out)
    return [
        NAME_OF[out[index : index + 2]] if out[index + 1] == "!" else COLOUR_NAME[out[index]]
        for index in range(0, len(out), 2)
    ]


# --- Scoring ----------------------------------------------------------------------------------


def score_sequence(colour: int, sequence: str, values: dict[int, int | None]) -> dict:
    """One sequence scored with its jokers' values fixed (position -> number or None).

    Broken buttons are set aside; the run from 1 counts, cards beyond its gap are set aside.
    """
    numbered, set_aside = [], []
    for position, code in enumerate(cards(sequence), start=1):
        number = values.get(position) if code[1] == "*" else NUMBER_OF[code]
        if number:
            numbered.append((code, number))
        else:
            set_aside.append(code)
    present = {number for _, number in numbered}
    run = 0
    while run + 1 in present:
        run += 1
    in_run = [(code, number) for code, number in numbered if number <= run]
    set_aside += [code for code, number in numbered if number > run]
    odd = [(code, number) for code, number in in_run if COLOUR_OF[code] != colour]
    result = {"run": run, "points": 0, "odd": None, "set_aside": set_aside, "note": ""}
    if not run:
        result["note"] = "no 1"
    elif len(in_run) > run:
        twice = min(number for number, count in Counter(n for _, n in in_run).items() if count > 1)
        result["note"] = f"{twice} twice"
    elif not odd:
        result["note"] = "no odd one out"
    elif len(odd) > 1:
        result["note"] = "more than one odd one out"
    else:
        result["points"] = RUN_POINTS[run]
        result["odd"] = odd[0]
    return result


def _joker_values(positions: list[int], missing: list[int]) -> list[dict[int, int | None]]:
    """Every way to give the jokers distinct missing numbers; a joker goes without a number only
    when the others have taken them all."""
    ways = []
    for values in itertools.product([*missing, None], repeat=len(positions)):
        numbers = [value for value in values if value is not None]
        if len(set(numbers)) != len(numbers):
            continue
        if None in values and set(numbers) != set(missing):
            continue
        ways.append(dict(zip(positions, values, strict=True)))
    return ways


@functools.lru_cache(maxsize=1 << 16)
def _sequence_options(colour: int, sequence: str) -> tuple[tuple[dict, dict], ...]:
    """(result, joker values) for every joker assignment, one per distinct result.

    Cached because views and bots score the same sequences over and over; callers only read.
    """
    codes = cards(sequence)
    jokers = [position for position, code in enumerate(codes, start=1) if code[1] == "*"]
    if not jokers:
        return ((score_sequence(colour, sequence, {}), {}),)
    present = {NUMBER_OF[code] for code in codes}
    missing = [number for number in range(1, 6) if number not in present]
    seen: dict[tuple, tuple[dict, dict]] = {}
    for values in _joker_values(jokers, missing):
        result = score_sequence(colour, sequence, values)
        odd = result["odd"]
        seen.setdefault((result["points"], odd and (odd[0][0], odd[1])), (result, values))
    return tuple(seen.values())


def score_extra(odd_ones: list[tuple[str, int]]) -> dict:
    """The set of the odd ones out of the scoring sequences, as (card, number) pairs."""
    colours = {code[0] for code, _ in odd_ones}
    numbers = {number for _, number in odd_ones}
    run = 0
    while run + 1 in numbers:
        run += 1
    result = {"run": run, "points": 0, "note": ""}
    if len(colours) < len(odd_ones):
        result["note"] = "two odd ones out of one colour"
    elif len(numbers) < len(odd_ones):
        result["note"] = "two odd ones out with one number"
    elif not run:
        result["note"] = "no 1" if odd_ones else ""
    else:
        result["points"] = EXTRA_POINTS[run]
    return result


def _best(sequences: list[str]) -> tuple[int, tuple, dict, list]:
    """The best total over the jokers' values: (total, per-sequence choice, extra, odd ones)."""
    per_sequence = [
        _sequence_options(colour, sequence) for colour, sequence in enumerate(sequences)
    ]
    best = None
    for combination in itertools.product(*per_sequence):
        odd_ones = [result["odd"] for result, _ in combination if result["points"]]
        extra = score_extra(odd_ones)
        total = sum(result["points"] for result, _ in combination) + extra["points"]
        if best is None or total > best[0]:
            best = (total, combination, extra, odd_ones)
    return best


@functools.lru_cache(maxsize=1 << 14)
def best_total(sequences: str) -> int:
    """The best total of one seat's sequences, as stored ("r1r2/g3///")."""
    return _best(sequences.split("/"))[0]


def score_player(sequences: list[str]) -> dict:
    """The best total with its breakdown per sequence and for the odd ones out."""
    total, combination, extra, odd_ones = _best(sequences)
    return {
        "total": total,
        "sequences": [
            _sequence_details(colour, sequences[colour], result, values)
            for colour, (result, values) in enumerate(combination)
        ],
        "extra": {
            "cards": [NAME_OF[code] for code, _ in sorted(odd_ones, key=lambda odd: odd[1])],
            "run": extra["run"],
            "points": extra["points"],
            "note": extra["note"],
        },
    }


def _sequence_details(colour: int, sequence: str, result: dict, values: dict) -> dict:
    odd = result["odd"]
    return {
        "colour": COLOURS[colour],
        "cards": _names(sequence),
        "jokers": [
            {"card": NAME_OF[card_at(sequence, position)], "value": value}
            for position, value in values.items()
        ],
        "run": result["run"],
        "points": result["points"],
        "odd_one_out": {"card": NAME_OF[odd[0]], "number": odd[1]} if odd else None,
        "set_aside": [NAME_OF[code] for code in result["set_aside"]],
        "note": result["note"],
    }


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


def explain(outcome: dict, names: list[str]) -> Explanation:
    """Each sequence's run from 1 with its one odd one out, then the odd ones out's own run."""
    sentences, rows = [], []
    for seat, player in enumerate(outcome["details"]["players"]):
        parts = [explain_sequence(sequence) for sequence in player["sequences"]]
        parts = [part for part in parts if part]
        extra = player["extra"]
        if extra["cards"]:
            odd = ", ".join(extra["cards"])
            why = f", {extra['note']}" if extra["note"] else f" run 1 to {extra['run']}"
            parts.append(f"the odd ones out ({odd}){why}: {extra['points']}")
        told = "; ".join(parts) if parts else "no cards in any sequence"
        sentences.append(f"{names[seat]}: {told}. Total {player['total']}.")
        rows.append(
            [
                names[seat],
                *(sequence["points"] for sequence in player["sequences"]),
                extra["points"],
                player["total"],
            ]
        )
    colours = [sequence["colour"] for sequence in outcome["details"]["players"][0]["sequences"]]
    return Explanation(sentences, ["Player", *colours, "Odd ones out", "Total"], rows)


def explain_sequence(sequence: dict) -> str:
    if not sequence["cards"]:
        return ""
    colour = sequence["colour"]
    if sequence["points"]:
        odd = sequence["odd_one_out"]["card"]
        return (
            f"{colour} runs 1 to {sequence['run']} with {odd} the odd one out: {sequence['points']}"
        )
    return f"{colour} scores 0 ({sequence['note']})"


# --- Describe ---------------------------------------------------------------------------------


def describe(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> str:
    name = before["players"][seat]
    line = DESCRIBE_BY_KIND[move["kind"]](before, seat, move, after, viewer, name)
    if after["step"] == "over" and before["step"] != "over":
        line += " The deck has run out: the game is over."
    return line


def _describe_draw(before, seat, move, after, viewer, name) -> str:
    if (knows(viewer, seat) and before["mode"] == "basic") or viewer == EVERYONE:
        return f"{name} draws {NAME_OF[after['held'][:2]]} from the deck."
    return f"{name} draws a card from the deck."


def _describe_take(before, seat, move, after, viewer, name) -> str:
    pile = move["pile"]
    line = f"{name} takes {NAME_OF[before['piles'][pile - 1][-2:]]} from pile {pile}."
    if len(before["piles"][pile - 1]) == 2 and after["piles"][pile - 1]:
        refill = NAME_OF[after["piles"][pile - 1][-2:]]
        line += f" Pile {pile} is refilled with {refill} from the deck."
    return line


def _describe_play(before, seat, move, after, viewer, name) -> str:
    if KIND_OF[CODE_OF[move["card"]]] == BROKEN:
        return (
            f"{name} covers the top of their {move['to']} sequence with the {move['card']} button."
        )
    if before["mode"] == "normal" and viewer != EVERYONE:
        colour = COLOURS[COLOUR_OF[CODE_OF[move["card"]]]]
        return f"{name} plays a {colour} card into their {move['to']} sequence."
    return f"{name} plays {move['card']} into their {move['to']} sequence."


def _describe_discard(before, seat, move, after, viewer, name) -> str:
    return f"{name} discards {move['card']} onto pile {move['pile']}."


def _describe_use_surprise(before, seat, move, after, viewer, name) -> str:
    colour = COLOURS[COLOUR_OF[before["held"]]]
    line = f"{name} uses the {colour} surprise button and looks into the talon"
    talon, taken = _names(before["talon"]), _names(after["held"][2:])
    # In normal mode the cards taken may end up covered: named only once the game is over.
    named = before["mode"] == "basic" or viewer == EVERYONE
    if knows(viewer, seat) and (named or not taken):
        line += " (" + ", ".join(talon) + ")"
    if knows(viewer, seat):
        found = [card for card in talon if card.endswith(BROKEN)]
    else:
        found = _names(after["breaking"])  # those that take a card; the rest stay secret
    if found:
        line += f": {' and '.join(found)} found, so nothing is taken."
        if knows(viewer, seat):
            for broken in _names(after["talon"]):
                if broken.endswith(BROKEN):
                    lacking = broken.split()[0]
                    line += f" {name} has no {lacking} card: the {broken} stays in the talon."
        return line
    if not taken:
        return line + ": nothing is taken."
    if knows(viewer, seat) and named:
        return line + ": takes " + ", ".join(taken) + "."
    line += f": takes {len(taken)} {colour} card{'' if len(taken) == 1 else 's'}"
    if knows(viewer, seat):
        left = _names(after["talon"])
        line += ", leaving " + (", ".join(left) if left else "the talon empty")
    return line + "."


def _describe_break(before, seat, move, after, viewer, name) -> str:
    broken = NAME_OF[before["breaking"][:2] or before["held"]]
    card = card_at(sequences_of(before, seat)[COLOUR_INDEX[move["sequence"]]], move["position"])
    shown = NAME_OF[card] if before["mode"] == "basic" else f"a {COLOURS[COLOUR_OF[card]]} card"
    where = f"card #{move['position']} of {name}'s {move['sequence']} sequence"
    return f"The {broken} button takes {shown} ({where}) out of the game."


def _describe_discard_sequence(before, seat, move, after, viewer, name) -> str:
    count = len(after["held"]) // 2
    return f"{name} discards their {move['sequence']} sequence ({count} cards) onto the piles."


def _describe_discard_three(before, seat, move, after, viewer, name) -> str:
    return f"{name} discards three of their cards (action C)."


def _describe_discard_played(before, seat, move, after, viewer, name) -> str:
    card = card_at(sequences_of(before, seat)[COLOUR_INDEX[move["sequence"]]], move["position"])
    return (
        f"{name} discards {NAME_OF[card]} (card #{move['position']} of their "
        f"{move['sequence']} sequence) onto pile {move['pile']}."
    )


DESCRIBE_BY_KIND = {
    "draw": _describe_draw,
    "take": _describe_take,
    "play": _describe_play,
    "discard": _describe_discard,
    "use_surprise": _describe_use_surprise,
    "break": _describe_break,
    "discard_sequence": _describe_discard_sequence,
    "discard_three": _describe_discard_three,
    "discard_played": _describe_discard_played,
}


# --- Notation ---------------------------------------------------------------------------------

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
        card = "" if held_choices(state) == [move["card"]] else f" {move['card']}"
        if kind == "play":
            return f"play{card} to {move['to']}"
        return f"discard{card} to pile {move['pile']}"
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


def skip_move(state: dict, seat: int) -> dict | None:
    """What the seat does at its deadline: the least (draw, then discard; a forced choice takes
    its first option)."""
    moves = legal_moves(state, seat)
    if not moves:
        return None
    discards = [move for move in moves if move["kind"] == "discard" and move["pile"] == 1]
    return discards[0] if discards else moves[0]


# --- The strong bot ---------------------------------------------------------------------------
# A player to sit in for an absent friend (games.bots.strong calls `bot_move`). It reads the
# table from `view(state, seat)` alone: its own sequences as they show, the others', the pile
# tops, the sizes of the deck and the talon. Every card it cannot see (the deck, the talon, the
# box, the cards under the pile tops, in normal mode every covered number) is one unseen pool.
#
# It values its sequences by the points they are expected to score at the end: per sequence,
# the chance to come by each card it lacks (from the unseen copies, over the draws the deck has
# left for it and the piles' share), the run from 1 those cards make and the odd one out it
# has or may find; for the odd ones out, the chance that they make 1, 2, 3... in different
# colours. Every decision takes the move that raises that value most: a card goes where it
# adds most, else onto a pile; a turn starts with a pile top worth more than a card from the
# deck is on average; a broken button takes the card the bot misses least; a surprise is used
# when the talon's likely cards of its colour outweigh what a broken button there would take;
# a discard buries the pile top the others want more than the bot does.
#
# In normal mode it remembers nothing, as a friend who may not peek: it builds each sequence
# as a ladder it can read back from the colours and the top, and plays a card only as the
# next number of its ladder.

# Each of the bot's turns brings a card from the deck; the discard piles bring about this many
# more, as the other players throw away what they draw.
PILE_SHARE = 0.25
# What the bot gives up to keep a pile top it wants, or to bury one another player wants, when
# it chooses the pile for a discard (in points of its own, per point of theirs).
BURY_THEIRS = 0.3
# A broken button on top of a normal-mode sequence hides its number: the bot, which remembers
# nothing, then works the sequence out again from the colours.
COVER_COST = 0.3
COLOUR_LETTER = {name: letter for name, letter in zip(COLOURS, LETTERS, strict=True)}


def bot_move(state: dict, seat: int, rng: Rng) -> dict:
    """A strong legal move for `seat`, chosen on what `view(state, seat)` shows and nothing else
    (the legal moves too are what the seat may do, known at the table). No sampling: the bot
    needs no randomness, so `rng` is left untouched."""
    moves = legal_moves(state, seat)
    if not moves:
        raise IllegalMove("The bot has nothing to do: it is not this seat's turn.")
    if len(moves) == 1:
        return moves[0]
    return BotReading(view(state, seat), seat).choose(moves)


# In normal mode the bot builds each sequence as a ladder it can read back from the colours
# and the top: 1, 2, 3, 4, 5 from the bottom, the odd one out at its number's place. A ladder
# whose odd one out is the 1 starts with its own colour's 2 and takes the 1 second; that 1 is
# always of the next colour (red's of green, ..., yellow's of red), and no other ladder has a
# card of that colour second, so the two read apart.
LADDER = (1, 2, 3, 4, 5)
LADDER_FROM_2 = (2, 1, 3, 4, 5)
ODD_ONE_FIRST = {letter: LETTERS[(index + 1) % 5] for index, letter in enumerate(LETTERS)}


def believed_sequence(colour: int, shown: list[str], open_cards: bool) -> str:
    """A sequence as the bot reads it: every card as shown, or in normal mode (numbers under
    the top hidden) as the ladder the bot builds, the covered cards of another colour possibly
    broken buttons, the top continuing the count. A sequence that does not read as a ladder
    gets unknown numbers ("u")."""
    if open_cards or not shown:
        return "".join(CODE_OF[name] for name in shown)
    letter = LETTERS[colour]
    top = CODE_OF[shown[-1]]
    below = [COLOUR_LETTER[name] for name in shown[:-1]]
    column = [*below, top[0]]
    ladders = [LADDER]
    if column[0] == letter and column[1:2] in ([], [ODD_ONE_FIRST[letter]]):
        ladders.insert(0, LADDER_FROM_2)
    for numbers in ladders:
        firm = 2 if numbers is LADDER_FROM_2 else 1  # never broken buttons
        off = [index for index, other in enumerate(below) if other != letter and index >= firm]
        for brokens in range(len(off) + 1):
            believed = _ladder_reading(numbers, below, set(off[len(off) - brokens :]), top)
            if believed is not None:
                return believed
    return "".join(other + "u" for other in below) + top


def _ladder_reading(numbers: tuple, below: list[str], brokens: set, top: str) -> str | None:
    """The ladder with these covered cards broken buttons, if the top continues it."""
    codes, numbered = [], 0
    for index, other in enumerate(below):
        if index in brokens:
            codes.append(other + "!")
            continue
        if numbered == 5:
            return None
        codes.append(other + str(numbers[numbered]))
        numbered += 1
    following = numbers[numbered] if numbered < 5 else None
    kind = KIND_OF[top]
    if kind == NUMBER and NUMBER_OF[top] != following:
        return None
    if kind != NUMBER and (brokens or (following is None and kind == JOKER)):
        return None
    if numbers is LADDER_FROM_2 and len(below) < 2 and kind != NUMBER:
        return None  # a ladder from 2 shows its 2, then its 1, until a number covers them
    if kind == JOKER:  # in a ladder the joker on top is the next number
        top = top[0] + str(following)
    return "".join(codes) + top


def _ladder_next(colour: int, sequence: str) -> tuple[int, ...]:
    """The numbers the bot may play next on a ladder (none when it cannot read it)."""
    if not sequence:
        return (1, 2)
    if "u" in sequence[1::2]:
        return ()
    if sequence == LETTERS[colour] + "2":
        return (1,)
    height = max(NUMBER_OF[code] for code in cards(sequence))
    return (height + 1,) if height < 5 else ()


def _ladder_height(sequence: str) -> int | None:
    """The highest number of a believed ladder, or None when its numbers are unknown."""
    if "u" in sequence[1::2]:
        return None
    return max((NUMBER_OF[code] for code in cards(sequence)), default=0)


class BotReading:
    """The table as the bot's seat sees it, and what the bot expects of its own sequences."""

    def __init__(self, seen: dict, seat: int) -> None:
        self.seen = seen
        self.seat = seat
        self.open = seen["mode"] == "basic" or seen["step"] == "over"
        players = seen["players"]
        self.players = len(players)
        self.sequences = [
            tuple(
                believed_sequence(colour, player["sequences"][name], self.open)
                for colour, name in enumerate(COLOURS)
            )
            for player in players
        ]
        self.mine = self.sequences[seat]
        self.in_play = players[seat]["cards_in_play"]
        self.tops = [CODE_OF[pile["top"]] if pile["top"] else None for pile in seen["piles"]]
        self.held = [CODE_OF[name] for name in seen["held"] or []]
        self.unseen = self._unseen()
        self.pool = max(1, sum(self.unseen.values()))
        turns = seen["deck"] / self.players
        self.draws = turns * (1 + PILE_SHARE)
        self._prospects_cache: dict = {}
        self._value_cache: dict = {}
        self._gain_cache: dict = {}
        self.now = self.value(self.mine)

    # --- What the bot may still get

    def _unseen(self) -> Counter:
        unseen = Counter(FULL_DECK)
        shown = [card for pile in self.sequences for sequence in pile for card in cards(sequence)]
        shown += [code for code in self.tops if code]
        shown += self.held
        shown += [CODE_OF[name] for name in self.seen["breaking"]]
        shown += [CODE_OF[name] for name in self.seen["out"] if name in CODE_OF]
        for code in shown:
            if code in unseen and unseen[code] > 0:
                unseen[code] -= 1
        return unseen

    def chance(self, copies: int, draws: float | None = None) -> float:
        """The chance to come by one of `copies` unseen cards before the game ends. A card on a
        pile's top now counts for nothing more: the next player may take or bury it, and a
        bot that counted on it played worse."""
        draws = self.draws if draws is None else draws
        return 1 - (1 - copies / self.pool) ** draws if copies else 0.0

    # --- What a seat's sequences are worth

    def value(self, sequences: tuple[str, ...], draws: float | None = None) -> float:
        """The points the sequences are expected to score at the end, odd ones out included."""
        key = (sequences, draws)
        if key not in self._value_cache:
            self._value_cache[key] = self._value(sequences, draws)
        return self._value_cache[key]

    def _value(self, sequences: tuple[str, ...], draws: float | None) -> float:
        if _cards_in_play_of(sequences) >= CARD_LIMIT:
            draws = 0.0
        # an odd one out's colour is taken: another sequence looks for its odd one elsewhere
        barred = frozenset(
            odd[0]
            for colour, sequence in enumerate(sequences)
            if (odd := _odd_one(colour, sequence))
        )
        total, open_ones, fixed_odds = 0.0, [], []
        for colour, sequence in enumerate(sequences):
            kind, data = self.prospects(colour, sequence, barred, draws)
            if kind == "fixed":
                letter, number, points, valid = data
                total += points
                fixed_odds.append((letter, number, valid))
            elif kind == "open":
                open_ones.append(data)
                total += max((points for points, _ in data.values()), default=0.0)
        return total + self._extra(fixed_odds, open_ones)

    def _extra(self, fixed_odds: list, open_ones: list) -> float:
        """What the odd ones out may add: the set must hold numbers 1, 2, 3... once each, in
        different colours. A number no odd one out has yet goes to the sequence still without
        one that pays most for it (the set's gain, less the odd one out that sequence would
        rather have), as long as the set gains by it."""
        # Odd ones out that clash (one colour or number twice) leave the set nothing unless
        # all but one of them fail to score: keep the likeliest, hope the others fail.
        chance, letters, spoilers = {}, set(), 1.0
        for letter, number, valid in sorted(fixed_odds, key=lambda odd: -odd[2]):
            if number in chance or letter in letters:
                spoilers *= 1 - valid
            else:
                chance[number] = valid
                letters.add(letter)
        best = extra = given_up = 0.0
        reached, used = 1.0, set()
        for number in range(1, 6):
            valid = chance.get(number)
            if valid is None:
                step = EXTRA_POINTS[number] - EXTRA_POINTS[number - 1]
                offers = [
                    (step * reached * options[number][1] - rather, index, rather)
                    for index, options in enumerate(open_ones)
                    if index not in used and number in options
                    for rather in [max(p for p, _ in options.values()) - options[number][0]]
                ]
                if not offers:
                    break
                _, index, rather = max(offers)
                used.add(index)
                valid, given_up = open_ones[index][number][1], given_up + rather
            reached *= valid
            extra += (EXTRA_POINTS[number] - EXTRA_POINTS[number - 1]) * reached
            best = max(best, spoilers * extra - given_up)
        return best

    def prospects(
        self, colour: int, sequence: str, barred: frozenset, draws: float | None
    ) -> tuple[str, Any]:
        """("fixed", (odd letter, odd number, expected points, chance it scores)) for a sequence
        with its odd one out, ("open", {odd number: (expected points, chance it scores)}) for
        one without, ("dead", None) for one that cannot score any more."""
        key = (colour, sequence, barred, draws)
        if key not in self._prospects_cache:
            self._prospects_cache[key] = self._prospects(colour, sequence, barred, draws)
        return self._prospects_cache[key]

    def _prospects(
        self, colour: int, sequence: str, barred: frozenset, draws: float | None
    ) -> tuple[str, Any]:
        letter = LETTERS[colour]
        shape = _sequence_shape(colour, sequence)
        if shape is None:
            return "dead", None
        counts, cap, odd, jokers = shape
        if cap == 0:
            return "dead", None
        chances = [1.0] * 6
        missing = [number for number in range(1, cap + 1) if not counts[number]]
        for number in missing:
            code = letter + str(number)
            chances[number] = self.chance(self.unseen[code], draws)
        for number in sorted(missing, key=chances.__getitem__)[:jokers]:
            chances[number] = 1.0
        ladder = not self.open
        if odd:
            odd_letter, odd_number = odd
            if odd_number == 0:  # a joker of another colour: it takes a number it fills
                open_slots = [n for n in missing if chances[n] < 1.0]
                if not open_slots:
                    return "dead", None
                odd_number = min(open_slots, key=chances.__getitem__)
                chances[odd_number] = 1.0
            points, valid = self.run_points(chances, cap, odd_number, ladder, counts)
            return "fixed", (odd_letter, odd_number, points, valid)
        options = {}
        for number in missing:
            if chances[number] == 1.0:
                continue  # a joker holds that place
            others = [other for other in LETTERS if other != letter and other not in barred]
            if ladder and number == 1:
                # a ladder's odd one out is its 1 only on a ladder from 2, in the next colour
                if sequence not in ("", letter + "2"):
                    continue
                others = [other for other in others if other == ODD_ONE_FIRST[letter]]
            elif ladder and number == 2 and sequence == letter + "1":
                others = [other for other in others if other != ODD_ONE_FIRST[letter]]
            copies = sum(self.unseen[other + str(number)] for other in others)
            with_odd = list(chances)
            with_odd[number] = self.chance(copies, draws)
            options[number] = self.run_points(with_odd, cap, number, ladder, counts)
        if not options:
            return "dead", None
        return "open", options

    def run_points(
        self, chances: list[float], cap: int, odd_number: int, ladder: bool, counts: list[int]
    ) -> tuple[float, float]:
        """(expected points, chance the run reaches the odd one out)."""
        reach = [1.0] * (cap + 1)
        if ladder:
            height = 0
            while height < cap and counts[height + 1]:
                height += 1
            stages = [chances[number] for number in range(height + 1, cap + 1)]
            stages = tuple(round(stage, 3) for stage in stages)
            reach = [1.0] * (height + 1) + list(_sequential_reach(stages))
        else:
            for run in range(1, cap + 1):
                reach[run] = reach[run - 1] * chances[run]
        points = 0.0
        for run in range(odd_number, cap + 1):
            step = RUN_POINTS[run] if run == odd_number else RUN_POINTS[run] - RUN_POINTS[run - 1]
            points += step * reach[run]
        return points, reach[odd_number]

    # --- Gains of single cards

    def targets(self, code: str, sequences: tuple[str, ...]) -> list[int]:
        """The sequences the bot would play the card into: never one the card would spoil (a
        number twice or a second odd one out where the run may still reach), and in normal
        mode only as the next number of its ladder."""
        colour = LETTERS.index(code[0])
        found = []
        for target, sequence in enumerate(sequences):
            if target != colour and not sequence:
                continue
            if not self.open and not self.fits_ladder(code, target, sequence):
                continue
            if self.spoils(code, target, sequence):
                continue
            found.append(target)
        return found

    def spoils(self, code: str, target: int, sequence: str) -> bool:
        before = _sequence_shape(target, sequence)
        after = _sequence_shape(target, sequence + self.as_played(code, sequence))
        return before is not None and (after is None or after.cap < before.cap)

    def fits_ladder(self, code: str, target: int, sequence: str) -> bool:
        following = _ladder_next(target, sequence)
        if not following:
            return False
        letter = LETTERS[target]
        if not sequence and code == letter + "2" and len(self.shelters(target)) < 2:
            return False  # a broken button would have nowhere else to go but on the 2
        if following == (1,):  # a ladder from 2 takes its odd one out, of the next colour
            return code == ODD_ONE_FIRST[letter] + "1"
        if code[1] == "*" and "!" in sequence[1::2]:
            return False  # under a joker on top the bot could no longer count broken buttons
        played = self.as_played(code, sequence)
        if NUMBER_OF[played] not in following:
            return False
        if played[0] == letter:
            return True
        height = following[0] - 1
        if _odd_one(target, sequence):
            return False
        return not (height == 1 and played[0] == ODD_ONE_FIRST[letter])

    def shelters(self, target: int) -> list[int]:
        """The bot's other sequences a broken button could cover instead of this one."""
        return [
            other
            for other, sequence in enumerate(self.mine)
            if other != target
            and 0 < len(sequence) // 2 < FINISHED
            and _ladder_next(other, sequence) != (1,)
        ]

    def as_played(self, code: str, sequence: str) -> str:
        """In a normal-mode ladder a joker is the next number."""
        if self.open or code[1] != "*":
            return code
        return code[0] + str((_ladder_height(sequence) or 0) + 1)

    def play_gain(self, code: str) -> tuple[float, int | None]:
        """The best gain of playing a number or joker card, and where (None: not worth it)."""
        if code not in self._gain_cache:
            best = (0.0, None)
            if self.in_play < CARD_LIMIT:
                for target in self.targets(code, self.mine):
                    after = list(self.mine)
                    after[target] += self.as_played(code, after[target])
                    gain = self.value(tuple(after)) - self.now
                    if gain > best[0] + 1e-9:
                        best = (gain, target)
            self._gain_cache[code] = best
        return self._gain_cache[code]

    def card_gain(self, code: str) -> float:
        """What a card coming into the bot's hand is worth to it."""
        kind = KIND_OF[code]
        if kind == SURPRISE:
            return max(0.0, self.surprise_gain(code[0]))
        if kind == BROKEN:
            return -self.broken_cost(code)
        return self.play_gain(code)[0]

    def broken_cost(self, code: str) -> float:
        if self.in_play >= CARD_LIMIT:
            return 0.0
        if self.open:
            options = self.removals(code[0])
            if not options:
                return 0.0
            return self.now - max(value for value, _ in options)
        return COVER_COST if any(self.cover_targets(code)) else 0.0

    def removals(self, letter: str) -> list[tuple[float, tuple[int, int]]]:
        """The values after a broken button takes each of the bot's cards of its colour."""
        found = []
        for target, sequence in enumerate(self.mine):
            for index, code in enumerate(cards(sequence)):
                if code[0] == letter and code[1] != "!":
                    after = list(self.mine)
                    after[target] = sequence[: 2 * index] + sequence[2 * index + 2 :]
                    found.append((self.value(tuple(after)), (target, index + 1)))
        return found

    def cover_targets(self, code: str) -> list[int]:
        colour = LETTERS.index(code[0])
        return [
            target
            for target, sequence in enumerate(self.mine)
            if target != colour and 0 < len(sequence) // 2 < FINISHED
        ]

    def surprise_gain(self, letter: str) -> float:
        """The talon's cards of the surprise's colour, less what a broken button found there
        would take, both as likely as the unseen cards make them."""
        talon = self.seen["talon"]
        if not talon or self.in_play >= CARD_LIMIT:
            return 0.0
        share = talon / self.pool
        held = {code[0] for sequence in self.mine for code in cards(sequence) if code[1] != "!"}
        spared, losses = 1.0, []
        for other in LETTERS:
            if self.unseen[other + "!"] and other in held:
                spared *= 1 - share
                removals = self.removals(other)
                if removals:
                    losses.append(self.now - max(value for value, _ in removals))
        found = sum(
            self.unseen[code] * share * self.play_gain(code)[0]
            for code in self.unseen
            if code[0] == letter and KIND_OF[code] in (NUMBER, JOKER)
        )
        loss = sum(losses) / len(losses) if losses else 0.0
        return spared * found - (1 - spared) * loss

    def draw_gain(self) -> float:
        return (
            sum(copies * self.card_gain(code) for code, copies in self.unseen.items() if copies)
            / self.pool
        )

    # --- Choosing

    def choose(self, moves: list[dict]) -> dict:
        best, best_score = moves[0], None
        for move in moves:
            score = self.score(move)
            if best_score is None or score > best_score + 1e-9:
                best, best_score = move, score
        return best

    def score(self, move: dict) -> float:
        kind = move["kind"]
        if kind == "draw":
            return self.draw_gain() + 1e-6  # the deck first among equals: the game moves on
        if kind == "take":
            top = self.tops[move["pile"] - 1]
            if KIND_OF[top] in (BROKEN, SURPRISE):
                # A broken button only costs; a surprise on a pile has most likely looked into
                # the talon already, and the bot, remembering nothing, would take it and look
                # again, and again.
                return -1.0
            gain = self.card_gain(top)
            return gain if gain > 0 else -1.0
        if kind == "discard_sequence":
            after = list(self.mine)
            after[COLOUR_INDEX[move["sequence"]]] = ""
            return self.value(tuple(after)) - self.now
        if kind == "discard_three":
            return -100.0
        if kind == "play":
            code = CODE_OF[move["card"]]
            target = COLOUR_INDEX[move["to"]]
            if KIND_OF[code] == BROKEN:
                return -self.cover_cost(target)
            if target not in self.targets(code, self.mine):
                return -50.0  # it would spoil the sequence, or (normal mode) leave its ladder
            after = list(self.mine)
            after[target] += self.as_played(code, after[target])
            return self.value(tuple(after)) - self.now
        if kind == "discard":
            return self.bury_score(move["pile"])
        if kind == "use_surprise":
            surprise = next(code for code in self.held if code[1] == "?")
            return self.surprise_gain(surprise[0])
        if kind in ("break", "discard_played"):
            target = COLOUR_INDEX[move["sequence"]]
            sequence = self.mine[target]
            index = move["position"] - 1
            after = list(self.mine)
            after[target] = sequence[: 2 * index] + sequence[2 * index + 2 :]
            score = self.value(tuple(after)) - self.now
            if not self.open:  # taking the top keeps the ladder readable
                score += 0.5 * (move["position"] == len(sequence) // 2)
            if kind == "discard_played":
                score += self.bury_score(move["pile"])
            return score
        return 0.0

    def cover_cost(self, target: int) -> float:
        """A normal-mode broken button covers the top of one of the bot's sequences: it scores
        nothing, but hides the number the bot needs next, and a second broken button, or one
        beside an odd one out, leaves the bot unsure which covered card is which."""
        sequence = self.mine[target]
        shape = _sequence_shape(target, sequence)
        if shape is None or shape.cap == 0:
            return 0.1 * COVER_COST  # nothing to lose there
        if _ladder_next(target, sequence) == (1,):
            return 30 * COVER_COST  # a ladder from 2 must show its 2 until the 1 comes
        if "!" in sequence[1::2]:
            return 10 * COVER_COST
        if shape.odd:
            return 3 * COVER_COST
        return COVER_COST

    def bury_score(self, pile: int) -> float:
        """Discarding onto a pile buries its top: good for a card another player wants, bad
        for one the bot wants."""
        top = self.tops[pile - 1]
        if top is None or not self.seen["deck"]:
            return 0.0  # the game ends with this card
        mine = max(0.0, self.card_gain(top)) if KIND_OF[top] in (NUMBER, JOKER) else 0.0
        return BURY_THEIRS * self.wanted_by_others(top) - mine

    def wanted_by_others(self, code: str) -> float:
        if KIND_OF[code] not in (NUMBER, JOKER):
            return 0.0
        best = 0.0
        for seat, sequences in enumerate(self.sequences):
            if seat == self.seat:
                continue
            before = self.value(sequences)
            for target in self.targets(code, sequences):
                after = list(sequences)
                after[target] += self.as_played(code, after[target])
                best = max(best, self.value(tuple(after)) - before)
        return best


def _cards_in_play_of(sequences: tuple[str, ...]) -> int:
    return sum(len(sequence) for sequence in sequences) // 2


class _Shape(NamedTuple):
    """What a sequence holds, as far as its score goes."""

    counts: list[int]  # how many cards of each number (index 1-5)
    cap: int  # the longest run from 1 that can still score
    odd: tuple[str, int] | None  # its odd one out: (letter, number; 0 for an off-colour joker)
    jokers: int  # jokers of its own colour


@functools.lru_cache(maxsize=1 << 14)
def _sequence_shape(colour: int, sequence: str) -> _Shape | None:
    """The shape of a sequence as the bot believes it; None when its numbers are unknown."""
    letter = LETTERS[colour]
    counts = [0] * 6
    offs, jokers, off_jokers = [], 0, []
    for code in cards(sequence):
        rank = code[1]
        if rank == "!":
            continue
        if rank == "u":
            return None
        if rank == "*":
            if code[0] == letter:
                jokers += 1
            else:
                off_jokers.append(code[0])
            continue
        number = int(rank)
        counts[number] += 1
        if code[0] != letter:
            offs.append((code[0], number))
    cap = next((number - 1 for number in range(1, 6) if counts[number] > 1), 5)
    offs.sort(key=lambda odd: odd[1])
    if len(offs) > 1:  # a second card of another colour ends the run below it
        cap = min(cap, offs[1][1] - 1)
    odd = offs[0] if offs and offs[0][1] <= cap else None
    if odd is None and off_jokers:
        odd = (off_jokers[0], 0)
    return _Shape(counts, cap, odd, jokers)


def _odd_one(colour: int, sequence: str) -> tuple[str, int] | None:
    """The numbered odd one out of a sequence, if it has one."""
    shape = _sequence_shape(colour, sequence)
    if shape is None or shape.odd is None or not shape.odd[1]:
        return None
    return shape.odd


@functools.lru_cache(maxsize=1 << 12)
def _sequential_reach(stages: tuple[float, ...]) -> tuple[float, ...]:
    """For a ladder: the chance to have climbed 1, 2, ... of the stages in order, each stage
    given as the chance to come by its card over the whole game (rounded, for the cache)."""
    reach, product = [], 1.0
    for index, stage in enumerate(stages):
        # each later stage has less of the game left to come by its card
        product *= 1 - (1 - stage) ** (1 / (index + 1)) if stage < 1 else 1.0
        reach.append(product)
    return tuple(reach)
