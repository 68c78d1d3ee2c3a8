"""Gazobu's strong bot: `bot_move` plays on what view(state, seat) shows, as the absent player
could."""

from __future__ import annotations

import functools
import random
from collections import Counter
from itertools import product
from typing import Any

from games.base import IllegalMove, Rng
from games.gazobu.cards import (
    ANY_MULTIPLIER,
    BLACK_HOLE,
    BONUS,
    CARD_ORDER,
    CARDS,
    DECK,
    EXTRA_MONSTER,
    FAMILIES,
    LOSS,
    MULTIPLIES,
    PILE_FAMILIES,
    POINTS,
)
from games.gazobu.rules import (
    COLUMNS,
    DRAWN_PER_TURN,
    LAST_PLAYER_TAKES,
    PILLS,
    extra_placements,
    legal_moves,
    majority_holder,
)
from games.gazobu.view import view

# The strong bot
#
# `bot_move` sits in for an absent player and knows only what view(state, seat) shows: its own
# hand, the columns, the drawn cards, the pills and the sizes of the other hands and of the
# draw pile. It deals the unseen cards again at random, many times (each deal consistent with
# the view), plays every candidate move in every deal to the end of the game with quick
# players, and keeps the move with the best average lead over the best other player, a win
# counting extra. The same deals serve every candidate, so that luck does not pick the move.

BOT_DEALS = 48
# Every few deals from the first look on, the candidates clearly worse than the best are
# dropped, so that easy decisions cost little and close ones get every deal.
BOT_FIRST_LOOK = 12
BOT_LOOK_EVERY = 4
BOT_CLEARLY = 2.0
# ... and once the quick players have played this many turns in all, the search stops at
# the next look (long games of three or four players would take too long otherwise).
BOT_WORK = 1500
BOT_WIN_BONUS = 10
# A quick player takes a column that raises its lead by more than this (a pill is worth
# something) and takes the pill that ends the game only if it leaves them this far ahead.
BOT_TAKES_FOR = 3
BOT_ENDS_AHEAD_BY = 3
# How a quick player values the cards whose worth depends on the end: an extra monster, the
# multiplier at choice, a black hole (it costs one card at random).
BOT_CARD_VALUES = {EXTRA_MONSTER: 4, ANY_MULTIPLIER: 4, BLACK_HOLE: -2}

# The bot counts cards in lists indexed by CARD_ORDER; a family's position is its place in
# FAMILIES.
FAMILY_SLOTS = tuple(CARD_ORDER[family] for family in FAMILIES)
PILE_POSITIONS = tuple(FAMILIES.index(family) for family in PILE_FAMILIES)
DOUBLER_SLOTS = tuple(
    (FAMILIES.index(family), CARD_ORDER[card]) for card, family in MULTIPLIES.items() if family
)
BONUS_SLOTS = tuple((CARD_ORDER[card], value) for card, value in BONUS.items())
POINT_LIST = tuple(POINTS[family] for family in FAMILIES)
LOSS_LIST = tuple(LOSS[family] for family in FAMILIES)
EXTRA_SLOT = CARD_ORDER[EXTRA_MONSTER]
ANY_SLOT = CARD_ORDER[ANY_MULTIPLIER]
HOLE_SLOT = CARD_ORDER[BLACK_HOLE]
DECK_SLOTS = [CARD_ORDER[card] for card in DECK]
# What a quick player reads on each card, by slot.
FAMILY_AT = tuple(FAMILIES.index(card) if card in FAMILIES else None for card, *_ in CARDS)
DOUBLES_AT = tuple(
    FAMILIES.index(MULTIPLIES[card]) if MULTIPLIES.get(card) else None for card, *_ in CARDS
)
DOUBLER_OF = {family: slot for family, slot in DOUBLER_SLOTS}
FLAT_VALUES = tuple(
    BONUS.get(card, 0) + (BOT_CARD_VALUES[card] if card == BLACK_HOLE else 0) for card, *_ in CARDS
)


class Table:
    """One deal of the unseen cards: every hand as counts, the columns, the pile (top last)."""

    __slots__ = ("hands", "columns", "pile", "pills", "turn", "scores", "turns")

    def copy(self) -> Table:
        other = Table()
        other.hands = [list(hand) for hand in self.hands]
        other.columns = [list(column) for column in self.columns]
        other.pile = list(self.pile)
        other.pills = list(self.pills)
        other.turn = self.turn
        other.scores = self.scores
        other.turns = self.turns
        return other


def bot_move(state: dict, seat: int, rng: Rng) -> dict:
    """A strong legal move for `seat`, from its view alone (see the notes above)."""
    shown = view(state, seat)
    moves = legal_moves(shown, seat)  # the view carries everything legal_moves reads
    if len(moves) <= 1:
        if not moves:
            raise IllegalMove(f"{shown['players'][seat]} has nothing to do now.")
        return moves[0]
    # games.Rng spends a SHA-256 on every few draws; the thousands of draws of one search run
    # on a generator seeded from it, so the same view and rng still give the same move.
    dealer = random.Random(rng.randint(0, 2**62))
    unseen = unseen_cards(shown)
    plans = bot_plans(shown)
    values: list[list[float]] = [[] for _ in plans]
    alive = list(range(len(plans)))
    work = 0
    for deal in range(1, BOT_DEALS + 1):
        table = deal_unseen(shown, seat, unseen, dealer)
        luck = dealer.getrandbits(32)
        for n in alive:
            played = table.copy()
            scores = play_plan(played, seat, shown["phase"], plans[n][1], random.Random(luck))
            values[n].append(bot_value(scores, seat))
            work += played.turns
        if deal >= BOT_FIRST_LOOK and deal % BOT_LOOK_EVERY == 0:
            alive = still_worth_trying(alive, values)
            if len(alive) == 1 or work >= BOT_WORK:
                break
    best = max(alive, key=lambda n: sum(values[n]))
    return plans[best][0]


def still_worth_trying(alive: list[int], values: list[list[float]]) -> list[int]:
    """The candidates not clearly worse than the best so far: on the same deals, their mean
    difference from the best is not below zero by more than BOT_CLEARLY standard errors."""
    best = max(alive, key=lambda n: sum(values[n]))
    kept = []
    for n in alive:
        differences = [a - b for a, b in zip(values[n], values[best], strict=True)]
        deals = len(differences)
        mean = sum(differences) / deals
        spread = sum((d - mean) ** 2 for d in differences) / (deals - 1)
        if n == best or mean + BOT_CLEARLY * (spread / deals) ** 0.5 >= 0:
            kept.append(n)
    return kept


def unseen_cards(shown: dict) -> list[int]:
    """The cards the seat cannot see: the other hands and the draw pile together."""
    left = Counter(DECK_SLOTS)
    seen = [*shown["hand"], *shown["drawn"], *(c for column in shown["columns"] for c in column)]
    left.subtract(CARD_ORDER[card] for card in seen)
    return sorted(left.elements())


def deal_unseen(shown: dict, seat: int, unseen: list[int], dealer: random.Random) -> Table:
    cards = list(unseen)
    dealer.shuffle(cards)
    table = Table()
    table.hands = []
    for other, size in enumerate(shown["hand_sizes"]):
        hand = [0] * len(CARDS)
        if other == seat:
            for card in shown["hand"]:
                hand[CARD_ORDER[card]] += 1
        else:
            for card in cards[:size]:
                hand[card] += 1
            cards = cards[size:]
        table.hands.append(hand)
    table.pile = cards
    table.columns = [[CARD_ORDER[card] for card in column] for column in shown["columns"]]
    table.pills = list(shown["pills"])
    table.turn = shown["turn"]
    table.scores = None
    table.turns = 0
    return table


def bot_plans(shown: dict) -> list[tuple[dict, Any]]:
    """The candidates, each with its first move: at the start of a turn, the column taken (or
    None); when placing, where every drawn card goes (cards are placed in any order)."""
    if shown["phase"] == "take":
        takes = [({"kind": "take", "column": n + 1}, n) for n in range(COLUMNS)]
        return [*takes, ({"kind": "draw"}, None)]
    drawn = shown["drawn"]
    empty = [n for n, column in enumerate(shown["columns"]) if not column]
    if len(drawn) == 1:
        return [
            ({"kind": "place", "card": drawn[0], "column": n + 1}, [(drawn[0], n)])
            for n in (empty or range(COLUMNS))
        ]
    plans, seen = [], set()
    for columns in product(range(COLUMNS), repeat=len(drawn)):
        if empty and empty[0] not in columns:
            continue  # a taken column must be recreated
        plan = list(zip(drawn, columns, strict=True))
        if tuple(sorted(plan)) not in seen:
            seen.add(tuple(sorted(plan)))
            first, column = plan[0]
            plans.append(({"kind": "place", "card": first, "column": column + 1}, plan))
    return plans


def bot_value(scores: list[int], seat: int) -> float:
    lead = scores[seat] - max(score for other, score in enumerate(scores) if other != seat)
    return lead + (BOT_WIN_BONUS if lead > 0 else BOT_WIN_BONUS / 2 if lead == 0 else 0)


def play_plan(table: Table, seat: int, phase: str, plan: Any, dice: random.Random) -> list[int]:
    """The final scores after the seat follows `plan` and quick players play on."""
    if phase == "take":
        if plan is not None:
            take_on_table(table, seat, plan)
        place_at_random(table, [table.pile.pop(), table.pile.pop()], plan, dice)
    else:
        for card, column in plan:
            table.columns[column].append(CARD_ORDER[card])
    scores = end_turn_on_table(table, dice)
    while scores is None:
        table.turns += 1
        player = table.turn
        taken = quick_take(table, player)
        if taken is not None:
            take_on_table(table, player, taken)
        place_at_random(table, [table.pile.pop(), table.pile.pop()], taken, dice)
        scores = end_turn_on_table(table, dice)
    return scores


def take_on_table(table: Table, seat: int, column: int) -> None:
    hand = table.hands[seat]
    for card in table.columns[column]:
        hand[card] += 1
    table.columns[column] = []
    table.pills[seat] += 1
    table.scores = None


def place_at_random(table: Table, cards: list[int], taken: int | None, dice: random.Random) -> None:
    first, second = cards
    columns = table.columns
    if taken is None:
        columns[dice.randrange(COLUMNS)].append(first)
        columns[dice.randrange(COLUMNS)].append(second)
        return
    way = dice.randrange(3)
    if way == 0:
        columns[taken] += [first, second]
    else:
        kept, other = (first, second) if way == 1 else (second, first)
        columns[taken].append(kept)
        columns[1 - taken].append(other)


def end_turn_on_table(table: Table, dice: random.Random) -> list[int] | None:
    """As end_turn: the final scores if the game ends here, else None and the next turn."""
    count = len(table.pills)
    still_in = [seat for seat in range(count) if table.pills[seat] < PILLS]
    if len(still_in) == 1:
        return finish_table(table, still_in[0], dice)
    after = min(still_in, key=lambda seat: (seat - table.turn - 1) % count)
    if len(table.pile) < DRAWN_PER_TURN:
        return finish_table(table, after, dice)
    table.turn = after
    return None


def finish_table(table: Table, last: int, dice: random.Random) -> list[int]:
    for _ in range(min(LAST_PLAYER_TAKES, len(table.pile))):
        table.hands[last][table.pile.pop()] += 1
    for hand in table.hands:
        holes, hand[HOLE_SLOT] = hand[HOLE_SLOT], 0
        rest = [card for card, count in enumerate(hand) for _ in range(count)]
        for _ in range(holes):
            if rest:
                hand[rest.pop(dice.randrange(len(rest)))] -= 1
    return quick_scores(table.hands)


def quick_take(table: Table, seat: int) -> int | None:
    """A quick player's column: the one that raises its lead most, if by enough."""
    enough = BOT_TAKES_FOR
    if table.pills[seat] == PILLS - 1 and sum(pills < PILLS for pills in table.pills) == 2:
        if table.scores is None:
            table.scores = quick_scores(table.hands)
        lead = table.scores[seat] - max(s for n, s in enumerate(table.scores) if n != seat)
        enough = max(enough, BOT_ENDS_AHEAD_BY - lead)
    best = None
    for column in range(COLUMNS):
        gain = column_gain(table.hands, seat, table.columns[column])
        if gain > enough:
            best, enough = column, gain
    return best


def column_gain(hands: list[list[int]], seat: int, column: list[int]) -> float:
    """Roughly how much taking `column` raises the seat's lead over the others' average."""
    hand = hands[seat]
    gain = 0.0
    added: dict[int, int] = {}  # family position: cards added
    doubled_now: set[int] = set()
    extras = 0
    for card in column:
        gain += FLAT_VALUES[card]
        family = FAMILY_AT[card]
        if family is not None:
            added[family] = added.get(family, 0) + 1
        elif card == EXTRA_SLOT:
            extras += 1
        elif card == ANY_SLOT and not hand[card]:
            gain += BOT_CARD_VALUES[ANY_MULTIPLIER]
        elif DOUBLES_AT[card] is not None and not hand[card]:
            doubled_now.add(DOUBLES_AT[card])
            added.setdefault(DOUBLES_AT[card], 0)
    if extras and any(hand[FAMILY_SLOTS[f]] or f in added for f in PILE_POSITIONS):
        gain += BOT_CARD_VALUES[EXTRA_MONSTER] * extras
    others = len(hands) - 1
    for family, count in added.items():
        slot = FAMILY_SLOTS[family]
        was = doubling(hand, family)
        now = 2 if family in doubled_now else was
        counts = [other[slot] for other in hands]
        before = [quick_points(counts, n, family) for n in range(len(hands))]
        counts[seat] += count
        after = [quick_points(counts, n, family) for n in range(len(hands))]
        gain += now * after[seat] - was * before[seat]
        for n in range(len(hands)):
            if n != seat and after[n] != before[n]:
                gain -= (after[n] - before[n]) * doubling(hands[n], family) / others
    return gain


def doubling(hand: list[int], family: int) -> int:
    """2 if the hand holds the family's own multiplier, else 1."""
    slot = DOUBLER_OF.get(family)
    return 2 if slot is not None and hand[slot] else 1


def quick_points(counts: list[int], seat: int, family: int) -> int:
    held = counts[seat]
    if not held:
        return 0
    # two players: the only majority rule that matters is the strictly larger count
    leads = held > counts[1 - seat] if len(counts) == 2 else majority_holder(counts) == seat
    return POINT_LIST[family] if leads else -held * LOSS_LIST[family]


def quick_scores(hands: list[list[int]]) -> list[int]:
    """Every seat's score, as scoring counts it, except that each seat's extra monsters go
    where they score best against the piles placed so far: fast, and rarely different."""
    counts = [[hand[slot] for hand in hands] for slot in FAMILY_SLOTS]
    for seat, hand in enumerate(hands):
        if not hand[EXTRA_SLOT]:
            continue
        piles = tuple(PILE_FAMILIES[n] for n, f in enumerate(PILE_POSITIONS) if counts[f][seat])
        choices = cached_placements(hand[EXTRA_SLOT], piles)
        best, best_score = choices[0], None
        for placement in choices if len(choices) > 1 else ():
            shift_piles(counts, seat, placement, 1)
            score = quick_seat_score(seat, hand, counts)
            shift_piles(counts, seat, placement, -1)
            if best_score is None or score > best_score:
                best, best_score = placement, score
        shift_piles(counts, seat, best, 1)
    return [quick_seat_score(seat, hand, counts) for seat, hand in enumerate(hands)]


@functools.cache
def cached_placements(extras: int, piles: tuple[str, ...]) -> list[tuple[int, ...]]:
    return extra_placements(extras, list(piles))


def shift_piles(counts: list[list[int]], seat: int, placement: tuple, sign: int) -> None:
    for position, extra in zip(PILE_POSITIONS, placement, strict=True):
        counts[position][seat] += sign * extra


def quick_seat_score(seat: int, hand: list[int], counts: list[list[int]]) -> int:
    points = [quick_points(counts[f], seat, f) for f in range(len(FAMILIES))]
    total = sum(points)
    for slot, value in BONUS_SLOTS:
        if hand[slot]:
            total += value * hand[slot]
    doubled = [family for family, slot in DOUBLER_SLOTS if hand[slot]]
    total += sum(points[family] for family in doubled)
    if hand[ANY_SLOT]:
        gains = [0 if f in doubled else points[f] for f in PILE_POSITIONS if counts[f][seat]]
        if gains:
            total += max(gains)
    return total
