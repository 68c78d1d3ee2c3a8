"""The rules of Buttons, in the rulebook's order: setup, the boards and their laying rules,
who acts, legal moves, a turn (roll, opt out, lay, decline, standing orders), the end of a round
(stars), the end of the game and scoring. The rulings and decisions are in __init__.py.
"""

from __future__ import annotations

import functools
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
from games.buttons.cards import CARDS, COLOURS, LAYOUTS
from games.buttons.words import (
    EXAMPLES,
    ORDERS,
    each_and,
    lay_refusal,
    listed,
    no_such,
    order_refusal,
    spelled,
    square_refusal,
)
from games.texts import Text, tell, tell_plural

slug = "buttons"
title = "Buttons"
min_players = 2
max_players = 4
version = 1

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


def laying_refusal(board: str, row: int, column: int) -> Text | None:
    """Why a button may not go on this square, or None when it may."""
    at = index(row, column)
    if board[at] == BUTTON:
        return square_refusal("button", row, column)
    if board[at] == STAR:
        return square_refusal("star", row, column)
    if any(board[near] == BUTTON for near in NEIGHBOURS[at]):
        return square_refusal("next to a button", row, column)
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


def apply(state: dict, seat: int, move: dict, rng: Rng) -> dict:
    kind = check_move(state, seat, move)
    MOVES[kind](state, seat, move, rng)
    return state


def check_move(state: dict, seat: int, move: Any) -> str:
    """Everything every move needs: a game still going, a real seat and a well-formed move."""
    if state["phase"] == "over":
        raise IllegalMove(tell("The game is over; no more moves."))
    count = len(state["players"])
    if not is_int(seat) or not 0 <= seat < count:
        raise IllegalMove(
            tell(
                "There is no seat %(seat)s; seats are 0 to %(last)s.",
                seat=repr(seat),
                last=count - 1,
            )
        )
    kind = require_move_kind(move, KINDS)
    if set(move) != {"kind", *FIELDS[kind]}:
        raise IllegalMove(
            tell(
                "That is not how to write a move; try '%(example)s'.",
                example=spelled(EXAMPLES[kind]),
            )
        )
    for axis in ("row", "column"):
        if axis in move and not (is_int(move[axis]) and 1 <= move[axis] <= SIZE):
            raise IllegalMove(no_such(axis, move[axis]))
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
        raise IllegalMove(tell("You can only opt out with a button on your board; roll the dice."))
    state["out"][seat] = "opted out"
    pass_dice(state)


def lay(state: dict, seat: int, move: dict, rng: Rng) -> None:
    require_question(state, seat)
    row, column = move["row"], move["column"]
    white, gold = gold_square(state)
    if seat == state["active"]:
        columns = sorted({gold, *state["roll"]["black"]})
        if row != white:
            raise IllegalMove(lay_refusal("row", white=white, row=row))
        if column not in columns:
            shown = ", ".join(map(str, columns))
            raise IllegalMove(lay_refusal("column", column=column, columns=shown))
    elif (row, column) != (white, gold):
        raise IllegalMove(lay_refusal("gold", row=white, column=gold))
    refusal = laying_refusal(state["boards"][seat], row, column)
    if refusal:
        raise IllegalMove(refusal)
    lay_button(state, seat, row, column)
    answered(state, seat)


def lay_button(state: dict, seat: int, row: int, column: int) -> None:
    state["boards"][seat] = marked(state["boards"][seat], row, column, BUTTON)


def decline(state: dict, seat: int, move: dict, rng: Rng) -> None:
    require_question(state, seat)
    if seat == state["active"]:
        shown = ", ".join(map(str, open_columns(state)))
        row = state["roll"]["white"]
        raise IllegalMove(lay_refusal("must lay", row=row, columns=shown))
    answered(state, seat)


def answered(state: dict, seat: int) -> None:
    state["waiting"].remove(seat)
    if not state["waiting"]:
        pass_dice(state)


def order(state: dict, seat: int, move: dict, rng: Rng) -> None:
    wanted = move["order"]
    if not isinstance(wanted, str) or wanted not in ORDERS:
        raise IllegalMove(order_refusal(None))
    if wanted == state["orders"][seat]:
        raise IllegalMove(order_refusal(wanted))
    state["orders"][seat] = wanted


def require_turn(state: dict, seat: int) -> None:
    if state["phase"] != "turn" or seat != state["active"]:
        raise IllegalMove(waiting_for(state, seat))


def require_question(state: dict, seat: int) -> None:
    if state["phase"] != "answer" or seat not in state["waiting"]:
        raise IllegalMove(waiting_for(state, seat))


def waiting_for(state: dict, seat: int) -> Text:
    """What the game waits for, told to a seat that tried something else."""
    phase, names = state["phase"], state["players"]
    waited = each_and([names[s] for s in to_act(state)]) if to_act(state) else ""
    if phase == "turn":
        if seat == state["active"]:
            return tell("It is your turn: roll the dice or opt out.")
        return tell("It is %(name)s's turn to roll or opt out.", name=names[state["active"]])
    if phase == "answer":
        if seat in state["waiting"]:
            return tell(
                "Answer the roll first: %(answers)s", answers=listed(open_answers(state, seat))
            )
        if not in_round(state, seat):
            return tell(
                "You are out of this round; waiting for %(names)s to answer the roll.", names=waited
            )
        return tell("You have nothing to lay on this roll; waiting for %(names)s.", names=waited)
    if state["stars_to_place"][seat]:
        left = state["stars_to_place"][seat]
        return tell_plural(
            "The round is over: place your stars first (%(count)s left).",
            "The round is over: place your stars first (%(count)s left).",
            left,
        )
    return tell("The round is over; waiting for %(names)s to place stars.", names=waited)


def open_answers(state: dict, seat: int) -> list[Text]:
    """The answers to the roll open to the seat, written as the notation writes them."""
    return [
        spelled(move) for move in legal_moves(state, seat) if move["kind"] in ("lay", "decline")
    ]


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
            tell(
                "Row %(row)s, column %(column)s holds none of your buttons; a star goes on one: "
                "%(squares)s.",
                row=row,
                column=column,
                squares=shown,
            )
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


def standing(state: dict, seat: int) -> int:
    """Stars on the board plus the stars this round has already secured: those still to place,
    or, for a player who opted out, what the round will bring them."""
    secured = state["stars_to_place"][seat]
    if state["phase"] in ("turn", "answer") and state["out"][seat] == "opted out":
        secured = score_round(state, seat)["stars"]
    return star_count(state["boards"][seat]) + secured


# Take-backs


def reveals(before: dict, seat: int, move: dict, after: dict) -> bool:
    """Nothing at a Buttons table is hidden but each seat's own standing order, which the end
    of the game shows everyone: before it a step shows nothing new beyond the dice, and
    rolling draws from the rng, which the store checks."""
    return after["phase"] == "over"
