"""The strong Buttons bot: plays on what `view(state, seat)` shows, never on another seat's
standing order. Boards are bitmasks here (bit 6 * (row - 1) + column - 1), so that a lookahead
over thousands of button patterns stays fast. How it weighs a board is in __init__.py.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable

from games.base import Rng
from games.buttons.cards import COLOURS, LAYOUTS
from games.buttons.rules import (
    BLACK_DICE,
    BUTTON,
    COVERED,
    LINE,
    SIZE,
    STAR,
    STARS_TO_END,
    index,
    square,
)
from games.buttons.view import view

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
