"""Buttons (Benjamin Schwer): lay buttons from shared dice, opt out in time, collect stars.

Rules notes: how the service reads ../shared/rulebooks/buttons.txt.

Rulings (RULINGS.md) that apply:
- Every board side is a 6x6 grid of four printed colours (red, yellow, green, blue), rows by the
  white die, columns by the black dice; the rulebook's "symbol" is the printed colour. The eight
  layouts are house data (LAYOUTS below): nine cells of each colour, every layout different.
- Players get a random board side unless the game's options choose one.
- Button cards: one per colour; the red card's holder starts every round; the cards pass to the
  left after each round. With 3 players the yellow card is out of the game; with 2 players each
  player holds two cards and puts two black dice in the depot when out of the round.
- After a roll every seat that can decide is in `to_act` at once: the active player (who must lay
  a button at the white die's row and any black die's column) and every other player still in the
  round whose gold square (white die, gold black die) is legal on their own board. The game goes
  on when the last of them has answered. A seat whose gold square is illegal is not asked.
- A seat may set a standing order at any time, an optional move nobody waits for: "always take
  the gold square when legal", "always decline", or "ask me". `standing_order_move` returns the
  answer it stands for; the store submits it at once as a move of that seat.
- Bust (no legal square for the active player) and opting out (only with a button on the board
  this round) as printed. The button supply is unlimited.
- Round-end stars for those who opted out: 1, plus 1 per colour covered at least three times this
  round, plus 1 per own button card whose colour was covered at least three times. Each star is
  one step of its owner, on a square that held one of their buttons this round; every player with
  stars to place is in `to_act` at once.
- Game end after a round: five stars in an orthogonal line without gaps, or twelve stars.
  Ties as printed.
- Moves are atomic steps; randomness (the card deal, board sides, dice) only from the rng.

Decisions where the rulebook is silent:
- Take-backs (`reveals`): nothing at the table is hidden but each seat's own standing order, so
  no step shows anything new beyond the dice, whose roll the store refuses to take back, but
  the one that ends the game (it shows every standing order).
- Seats sit clockwise in join order: "left" and "clockwise" both mean the next seat.
- Option `layout`: "random" gives every player a different board (of the four) with a random side;
  naming a layout ("1a" ... "4b") gives every player that same side, for an even game.
- The four (or three) button cards are dealt at random, so the red card picks the first player.
- The black dice with white pips that go to a depot are simply counted: the next roll is made
  with the dice still in front of the players (white, gold black and the remaining black dice).
- The active player may use the gold black die as one of their black dice (Emma's example lets
  her choose column 6, the gold die).
- A bust happens as part of the roll; the other players still answer the gold square.
- A step with only one possible outcome is taken by the rules, never asked: an active player with
  exactly one legal square lays there at once, and a player who earns as many stars as they have
  buttons gets a star on every button's square. A gold square question is always asked
  (declining is a choice).
- A standing order only answers the gold square question; the active player always decides.
  Standing orders are private to their seat until the game ends.
- "The player able to place the most stars" (the tie between several lines of five) means the
  most stars on the board. Like buttons, the supply of stars is unlimited.
- At a deadline (`skip_move`) an unanswered gold square is declined; the active player's roll,
  opt-out or lay and a star placement cannot be skipped.
- `standing` (the greedy bot's score) counts the stars on the board plus the stars the round has
  already secured, so a bot sees that opting out pays.
- Notation: "roll", "opt out", "lay 5 2" (row, column), "decline", "star 3 4", and the standing
  orders "always take", "always decline", "ask me"; "take" answers the gold square, and bare
  coordinates mean the lay or star at hand.

The strong bot (`bot_move`) plays only on what `view` shows its seat: every board is public,
the other seats' standing orders are never read, and it never sets one itself.
- Worth of a star board: how soon it should win. Stars come at about 2.5 a round toward
  twelve; every run of five squares missing one or two stars is a second way to win (one button
  on each missing square, then opting out, stars it). The ways' rates add up; the worth is the
  expected rounds to a win, in stars. A finished line or twelve stars is the best board.
- Roll or opt out, where to lay, take or decline the gold square: an expectimax over the
  seat's own next rolls (two to four, as many as the open squares allow within a fixed budget).
  The dice are public knowledge: with the white die giving the row, the chance that a given
  open column is the best one the column dice show is exact, and a row with no open column the
  dice show is a bust, worth nothing. At each step the seat may opt out and earn what
  score_round would give, its stars on the squares that bring the board closest to a win.
  Laying next to a button closes squares, so keeping rows open is weighed, not ruled.
- Later rolls expect the worst: every other player with a button may have opted out by then,
  leaving fewer black dice. The roll about to be made counts the dice on the table.
- When another player has opted out with enough to end the game this round (a line of five
  or twelve stars), this round is the last: the bot plays to beat that claim (a line beats
  stars, then more stars; a tie shares the victory) instead of for worth.
- Stars are placed on the best set of button squares (every choice when there are few),
  preferring a line of five among boards that win.
- Deterministic for what the seat sees: the rng is not drawn from, and one round's lookahead
  is remembered between its decisions (keyed by what the seat sees only).
"""

from __future__ import annotations

import copy
import functools
import itertools
import math
import re
import sys
import textwrap
from collections.abc import Iterable
from typing import Any

from games.base import (
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

slug = "buttons"
title = "Buttons"
min_players = 2
max_players = 4
version = 1

# House data: the rulebook prints no board layouts. Four boards, two sides each; rows top to
# bottom match the white die 1-6, columns left to right the black dice 1-6.
# R red, Y yellow, G green, B blue; nine cells of each colour on every side.
LAYOUTS: dict[str, tuple[str, ...]] = {
    "1a": ("RRRBRB", "GBBBGY", "RBGRYY", "RYYBYG", "GRYRBG", "GGYGYB"),
    "1b": ("RRYYYY", "GBYGYR", "BRBRGR", "GBBBGG", "BYBRGY", "YGGRRB"),
    "2a": ("YGGBYR", "GYBYRG", "RYYRRR", "GBRYBY", "BBBRGG", "GBBYRG"),
    "2b": ("RYGGBR", "YGYRYR", "GGBYYB", "YRBGGG", "RRBYRB", "RGBBBY"),
    "3a": ("YYBYYR", "YGBGRB", "BBBGGR", "YGRGRR", "BBGGGY", "RYRYRB"),
    "3b": ("GBGYBY", "BRRRYR", "BRYYRG", "RGYGGB", "RGBBYG", "RGBYBY"),
    "4a": ("YRGGYG", "RYGGYB", "YGBGRB", "BBGRRG", "RYBYRY", "BRBBYR"),
    "4b": ("GGBBBY", "BYBGYY", "GYYRRB", "GBRRBG", "RRGYRG", "YGBRRY"),
}
COLOURS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue"}
CARDS = ("red", "yellow", "green", "blue")

OPTIONS: dict[str, tuple] = {"layout": ("random", *LAYOUTS)}
options = OPTIONS

SIZE = 6
EMPTY, BUTTON, STAR = ".", "o", "*"
BLACK_DICE = 4  # the black dice with white pips; the white and the gold black die never leave
COVERED = 3  # a colour covered this often earns a star
LINE = 5
STARS_TO_END = 12
# Moves a seat may make at any time without answering anything: bots leave them alone.
side_kinds = ("order",)

ORDERS = {
    "take": "always take the gold square when legal",
    "decline": "always decline the gold square",
    "ask": "ask me",
}


# Setup


def setup(players: int | list[str], options: dict | None, rng: Rng) -> dict:
    names = player_names(players)
    check_player_count(sys.modules[__name__], names)
    chosen = resolve_options(OPTIONS, options)
    count = len(names)
    state = {
        "players": names,
        "layouts": deal_layouts(count, chosen["layout"], rng),
        "cards": deal_cards(count, rng),
        "boards": [EMPTY * SIZE * SIZE for _ in names],
        "orders": ["ask"] * count,
        "roll": None,
        "round": 1,
        "last_round": None,
    }
    start_round(state)
    return state


def deal_layouts(count: int, layout: str, rng: Rng) -> list[str]:
    if layout != "random":
        return [layout] * count
    boards = ["1", "2", "3", "4"]
    rng.shuffle(boards)
    return [board + rng.choice("ab") for board in boards[:count]]


def deal_cards(count: int, rng: Rng) -> list[list[str]]:
    cards = [card for card in CARDS if not (count == 3 and card == "yellow")]
    rng.shuffle(cards)
    each = len(cards) // count
    hands = [cards[n * each : (n + 1) * each] for n in range(count)]
    return [sorted(hand, key=CARDS.index) for hand in hands]


def start_round(state: dict) -> None:
    count = len(state["players"])
    state["active"] = next(seat for seat in range(count) if "red" in state["cards"][seat])
    state["phase"] = "turn"
    state["out"] = [None] * count
    state["waiting"] = []
    state["stars_to_place"] = [0] * count


# The boards: laying rules. A board is 36 cells read row by row: "." empty, "o" a button,
# "*" a star.


def index(row: int, column: int) -> int:
    return (row - 1) * SIZE + column - 1


def square(at: int) -> tuple[int, int]:
    return at // SIZE + 1, at % SIZE + 1


NEIGHBOURS = [
    tuple(
        index(r, c)
        for r, c in ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
        if 1 <= r <= SIZE and 1 <= c <= SIZE
    )
    for row in range(1, SIZE + 1)
    for column in range(1, SIZE + 1)
]


def laying_refusal(board: str, row: int, column: int) -> str | None:
    """Why a button may not go on this square, or None when it may."""
    at = index(row, column)
    if board[at] == BUTTON:
        return "already holds a button"
    if board[at] == STAR:
        return "holds a star"
    if any(board[near] == BUTTON for near in NEIGHBOURS[at]):
        return "is next to a button"
    return None


def can_lay(board: str, row: int, column: int) -> bool:
    at = index(row, column)
    return board[at] == EMPTY and all(board[near] != BUTTON for near in NEIGHBOURS[at])


def marked(board: str, row: int, column: int, what: str) -> str:
    at = index(row, column)
    return board[:at] + what + board[at + 1 :]


def squares_holding(board: str, what: str) -> list[tuple[int, int]]:
    return [square(at) for at, here in enumerate(board) if here == what]


def colour_of(state: dict, seat: int, row: int, column: int) -> str:
    return COLOURS[LAYOUTS[state["layouts"][seat]][row - 1][column - 1]]


def in_round(state: dict, seat: int) -> bool:
    return state["out"][seat] is None


def depot(state: dict, seat: int) -> int:
    """Dice in the seat's depot: one (two with 2 players) once out of the round."""
    if in_round(state, seat):
        return 0
    return 2 if len(state["players"]) == 2 else 1


# Who acts


def to_act(state: dict) -> list[int]:
    phase = state["phase"]
    if phase == "turn":
        return [state["active"]]
    if phase == "answer":
        return list(state["waiting"])
    if phase == "stars":
        return [seat for seat, left in enumerate(state["stars_to_place"]) if left]
    return []


def open_columns(state: dict) -> list[int]:
    """The active player's choice: any black die, the gold one included, in the white row."""
    roll = state["roll"]
    board = state["boards"][state["active"]]
    columns = sorted({roll["gold"], *roll["black"]})
    return [column for column in columns if can_lay(board, roll["white"], column)]


def gold_square(state: dict) -> tuple[int, int]:
    return state["roll"]["white"], state["roll"]["gold"]


# Legal moves


def legal_moves(state: dict, seat: int) -> list[dict]:
    if state["phase"] == "over":
        return []
    moves = []
    if state["phase"] == "turn" and seat == state["active"]:
        moves.append({"kind": "roll"})
        if BUTTON in state["boards"][seat]:
            moves.append({"kind": "opt_out"})
    elif state["phase"] == "answer" and seat in state["waiting"]:
        row = state["roll"]["white"]
        if seat == state["active"]:
            moves += [{"kind": "lay", "row": row, "column": c} for c in open_columns(state)]
        else:
            moves.append({"kind": "lay", "row": row, "column": state["roll"]["gold"]})
            moves.append({"kind": "decline"})
    elif state["phase"] == "stars" and state["stars_to_place"][seat]:
        squares = squares_holding(state["boards"][seat], BUTTON)
        moves += [{"kind": "star", "row": r, "column": c} for r, c in squares]
    moves += [{"kind": "order", "order": o} for o in ORDERS if o != state["orders"][seat]]
    return moves


def standing_order_move(state: dict, seat: int) -> dict | None:
    """The answer a seat's standing order gives to the question it is asked now, if any."""
    if state["phase"] != "answer" or seat not in state["waiting"] or seat == state["active"]:
        return None
    order = state["orders"][seat]
    if order == "take":
        row, column = gold_square(state)
        return {"kind": "lay", "row": row, "column": column}
    if order == "decline":
        return {"kind": "decline"}
    return None


def skip_move(state: dict, seat: int) -> dict | None:
    """At a deadline an unanswered gold square is declined; nothing else can be skipped."""
    if state["phase"] == "answer" and seat in state["waiting"] and seat != state["active"]:
        return {"kind": "decline"}
    return None


# Apply


FIELDS = {
    "roll": (),
    "opt_out": (),
    "lay": ("row", "column"),
    "decline": (),
    "star": ("row", "column"),
    "order": ("order",),
}
KINDS = tuple(FIELDS)
EXAMPLES = {
    "roll": "roll",
    "opt_out": "opt out",
    "lay": "lay 5 2",
    "decline": "decline",
    "star": "star 3 4",
    "order": "always take",
}


def apply(state: dict, seat: int, move: dict, rng: Rng) -> dict:
    kind = check_move(state, seat, move)
    MOVES[kind](state, seat, move, rng)
    return state


def check_move(state: dict, seat: int, move: Any) -> str:
    """Everything every move needs: a game still going, a real seat and a well-formed move."""
    if state["phase"] == "over":
        raise IllegalMove("The game is over; no more moves.")
    count = len(state["players"])
    if not is_int(seat) or not 0 <= seat < count:
        raise IllegalMove(f"There is no seat {seat!r}; seats are 0 to {count - 1}.")
    kind = require_move_kind(move, KINDS)
    if set(move) != {"kind", *FIELDS[kind]}:
        raise IllegalMove(f"That is not how to write a move; try '{EXAMPLES[kind]}'.")
    for axis in ("row", "column"):
        if axis in move and not (is_int(move[axis]) and 1 <= move[axis] <= SIZE):
            raise IllegalMove(f"There is no {axis} {move[axis]!r}; {axis}s run from 1 to 6.")
    return kind


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def roll(state: dict, seat: int, move: dict, rng: Rng) -> None:
    require_turn(state, seat)
    black = BLACK_DICE - sum(depot(state, other) for other in range(len(state["players"])))
    state["roll"] = {
        "white": rng.randint(1, 6),
        "gold": rng.randint(1, 6),
        "black": [rng.randint(1, 6) for _ in range(black)],
    }
    state["phase"] = "answer"
    state["waiting"] = []
    columns = open_columns(state)
    if not columns:
        bust(state, seat)
    elif len(columns) == 1:
        lay_button(state, seat, state["roll"]["white"], columns[0])
    else:
        state["waiting"].append(seat)
    row, column = gold_square(state)
    for other in clockwise_after(state, seat):
        if in_round(state, other) and can_lay(state["boards"][other], row, column):
            state["waiting"].append(other)
    if not state["waiting"]:
        pass_dice(state)


def bust(state: dict, seat: int) -> None:
    """The buttons go back to the pool; stars stay; the player is out until the next round."""
    state["boards"][seat] = state["boards"][seat].replace(BUTTON, EMPTY)
    state["out"][seat] = "bust"


def opt_out(state: dict, seat: int, move: dict, rng: Rng) -> None:
    require_turn(state, seat)
    if BUTTON not in state["boards"][seat]:
        raise IllegalMove("You can only opt out with a button on your board; roll the dice.")
    state["out"][seat] = "opted out"
    pass_dice(state)


def lay(state: dict, seat: int, move: dict, rng: Rng) -> None:
    require_question(state, seat)
    row, column = move["row"], move["column"]
    white, gold = gold_square(state)
    if seat == state["active"]:
        columns = sorted({gold, *state["roll"]["black"]})
        if row != white:
            raise IllegalMove(f"Your button goes in row {white}, the white die, not row {row}.")
        if column not in columns:
            shown = ", ".join(map(str, columns))
            raise IllegalMove(f"No black die shows {column}; the dice give columns {shown}.")
    elif (row, column) != (white, gold):
        raise IllegalMove(
            f"You may only lay on the gold square, row {white} column {gold}, or decline."
        )
    refusal = laying_refusal(state["boards"][seat], row, column)
    if refusal:
        raise IllegalMove(f"Row {row}, column {column} {refusal}.")
    lay_button(state, seat, row, column)
    answered(state, seat)


def lay_button(state: dict, seat: int, row: int, column: int) -> None:
    state["boards"][seat] = marked(state["boards"][seat], row, column, BUTTON)


def decline(state: dict, seat: int, move: dict, rng: Rng) -> None:
    require_question(state, seat)
    if seat == state["active"]:
        shown = ", ".join(map(str, open_columns(state)))
        row = state["roll"]["white"]
        raise IllegalMove(f"You rolled, so you must lay a button in row {row}: columns {shown}.")
    answered(state, seat)


def answered(state: dict, seat: int) -> None:
    state["waiting"].remove(seat)
    if not state["waiting"]:
        pass_dice(state)


def order(state: dict, seat: int, move: dict, rng: Rng) -> None:
    wanted = move["order"]
    if not isinstance(wanted, str) or wanted not in ORDERS:
        raise IllegalMove("Standing orders are 'always take', 'always decline' or 'ask me'.")
    if wanted == state["orders"][seat]:
        raise IllegalMove(f"Your standing order is already '{ORDERS[wanted]}'.")
    state["orders"][seat] = wanted


def require_turn(state: dict, seat: int) -> None:
    if state["phase"] != "turn" or seat != state["active"]:
        raise IllegalMove(waiting_for(state, seat))


def require_question(state: dict, seat: int) -> None:
    if state["phase"] != "answer" or seat not in state["waiting"]:
        raise IllegalMove(waiting_for(state, seat))


def waiting_for(state: dict, seat: int) -> str:
    """What the game waits for, told to a seat that tried something else."""
    phase, names = state["phase"], state["players"]
    waited = " and ".join(names[s] for s in to_act(state))
    if phase == "turn":
        if seat == state["active"]:
            return "It is your turn: roll the dice or opt out."
        return f"It is {names[state['active']]}'s turn to roll or opt out."
    if phase == "answer":
        if seat in state["waiting"]:
            return "Answer the roll first: " + ", ".join(
                format_move(m, state, seat) for m in legal_moves(state, seat)[:-2]
            )
        if not in_round(state, seat):
            return f"You are out of this round; waiting for {waited} to answer the roll."
        return f"You have nothing to lay on this roll; waiting for {waited}."
    if state["stars_to_place"][seat]:
        return f"The round is over: place your stars first ({state['stars_to_place'][seat]} left)."
    return f"The round is over; waiting for {waited} to place stars."


def clockwise_after(state: dict, seat: int) -> list[int]:
    count = len(state["players"])
    return [(seat + step) % count for step in range(1, count)]


def pass_dice(state: dict) -> None:
    """To the next player clockwise with an empty depot; the same player if nobody else; else
    the round is over."""
    state["waiting"] = []
    active = state["active"]
    for seat in [*clockwise_after(state, active), active]:
        if in_round(state, seat):
            state["active"] = seat
            state["phase"] = "turn"
            return
    end_round(state)


# End of a round: stars


def end_round(state: dict) -> None:
    state["phase"] = "stars"
    scores = [None] * len(state["players"])
    for seat in range(len(state["players"])):
        if state["out"][seat] == "opted out":
            score = score_round(state, seat)
            scores[seat] = {key: score[key] for key in ("stars", "colours", "cards")}
            state["stars_to_place"][seat] = score["stars"]
            place_forced_stars(state, seat)
    state["last_round"] = {"round": state["round"], "scores": scores}
    if not any(state["stars_to_place"]):
        finish_round(state)


def score_round(state: dict, seat: int) -> dict:
    """1 for opting out, 1 per colour covered three times, 1 per button card of such a colour."""
    counts = dict.fromkeys(CARDS, 0)
    for row, column in squares_holding(state["boards"][seat], BUTTON):
        counts[colour_of(state, seat, row, column)] += 1
    colours = [colour for colour in CARDS if counts[colour] >= COVERED]
    cards = [card for card in state["cards"][seat] if card in colours]
    return {
        "opt_out": 1,
        "covered": counts,
        "colours": colours,
        "cards": cards,
        "stars": 1 + len(colours) + len(cards),
    }


def place_forced_stars(state: dict, seat: int) -> None:
    """As many stars as buttons leave no choice: they go on every button's square."""
    board = state["boards"][seat]
    left = state["stars_to_place"][seat]
    if left and left == board.count(BUTTON):
        state["boards"][seat] = board.replace(BUTTON, STAR)
        state["stars_to_place"][seat] = 0


def star(state: dict, seat: int, move: dict, rng: Rng) -> None:
    if state["phase"] != "stars" or not state["stars_to_place"][seat]:
        raise IllegalMove(waiting_for(state, seat))
    row, column = move["row"], move["column"]
    board = state["boards"][seat]
    if board[index(row, column)] != BUTTON:
        shown = ", ".join(f"{r} {c}" for r, c in squares_holding(board, BUTTON))
        raise IllegalMove(
            f"Row {row}, column {column} holds none of your buttons; a star goes on one: {shown}."
        )
    state["boards"][seat] = marked(board, row, column, STAR)
    state["stars_to_place"][seat] -= 1
    if not any(state["stars_to_place"]):
        finish_round(state)


def finish_round(state: dict) -> None:
    """Buttons back to the pool; the game ends, or the cards pass left and a new round starts."""
    state["boards"] = [board.replace(BUTTON, EMPTY) for board in state["boards"]]
    if any(ends_game(board) for board in state["boards"]):
        state["phase"] = "over"
        state["waiting"] = []
        return
    cards = state["cards"]
    state["cards"] = [cards[seat - 1] for seat in range(len(cards))]
    state["round"] += 1
    start_round(state)


MOVES = {
    "roll": roll,
    "opt_out": opt_out,
    "lay": lay,
    "decline": decline,
    "star": star,
    "order": order,
}


# End of the game


def star_count(board: str) -> int:
    return board.count(STAR)


def lines_of(board: str) -> list[str]:
    rows = [board[at : at + SIZE] for at in range(0, SIZE * SIZE, SIZE)]
    return rows + [board[column::SIZE] for column in range(SIZE)]


@functools.lru_cache(maxsize=4096)
def has_line(board: str) -> bool:
    """Five stars side by side in a row or a column, no gaps; diagonals do not count.

    Cached: a board is a string, and every view of a position asks again about the same boards.
    """
    if board.count(STAR) < LINE:
        return False
    return any(STAR * LINE in line for line in lines_of(board))


def ends_game(board: list[str]) -> bool:
    return has_line(board) or star_count(board) >= STARS_TO_END


def winners(state: dict) -> list[int]:
    """A line of five beats twelve stars; then the most stars; a tie shares the victory."""
    boards = state["boards"]
    with_line = [seat for seat, board in enumerate(boards) if has_line(board)]
    contenders = with_line or list(range(len(boards)))
    most = max(star_count(boards[seat]) for seat in contenders)
    return [seat for seat in contenders if star_count(boards[seat]) == most]


def outcome(state: dict) -> Outcome | None:
    if state["phase"] != "over":
        return None
    boards = state["boards"]
    return Outcome(
        scores=[star_count(board) for board in boards],
        winners=winners(state),
        details={
            "stars": [star_count(board) for board in boards],
            "lines_of_five": [has_line(board) for board in boards],
            "rounds": state["round"],
        },
    )


def explain(outcome: dict, names: list[str]) -> Explanation:
    """Stars are the score; a line of five stars beats any count (then the most stars win)."""
    details = outcome["details"]
    stars, lines = details["stars"], details["lines_of_five"]
    sentences = [
        f"After {plural(details['rounds'], 'round')} each star counts one, and five stars in a "
        "line beat any count."
    ]
    for seat, name in enumerate(names):
        line = " with five in a line" if lines[seat] else ""
        sentences.append(f"{name} has {plural(stars[seat], 'star')}{line}.")
    rows = [[name, stars[seat], "yes" if lines[seat] else ""] for seat, name in enumerate(names)]
    return Explanation(sentences, ["Player", "Stars", "Five in a line"], rows)


def standing(state: dict, seat: int) -> int:
    """Stars on the board plus the stars this round has already secured: those still to place,
    or, for a player who opted out, what the round will bring them."""
    secured = state["stars_to_place"][seat]
    if state["phase"] in ("turn", "answer") and state["out"][seat] == "opted out":
        secured = score_round(state, seat)["stars"]
    return star_count(state["boards"][seat]) + secured


# View


def reveals(before: dict, seat: int, move: dict, after: dict) -> bool:
    """Nothing at a Buttons table is hidden but each seat's own standing order, which the end
    of the game shows everyone: before it a step shows nothing new beyond the dice, and
    rolling draws from the rng, which the store checks."""
    return after["phase"] == "over"


def view(state: dict, seat: int | None) -> dict:
    """Every board is public; only the standing orders are private until the game ends."""
    over = state["phase"] == "over"
    roll = state["roll"]
    shown = {
        "players": list(state["players"]),
        "round": state["round"],
        "phase": state["phase"],
        "active": state["active"],
        "to_act": to_act(state),
        "last_roll": roll and {**roll, "black": list(roll["black"])},
        "gold_square": list(gold_square(state)) if state["phase"] == "answer" else None,
        "open_columns": open_columns(state) if state["phase"] == "answer" else [],
        "scores": [star_count(board) for board in state["boards"]],
        "boards": [board_view(state, s) for s in range(len(state["players"]))],
        "colours": dict(COLOURS),
        "last_round": copy.deepcopy(state["last_round"]),
        "winners": winners(state) if over else None,
    }
    if seat is not None:
        shown["standing_order"] = state["orders"][seat]
    if over:
        shown["standing_orders"] = list(state["orders"])
    return shown


def board_view(state: dict, seat: int) -> dict:
    board = state["boards"][seat]
    layout = state["layouts"][seat]
    return {
        "layout": layout,
        "colours": list(LAYOUTS[layout]),
        "cells": [board[at : at + SIZE] for at in range(0, SIZE * SIZE, SIZE)],
        "buttons": board.count(BUTTON),
        "stars": board.count(STAR),
        "line_of_five": has_line(board),
        "depot": depot(state, seat),
        "out": state["out"][seat],
        "cards": list(state["cards"][seat]),
        "stars_to_place": state["stars_to_place"][seat],
    }


MARKS = {EMPTY: ".", BUTTON: "o", STAR: "*"}
PHASE_TEXT = {
    "turn": "{active} rolls or opts out.",
    "answer": "Waiting for {waiting} after {active}'s roll.",
    "stars": "Round over: waiting for {waiting} to place stars.",
}


def board_text(board: dict) -> list[str]:
    """A 6x6 grid: each square its colour letter and a mark (. empty, o button, * star)."""
    lines = ["     " + "   ".join(str(column) for column in range(1, SIZE + 1))]
    for row, (colours, cells) in enumerate(zip(board["colours"], board["cells"], strict=True)):
        squares = "  ".join(
            colour + MARKS[cell] for colour, cell in zip(colours, cells, strict=True)
        )
        lines.append(f"  {row + 1}  {squares}")
    return lines


def player_text(board: dict, score: int) -> str:
    notes = [plural(score, "star"), plural(board["buttons"], "button")]
    notes.append(f"card{'s' * (len(board['cards']) != 1)} {' and '.join(board['cards'])}")
    if board["out"]:
        notes.append(board["out"])
    if board["stars_to_place"]:
        notes.append(f"{board['stars_to_place']} to place")
    if board["line_of_five"]:
        notes.append("line of five")
    return ", ".join(notes)


def joined(names: list[str]) -> str:
    return " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 2 else names)


def view_text(state: dict, seat: int | None) -> str:
    """The position as `seat` sees it, in a few plain lines for an email; built from view."""
    shown = view(state, seat)
    names = shown["players"]
    phase = shown["phase"]
    active = names[shown["active"]]
    lines = [f"Buttons, round {shown['round']}."]
    if phase == "over":
        winners = [names[n] for n in shown["winners"]]
        lines.append(f"The game is over. Winner{'s' * (len(winners) > 1)}: {joined(winners)}")
    else:
        waiting = joined([names[n] for n in shown["to_act"]]) or "nobody"
        lines += textwrap.wrap(PHASE_TEXT[phase].format(active=active, waiting=waiting), 78)
    roll = shown["last_roll"]
    if roll:
        black = " ".join(str(die) for die in roll["black"]) or "none"
        label = "Last roll" if phase in ("turn", "over") else "Dice"
        lines.append(f"{label}: white {roll['white']}, gold {roll['gold']}, black {black}")
    if shown["gold_square"]:
        row, column = shown["gold_square"]
        lines.append(f"Gold square: row {row}, column {column}")
    if shown["open_columns"] and shown["active"] in shown["to_act"]:
        columns = ", ".join(map(str, shown["open_columns"]))
        lines.append(f"{active} may lay in row {roll['white']}, column {columns}")
    mine = seat if seat is not None else shown["active"]
    board = shown["boards"][mine]
    lines.append("")
    whose = f"Your board, {names[mine]}" if seat is not None else f"{names[mine]}'s board"
    lines.append(f"{whose} (layout {board['layout']}):")
    lines += board_text(board)
    colours = ", ".join(f"{letter} {colour}" for letter, colour in shown["colours"].items())
    lines.append(f"  ({colours}; . empty, o button, * star)")
    lines.append("")
    width = max(len(name) for name in names)
    for n, name in enumerate(names):
        notes = player_text(shown["boards"][n], shown["scores"][n])
        line = f"  {name:<{width}}  {notes}" + (", you" if n == seat else "")
        lines += textwrap.wrap(line, 78, subsequent_indent=" " * (width + 4))
    if seat is not None and phase != "over":
        lines.append(f"Your standing order: {ORDERS[shown['standing_order']]}")
    return "\n".join(lines)


# Describe


def describe(before: dict, seat: int, move: dict, after: dict, viewer: Viewer) -> str:
    name = before["players"][seat]
    kind = move["kind"]
    if kind == "roll":
        line = describe_roll(before, seat, after)
    elif kind == "opt_out":
        buttons = before["boards"][seat].count(BUTTON)
        line = f"{name} opts out of round {before['round']} with {plural(buttons, 'button')}."
    elif kind == "lay":
        colour = colour_of(before, seat, move["row"], move["column"])
        line = f"{name} lays a button on row {move['row']}, column {move['column']} ({colour})."
    elif kind == "decline":
        line = f"{name} declines the gold square."
    elif kind == "star":
        line = f"{name} places a star on row {move['row']}, column {move['column']}."
    elif knows(viewer, seat):
        line = f"{name} sets a standing order: {ORDERS[move['order']]}."
    else:
        line = f"{name} changes a standing order."
    return " ".join([line, *what_follows(before, move, after)])


def describe_roll(before: dict, seat: int, after: dict) -> str:
    name = before["players"][seat]
    dice = after["roll"]
    black = ", ".join(map(str, dice["black"])) or "none"
    line = f"{name} rolls white {dice['white']}, gold {dice['gold']}, black {black}."
    board = before["boards"][seat]
    columns = sorted({dice["gold"], *dice["black"]})
    squares = [column for column in columns if can_lay(board, dice["white"], column)]
    if not squares:
        line += (
            f" No legal square in row {dice['white']}: {name} busts, the buttons go back to"
            " the pool and the stars stay."
        )
    elif len(squares) == 1:
        line += f" {name} lays on the only legal square, row {dice['white']}, column {squares[0]}."
    return line


def what_follows(before: dict, move: dict, after: dict) -> list[str]:
    """What the move set off: the dice passing on, the end of a round, the end of the game."""
    names = after["players"]
    told = []
    if before["phase"] in ("turn", "answer") and (
        after["round"] != before["round"] or after["phase"] in ("stars", "over")
    ):
        told.append(describe_round_end(after))
    if after["phase"] == "over":
        told.append("The game is over: " + describe_winners(after) + ".")
    elif after["phase"] == "turn" and after["round"] != before["round"]:
        told.append(f"Round {after['round']} begins with {names[after['active']]}.")
    elif after["phase"] == "turn" and move["kind"] != "order":
        if after["active"] == before["active"]:
            told.append(f"{names[after['active']]} takes another turn.")
        else:
            told.append(f"The dice pass to {names[after['active']]}.")
    return told


def describe_round_end(state: dict) -> str:
    last = state["last_round"]
    earned = []
    for seat, score in enumerate(last["scores"]):
        if score:
            parts = ["1 for opting out"]
            if score["colours"]:
                parts.append(f"{len(score['colours'])} for {', '.join(score['colours'])}")
            if score["cards"]:
                parts.append(f"{len(score['cards'])} for the button card")
            stars = plural(score["stars"], "star")
            earned.append(f"{state['players'][seat]} earns {stars} ({', '.join(parts)})")
    earned_text = "; ".join(earned) or "nobody earns a star"
    return f"Round {last['round']} is over: {earned_text}."


def describe_winners(state: dict) -> str:
    best = winners(state)
    board = state["boards"][best[0]]
    how = " with five stars in a line" if has_line(board) else ""
    stars = plural(star_count(board), "star")
    if len(best) == 1:
        return f"{state['players'][best[0]]} wins{how} ({stars})"
    who = " and ".join(state["players"][seat] for seat in best)
    return f"{who} share the victory{how} ({stars} each)"


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


# Notation


NOTATION_HELP = """Buttons moves (rows are the white die, columns the black dice; both 1 to 6):
  roll            roll the dice on your turn
  opt out         leave the round with the buttons you have (needs one button)
  lay 5 2         lay a button on row 5, column 2 (after a roll; 'take' = your gold square)
  decline         do not take the gold square
  star 3 4        place a star where one of your buttons lay this round
  always take     standing order: take my gold square whenever it is legal
  always decline  standing order: decline my gold square
  ask me          standing order: ask me every time"""

WORDS = {
    "roll": {"roll", "roll dice", "roll the dice", "r"},
    "opt_out": {"opt out", "optout", "opt", "out"},
    "decline": {"decline", "no", "pass", "skip"},
    "take": {"take", "gold", "yes", "take gold", "take the gold square", "take gold square"},
    "order take": {"always take", "always take gold", "always yes"},
    "order decline": {"always decline", "always no", "always pass"},
    "order ask": {"ask me", "ask", "always ask"},
}
SQUARE_WORDS = {"lay": "lay", "button": "lay", "l": "lay", "star": "star", "s": "star"}
FILLER = {"a", "on", "at", "in", "row", "column", "col", "the", "square"}


def notation_help() -> str:
    return NOTATION_HELP


def format_move(move: dict, state: dict, seat: int) -> str:
    kind = move["kind"]
    if kind in ("lay", "star"):
        return f"{kind} {move['row']} {move['column']}"
    if kind == "order":
        return {"take": "always take", "decline": "always decline", "ask": "ask me"}[move["order"]]
    return {"roll": "roll", "opt_out": "opt out", "decline": "decline"}[kind]


def parse_move(text: str, state: dict, seat: int) -> dict:
    words = re.sub(r"[^a-z0-9]+", " ", str(text).lower()).split()
    phrase = " ".join(words)
    for meaning, spellings in WORDS.items():
        if phrase in spellings:
            return word_move(meaning, state, seat)
    square = parse_square(words, state, seat)
    if square:
        return square
    raise IllegalMove(f"'{str(text).strip()}' is not a Buttons move. {suggestions(state, seat)}")


def word_move(meaning: str, state: dict, seat: int) -> dict:
    if meaning.startswith("order "):
        return {"kind": "order", "order": meaning.split()[1]}
    if meaning != "take":
        return {"kind": meaning}
    if state["phase"] == "answer" and seat in state["waiting"] and seat != state["active"]:
        row, column = gold_square(state)
        return {"kind": "lay", "row": row, "column": column}
    raise IllegalMove(f"There is no gold square for you to take now. {suggestions(state, seat)}")


def parse_square(words: list[str], state: dict, seat: int) -> dict | None:
    """'lay 5 2', 'star 3,4', 'lay row 5 column 2', '52', or just '5 2' for the step at hand."""
    words = [word for word in words if word not in FILLER]
    kind = None
    if words and words[0] in SQUARE_WORDS:
        kind, words = SQUARE_WORDS[words[0]], words[1:]
    digits = "".join(words)
    if not words or not digits.isdigit() or len(digits) != 2:
        return None
    if kind is None:
        kind = "star" if state["phase"] == "stars" else "lay"
    return {"kind": kind, "row": int(digits[0]), "column": int(digits[1])}


def suggestions(state: dict, seat: int) -> str:
    moves = [format_move(m, state, seat) for m in legal_moves(state, seat)]
    if not moves:
        return "There is nothing for you to do now."
    return "You can write: " + "; ".join(moves) + "."


# The strong bot: plays on what `view(state, seat)` shows, never on another seat's standing
# order. Boards are bitmasks here (bit 6 * (row - 1) + column - 1), so that a lookahead over
# thousands of button patterns stays fast.

ALL_SQUARES = (1 << SIZE * SIZE) - 1
FIRST_COLUMN = sum(1 << (row * SIZE) for row in range(SIZE))
LAST_COLUMN = FIRST_COLUMN << SIZE - 1
ROW_SQUARES = [((1 << SIZE) - 1) << (row * SIZE) for row in range(SIZE)]
# Every run of five squares in a row or a column: a star line grows in one of these.
WINDOWS = [
    sum(1 << (row * SIZE + column + step) for step in range(LINE))
    for row in range(SIZE)
    for column in range(SIZE - LINE + 1)
] + [
    sum(1 << ((row + step) * SIZE + column) for step in range(LINE))
    for row in range(SIZE - LINE + 1)
    for column in range(SIZE)
]
# What a star board is worth is how soon it should win: every way to win has a rate (wins
# per round), the rates add up, and the expected rounds to a win are their inverse. Stars come
# at about STARS_A_ROUND a round; a run of five squares missing m stars fills in about
# LINE_ROUNDS[m] rounds (one button on the missing square, then opting out, puts a star there).
STARS_A_ROUND = 2.5
LINE_ROUNDS = {1: 2.5, 2: 5.0}
LOOKAHEAD_SQUARES = 60_000  # how many button patterns one decision may weigh


def bot_move(state: dict, seat: int, rng: Rng) -> dict:
    """A strong move for `seat`, from its own view alone; never a standing order."""
    shown = view(state, seat)
    board = shown["boards"][seat]
    cells = "".join(board["cells"])
    buttons = mask_of(cells, BUTTON)
    dice_now = 1 + BLACK_DICE - sum(other["depot"] for other in shown["boards"])
    plan = round_plan(
        mask_of(cells, STAR),
        board["layout"],
        tuple(board["cards"]),
        dice_later(shown, seat),
        rival_claim(shown, seat),
    )
    phase = shown["phase"]
    if phase == "stars":
        row, column = square(plan.best_stars(buttons, board["stars_to_place"])[0])
        return {"kind": "star", "row": row, "column": column}
    if phase == "turn":
        if not buttons or plan.rolling_pays(buttons, dice_now):
            return {"kind": "roll"}
        return {"kind": "opt_out"}
    row, gold = shown["gold_square"]
    if seat == shown["active"]:
        column = plan.best_column(buttons, row, shown["open_columns"])
        return {"kind": "lay", "row": row, "column": column}
    if plan.takes_gold_square(buttons, row, gold):
        return {"kind": "lay", "row": row, "column": gold}
    return {"kind": "decline"}


def dice_later(shown: dict, seat: int) -> int:
    """The column dice of the seat's later rolls, expecting the worst: every other player who
    may opt out (one with a button) has done so, taking their dice to the depot."""
    per_player = 2 if len(shown["boards"]) == 2 else 1
    leaving = sum(
        per_player
        for other, board in enumerate(shown["boards"])
        if other != seat and not board["out"] and board["buttons"]
    )
    out = sum(board["depot"] for board in shown["boards"])
    return 1 + BLACK_DICE - out - leaving


def rival_claim(shown: dict, seat: int) -> tuple[bool, int] | None:
    """The best claim (a line of five, stars) of another player who has opted out with enough
    to end the game this round: the seat must then beat it this round, whatever it costs."""
    if shown["phase"] not in ("turn", "answer"):
        return None
    claims = []
    for other, board in enumerate(shown["boards"]):
        if other == seat or board["out"] != "opted out":
            continue
        cells = "".join(board["cells"])
        stars, buttons = mask_of(cells, STAR), mask_of(cells, BUTTON)
        earned = stars_earned(buttons, colour_masks(board["layout"], board["cards"]))
        claim = (can_line(stars, buttons, earned), stars.bit_count() + earned)
        if claim[0] or claim[1] >= STARS_TO_END:
            claims.append(claim)
    return max(claims, default=None)


def colour_masks(layout: str, cards: Iterable[str]) -> list[tuple[int, bool]]:
    """Each colour's squares on a layout, and whether the colour is on one of the cards."""
    colours = "".join(LAYOUTS[layout])
    return [(mask_of(colours, letter), COLOURS[letter] in cards) for letter in COLOURS]


def stars_earned(buttons: int, colours: list[tuple[int, bool]]) -> int:
    """What opting out with these buttons earns (score_round on bitmasks)."""
    earned = 1
    for mask, on_card in colours:
        if (buttons & mask).bit_count() >= COVERED:
            earned += 1 + on_card
    return earned


def can_line(stars: int, buttons: int, earned: int) -> bool:
    """Whether `earned` stars on these buttons can complete a line of five."""
    for window in WINDOWS:
        missing = window & ~stars
        if missing & buttons == missing and missing.bit_count() <= earned:
            return True
    return False


def mask_of(cells: str, what: str) -> int:
    return sum(1 << at for at, here in enumerate(cells) if here == what)


def squares_of(mask: int) -> list[int]:
    squares = []
    while mask:
        lowest = mask & -mask
        squares.append(lowest.bit_length() - 1)
        mask ^= lowest
    return squares


def beside(mask: int) -> int:
    """The squares orthogonally next to any square of `mask`."""
    sideways = ((mask << 1) & ~FIRST_COLUMN) | ((mask >> 1) & ~LAST_COLUMN)
    return (sideways | mask << SIZE | mask >> SIZE) & ALL_SQUARES


@functools.lru_cache(maxsize=1 << 16)
def star_worth(stars: int) -> float:
    """How close a star board is to winning, in stars: minus the rounds still expected, times
    the stars a round brings; 0 for a board that has won."""
    count = stars.bit_count()
    if count >= STARS_TO_END:
        return 0.0
    rate = STARS_A_ROUND / (STARS_TO_END - count)
    if count >= 2:
        for window in WINDOWS:
            missing = LINE - (stars & window).bit_count()
            if not missing:
                return 0.0
            if missing in LINE_ROUNDS:
                rate += 1 / LINE_ROUNDS[missing]
    return -STARS_A_ROUND / rate


def column_chances(dice: int) -> list[float]:
    """With a row's legal columns ranked best first, the chance that the j-th is the best one
    the dice show: all of the better ones missed and this one hit."""
    missed = [((SIZE - j) / SIZE) ** dice for j in range(SIZE + 1)]
    return [missed[j] - missed[j + 1] for j in range(SIZE)]


@functools.lru_cache(maxsize=8)
def round_plan(
    stars: int, layout: str, cards: tuple[str, ...], dice: int, rival: tuple[bool, int] | None
) -> Plan:
    """One plan a round: every decision of the round weighs the same button patterns again,
    so they are remembered (a pure function of what the seat sees, so nothing leaks)."""
    return Plan(stars, layout, cards, dice, rival)


class Plan:
    """One seat's round as it sees it: its stars, this round's buttons and what they bring."""

    def __init__(
        self,
        stars: int,
        layout: str,
        cards: tuple[str, ...],
        dice: int,
        rival: tuple[bool, int] | None,
    ):
        self.stars = stars
        self.colours = colour_masks(layout, cards)
        self.chances = column_chances(dice)
        self.rival = rival
        self.worth_now = star_worth(stars)
        # A bust leaves the stars as they are: no gain, or against a rival's claim the chance
        # that the stars already on the board beat it.
        self.bust = self.beats((False, stars.bit_count())) if rival else 0.0
        self.gains = {
            at: star_worth(stars | 1 << at) - self.worth_now
            for at in range(SIZE * SIZE)
            if not stars >> at & 1
        }
        self.memo: dict[tuple[int, int], float] = {}
        self.left_with: dict[int, float] = {}

    # Stars

    def beats(self, claim: tuple[bool, int]) -> float:
        """Against a rival's claim that ends the game: 1 for a win, 1/2 for a shared one."""
        if claim == self.rival:
            return 0.5
        return float(claim > self.rival)

    def best_stars(self, buttons: int, count: int) -> list[int]:
        """The `count` button squares whose stars bring the board closest to a win: every
        choice when there are few, else one star at a time."""
        squares = squares_of(buttons)
        if count >= len(squares):
            return squares
        if math.comb(len(squares), count) <= 500:
            picks = itertools.combinations(squares, count)
            return list(max(picks, key=lambda picked: self.star_board_worth(bits(picked))))
        chosen: list[int] = []
        for _ in range(count):
            placed = self.stars | bits(chosen)
            left = [at for at in squares if at not in chosen]
            chosen.append(max(left, key=lambda at: self.star_board_worth(placed | 1 << at)))
        return chosen

    def star_board_worth(self, stars: int) -> tuple[float, bool]:
        """Closer to a win first; among boards that have won, one with a line of five."""
        stars |= self.stars
        return star_worth(stars), any(stars & window == window for window in WINDOWS)

    def opting_out(self, buttons: int) -> float:
        """The worth of leaving the round now with these buttons; quick, for the lookahead:
        the stars go to the squares that add most on their own."""
        if buttons in self.left_with:
            return self.left_with[buttons]
        count = stars_earned(buttons, self.colours)
        if self.rival:
            claim = (can_line(self.stars, buttons, count), self.stars.bit_count() + count)
            self.left_with[buttons] = self.beats(claim)
            return self.left_with[buttons]
        squares = squares_of(buttons)
        if count < len(squares):
            squares = sorted(squares, key=self.gains.__getitem__, reverse=True)[:count]
        worth = star_worth(self.stars | bits(squares)) - self.worth_now
        self.left_with[buttons] = worth
        return worth

    # Rolling

    def open_squares(self, buttons: int) -> int:
        return ALL_SQUARES & ~(self.stars | buttons | beside(buttons))

    def worth(self, buttons: int, rolls: int) -> float:
        """Expected worth with these buttons when up to `rolls` more rolls may be weighed,
        opting out whenever that is better."""
        if not rolls:
            return self.opting_out(buttons)
        key = (buttons, rolls)
        if key not in self.memo:
            stay = self.opting_out(buttons) if buttons else float("-inf")
            self.memo[key] = max(stay, self.rolling(buttons, rolls))
        return self.memo[key]

    def rolling(self, buttons: int, rolls: int, chances: list[float] | None = None) -> float:
        """Expected worth of one more roll: a bust is worth nothing, else the best legal square
        the dice offer."""
        free = self.open_squares(buttons)
        chances = chances or self.chances
        total = 0.0 if not self.bust else self.bust * SIZE
        for row in ROW_SQUARES:
            here = free & row
            if not here:
                continue
            values = sorted(
                (self.worth(buttons | 1 << at, rolls - 1) for at in squares_of(here)),
                reverse=True,
            )
            total += sum(
                chance * (value - self.bust) for chance, value in zip(chances, values, strict=False)
            )
        return total / SIZE

    def depth(self, buttons: int) -> int:
        """How many rolls ahead to weigh: as many as the open squares allow within budget."""
        free = self.open_squares(buttons).bit_count() or 1
        rolls = 1
        while rolls < 4 and free ** (rolls + 1) <= LOOKAHEAD_SQUARES:
            rolls += 1
        return rolls

    def rolling_pays(self, buttons: int, dice: int) -> bool:
        """One more roll (with the dice on the table now) against opting out."""
        rolling = self.rolling(buttons, self.depth(buttons), column_chances(dice))
        return rolling > self.opting_out(buttons)

    def best_column(self, buttons: int, row: int, columns: list[int]) -> int:
        rolls = self.depth(buttons) - 1
        return max(columns, key=lambda column: self.worth(buttons | bit(row, column), rolls))

    def takes_gold_square(self, buttons: int, row: int, column: int) -> bool:
        rolls = self.depth(buttons) - 1
        return self.worth(buttons | bit(row, column), rolls) > self.worth(buttons, rolls)


def bit(row: int, column: int) -> int:
    return 1 << index(row, column)


def bits(squares: Iterable[int]) -> int:
    return sum(1 << at for at in squares)
