"""Who sits with whom in a tournament's round: round robin schedules and Swiss rounds.

Pure Python (and networkx for the two-seat matching): nothing of Django, so the lifecycle
calls it inside its transaction and the tests call it alone. A table is a list of player ids
in seat order; a player not seated in a round has a bye. Everything here is deterministic:
the same call gives the same seating, ties broken by the order of player ids.

Round robin, two seats: the circle method (Berger tables); every pair meets exactly once in
n - 1 rounds (n rounds when n is odd, each player sitting out once).

Round robin, three to five seats: as few rounds as let every pair meet at least once, tables
chosen so that pair meetings are as even as a search finds (see `round_robin`). Only full
tables are made; the players left over each round sit out, in turn, so games played differ by
at most one.

Swiss: players ranked by points (then id); two seats are paired by a maximum-weight matching,
three to five are cut into tables in rank order and then improved by swaps; either way no pair
meets again while a seating without the repeat exists nearby in the ranking, and among such
seatings the one with the closest points wins (see `swiss_round`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations

import networkx as nx

Table = list[int]
Round = list[Table]

# Two-seat Swiss: a field up to this size is matched at once, over all its pairs; a larger one
# only around each repeat, MATCHING_REACH pairs either side, doubled while a repeat remains,
# up to this size (networkx's blossom is cubic: 1,000 players at once, even with edges only to
# 30 neighbours, take ~20 s; 10 players take a few ms).
WHOLE_MATCHING = 64
MATCHING_REACH = 2
# Three to five seats: a field with at most this many ways to cut it into tables is seated
# exactly, the best of them all (9 players at 3 seats: 280 ways; 10 at 4 with a table of 2:
# 1,575; 12 at 3: 15,400, too many).
EXACT_SEATINGS = 6000
# Three to five seats, a larger field: a swap is tried between tables at most this many ranks
# apart, widened step by step only while a repeat meeting remains.
SWAP_REACH = 20
# The round robin's search: its temperature falls from HEAT_START to HEAT_END over its steps.
HEAT_START, HEAT_END = 20.0, 1.0


def meetings(tables: Iterable[Sequence[int]]) -> dict[frozenset, int]:
    """How often each pair of players sat at one table: the `met` that `swiss_round` takes."""
    met: Counter = Counter()
    for table in tables:
        for pair in combinations(table, 2):
            met[frozenset(pair)] += 1
    return dict(met)


# Round robin --------------------------------------------------------------------------------


def round_robin(players: list[int], table_size: int) -> list[Round]:
    """Every round of a round robin: a list of rounds, each a list of tables.

    Two seats: the circle method; every pair meets exactly once, and the player fixed in the
    circle alternates the first seat.

    Three to five seats: only full tables; each round's players left over sit out, in turn,
    so games played differ by at most one. The schedule has the fewest rounds in which every
    pair could meet (each player must meet n - 1 others, table_size - 1 a game, and a round
    seats floor(n / table_size) full tables), and one more round at a time while the search
    below leaves a pair unmet. The search (simulated annealing over swaps of two players of
    one round, half of them starting from the player who has met their table-mates most) makes
    pair meetings as even as it can: it minimises the sum of each pair's meetings to the
    fourth power, least when every count is the average rounded down or up.

    How close it gets, for 4 to 12 players (the test's SPREAD table): every pair meets at
    least once, and the spread (most meetings of a pair minus fewest) is 0 or 1 in 12 of the
    26 cases (at 3 seats in all but 5 and 6 players), 2 in 12 and 3 in two: 6 players at 3
    seats (4 rounds of two tables of three; no 4-round schedule does better) and 10 at 5
    seats. The rounds exceed the least possible by one or two in 12 cases (e.g. 7 players at
    3 seats: 6 rounds instead of 4). Small fields at big tables are the hard cases: one swap
    moves 8 meetings at once. A table of known designs would tighten some of these.
    """
    if len(set(players)) != len(players):
        raise ValueError("A player can enter a round robin only once.")
    if len(players) < table_size:
        raise ValueError(
            f"A round robin at tables of {table_size} needs at least {table_size} players; "
            f"there are {len(players)}."
        )
    if table_size == 2:
        return _circle(players)
    count = len(players)
    rounds = _fewest_rounds(count, table_size)
    while True:
        schedule = _even_schedule(count, table_size, rounds)
        met = _meeting_counts(schedule, count)
        if min(met.values()) > 0:
            return [[[players[i] for i in table] for table in round_] for round_ in schedule]
        rounds += 1


def _circle(players: list[int]) -> list[Round]:
    circle: list[int | None] = list(players) + ([None] if len(players) % 2 else [])
    size = len(circle)
    rounds = []
    for number in range(size - 1):
        tables = []
        for i in range(size // 2):
            first, second = circle[i], circle[size - 1 - i]
            if i == 0 and number % 2:
                first, second = second, first
            if first is not None and second is not None:
                tables.append([first, second])
        rounds.append(tables)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def _fewest_rounds(count: int, table_size: int) -> int:
    tables = count // table_size
    pairs = count * (count - 1) // 2
    pairs_a_round = tables * table_size * (table_size - 1) // 2
    games_needed = math.ceil((count - 1) / (table_size - 1))
    rounds = math.ceil(pairs / pairs_a_round)
    while rounds * tables * table_size // count < games_needed:
        rounds += 1
    return rounds


def _meeting_counts(schedule: list[Round], count: int) -> dict[tuple[int, int], int]:
    met = dict.fromkeys(combinations(range(count), 2), 0)
    for round_ in schedule:
        for table in round_:
            for pair in combinations(sorted(table), 2):
                met[pair] += 1
    return met


def _even_schedule(count: int, table_size: int, rounds: int) -> list[Round]:
    """`rounds` rounds of full tables over players 0..count-1, pair meetings made even.

    Simulated annealing over swaps of two players of one round (between two tables, or a
    table and the players sitting out). The energy is the price of every pair's count (see
    `_Schedule`), plus a price for uneven byes; the best schedule whose byes
    differ by at most one is kept. Seeded by the numbers alone, so the same call gives the same
    schedule (Python's `random`, whose seeding and `random()` are stable across versions; the
    lifecycle keeps the seating in the tournament's log in any case).
    """
    search = _Schedule(count, table_size, rounds)
    search.anneal(steps=500 * rounds * (count // table_size + 1))
    return search.best_tables()


class _Schedule:
    # A pair's price is its meetings to the fourth power (a steep price, so that a pair
    # meeting far more often than the average weighs more than several a little above it),
    # and a pair that never meets costs this much: coverage first, evenness second.
    POWER = 4
    UNMET = 100
    # Each squared bye above the even share costs this much while annealing; only schedules
    # with even byes are kept.
    BYE = 3

    def __init__(self, count: int, table_size: int, rounds: int):
        self.count, self.table_size = count, table_size
        self.seated = count // table_size * table_size
        sitting_out = count - self.seated
        self.random = random.Random(f"round robin {count} {table_size} {rounds}")
        self.orders = []
        for number in range(rounds):
            order = [(number * sitting_out + slot) % count for slot in range(count)]
            playing = order[: self.seated]
            self.random.shuffle(playing)
            self.orders.append(playing + order[self.seated :])
        self.met = [[0] * count for _ in range(count)]
        self.byes = [0] * count
        for order in self.orders:
            for start in range(0, self.seated, table_size):
                for a, b in combinations(order[start : start + table_size], 2):
                    self.met[a][b] += 1
                    self.met[b][a] += 1
            for player in order[self.seated :]:
                self.byes[player] += 1
        self.even_byes = sum(b * b for b in self.byes)
        self.cost = sum(self._pair_cost(self.met[a][b]) for a, b in combinations(range(count), 2))
        self.bye_cost = self.even_byes
        total = rounds * self.seated * (table_size - 1) // 2
        self.least = _least_cost(count, total, self.POWER)
        self.best, self.best_orders = self.cost, [list(order) for order in self.orders]

    def _pair_cost(self, met: int) -> int:
        return met**self.POWER + (self.UNMET if met == 0 else 0)

    def anneal(self, steps: int) -> None:
        groups = (self.count + self.table_size - 1) // self.table_size
        if groups < 2:
            return
        for step in range(steps):
            if self.best == self.least:
                return
            order = self.orders[self.random.randrange(len(self.orders))]
            slot_a = self.random.randrange(self.seated)
            if step % 2:
                slot_a = self._most_met(order, slot_a - slot_a % self.table_size)
            slot_b = self.random.randrange(self.count - self.table_size)
            if slot_b // self.table_size >= slot_a // self.table_size:
                slot_b += self.table_size
            delta, bye_delta = self._delta(order, slot_a, slot_b)
            energy = delta + self.BYE * bye_delta
            heat = HEAT_START * (HEAT_END / HEAT_START) ** (step / steps)
            if energy <= 0 or self.random.random() < math.exp(-energy / heat):
                self._swap(order, slot_a, slot_b)
                self.cost += delta
                self.bye_cost += bye_delta
                if self.cost < self.best and self.bye_cost == self.even_byes:
                    self.best, self.best_orders = self.cost, [list(o) for o in self.orders]

    def _most_met(self, order: list[int], start: int) -> int:
        """The slot at the table starting at `start` whose player has met the others there
        most often: half the moves start from it, as that is where the excess is."""
        table = range(start, start + self.table_size)
        met = self.met
        return max(table, key=lambda slot: sum(met[order[slot]][order[s]] for s in table))

    def best_tables(self) -> list[Round]:
        size = self.table_size
        return [
            [order[start : start + size] for start in range(0, self.seated, size)]
            for order in self.best_orders
        ]

    def _others(self, order: list[int], slot: int) -> list[int]:
        if slot >= self.seated:
            return []
        start = slot - slot % self.table_size
        return [order[s] for s in range(start, start + self.table_size) if s != slot]

    def _delta(self, order: list[int], slot_a: int, slot_b: int) -> tuple[int, int]:
        # a moves to b's place and b to a's: a's table-mates lose a meeting with a and gain
        # one with b, and the other way round.
        a, b = order[slot_a], order[slot_b]
        met, cost = self.met, self._pair_cost
        delta = 0
        for c in self._others(order, slot_a):
            delta += cost(met[a][c] - 1) - cost(met[a][c]) + cost(met[b][c] + 1) - cost(met[b][c])
        for d in self._others(order, slot_b):
            delta += cost(met[b][d] - 1) - cost(met[b][d]) + cost(met[a][d] + 1) - cost(met[a][d])
        bye_delta = 0
        if slot_b >= self.seated:
            bye_delta = 2 * (self.byes[a] - self.byes[b]) + 2
        return delta, bye_delta

    def _swap(self, order: list[int], slot_a: int, slot_b: int) -> None:
        a, b = order[slot_a], order[slot_b]
        met = self.met
        for c in self._others(order, slot_a):
            met[a][c] -= 1
            met[c][a] -= 1
            met[b][c] += 1
            met[c][b] += 1
        for d in self._others(order, slot_b):
            met[b][d] -= 1
            met[d][b] -= 1
            met[a][d] += 1
            met[d][a] += 1
        if slot_b >= self.seated:
            self.byes[a] += 1
            self.byes[b] -= 1
        order[slot_a], order[slot_b] = b, a


def _least_cost(count: int, meetings_total: int, power: int) -> int:
    """The least price of all pairs: every count the average rounded down or up."""
    pairs = count * (count - 1) // 2
    low, above = divmod(meetings_total, pairs)
    return above * (low + 1) ** power + (pairs - above) * low**power


# Swiss ----------------------------------------------------------------------------------------


def swiss_round(
    players: list[int],
    points: dict[int, float],
    met: dict[frozenset, int],
    table_size: int,
    byes_had: dict[int, int],
    allow_smaller_table: bool,
) -> tuple[list[Table], list[int]]:
    """Seat one Swiss round: (tables, byes), tables in rank order of their best player.

    Players are ranked by points, then by id. When the numbers do not divide, the players
    left over sit out (a bye each), chosen first among those with the fewest byes so far and,
    among them, from the bottom of the ranking; with `allow_smaller_table` (the caller passes
    whether the game may be played by len(players) % table_size players) they form one
    smaller table at the bottom instead. A table of one is never made: that player sits out.

    Two seats: a maximum-weight matching (networkx). Each possible pair's price ranks, in
    this order, earlier meetings, then the squared difference of points, then the difference
    of ranks; the prices are integers scaled so that no amount of a later wish can buy an
    earlier one, so a repeat is made only when no pairing avoids it. Neighbours in the ranking
    pairing off (1-2, 3-4, ...) is that matching whenever it repeats no meeting; otherwise a
    field of up to WHOLE_MATCHING players is matched at once over all its pairs, and a larger
    one around each repeat only: MATCHING_REACH pairs either side, doubled while a repeat
    remains, up to WHOLE_MATCHING players.

    Three to five seats: the same three wishes, priced per pair and added up per table. A
    small field (at most EXACT_SEATINGS ways to cut it into tables: up to 11 players at 3
    seats, 12 at 4, 10 at 5) is seated the cheapest of all ways, so a repeat is made only when
    none is avoidable. A larger one is cut into tables in rank order, then swaps of two players
    between tables at most SWAP_REACH ranks apart are made, the best swap for a table with a
    repeat first, while one lowers the price; while a repeat is left and no swap helps, the
    reach doubles up to the whole field. That is a local search: it can keep a repeat that
    a cleverer seating would avoid (in 1 of 25 random histories of 12 players at 3 seats in
    the check it was built with), and none has been seen in fields seated round after round.
    """
    ranked = sorted(players, key=lambda player: (-points.get(player, 0), player))
    byes = _sitting_out(ranked, table_size, byes_had, allow_smaller_table)
    seated = [player for player in ranked if player not in byes]
    scale = _Weights(seated, points, met, table_size)
    if table_size == 2:
        tables = _matched_pairs(seated, scale)
    else:
        tables = _grouped_tables(seated, scale, table_size)
    return tables, [player for player in ranked if player in byes]


def _sitting_out(
    ranked: list[int], table_size: int, byes_had: dict[int, int], allow_smaller_table: bool
) -> set[int]:
    left_over = len(ranked) % table_size
    if allow_smaller_table and left_over >= 2:
        left_over = 0
    bottom_first = sorted(
        range(len(ranked)), key=lambda rank: (byes_had.get(ranked[rank], 0), -rank)
    )
    return {ranked[rank] for rank in bottom_first[:left_over]}


class _Weights:
    """The price of two players sharing a table, one integer ordering three wishes: no
    repeat meeting first, then points as close as can be, then ranks as close as can be."""

    def __init__(self, ranked: list[int], points: dict[int, float], met, table_size: int):
        self.rank = {player: rank for rank, player in enumerate(ranked)}
        self.points = {player: points.get(player, 0) for player in ranked}
        self.met = met
        self.prices: dict[tuple[int, int], int] = {}
        count = max(len(ranked), 1)
        spread = max(self.points.values(), default=0) - min(self.points.values(), default=0)
        pairs = count * (table_size - 1)
        self.per_point = pairs * count + 1
        self.per_repeat = (pairs * self._squared(spread) + 1) * self.per_point

    @staticmethod
    def _squared(difference: float) -> int:
        # Points come in halves, sixths or twelfths (placing points): a hundredth is exact
        # enough to rank them.
        return round(difference * difference * 100)

    def price(self, a: int, b: int) -> int:
        key = (a, b) if a < b else (b, a)
        price = self.prices.get(key)
        if price is None:
            repeats = self.met.get(frozenset(key), 0)
            price = (
                repeats * self.per_repeat
                + self._squared(self.points[a] - self.points[b]) * self.per_point
                + abs(self.rank[a] - self.rank[b])
            )
            self.prices[key] = price
        return price

    def table_price(self, table: Sequence[int]) -> int:
        return sum(self.price(a, b) for a, b in combinations(table, 2))

    def repeats(self, table: Sequence[int]) -> bool:
        return any(frozenset(pair) in self.met for pair in combinations(table, 2))


def _matched_pairs(ranked: list[int], weights: _Weights) -> list[Table]:
    # Neighbours in rank order pairing off (1-2, 3-4, ...) is the maximum-weight matching
    # itself when it repeats no meeting: on a line, pairing neighbours minimises any convex
    # price of the distance (an exchange argument), so the matching is only needed around a
    # repeat.
    pairs = [ranked[start : start + 2] for start in range(0, len(ranked), 2)]
    if not any(weights.repeats(pair) for pair in pairs):
        return pairs
    if len(ranked) <= WHOLE_MATCHING:
        return _best_pairs(ranked, weights)
    index = 0
    while index < len(pairs):
        if not weights.repeats(pairs[index]):
            index += 1
            continue
        reach = MATCHING_REACH
        while True:
            start, end = max(0, index - reach), min(len(pairs), index + reach + 1)
            around = [player for pair in pairs[start:end] for player in pair]
            matched = _best_pairs(around, weights)
            clean = not any(weights.repeats(pair) for pair in matched)
            if clean or len(around) >= WHOLE_MATCHING or end - start == len(pairs):
                break
            reach *= 2
        pairs[start:end] = matched
        index = end
    return pairs


def _best_pairs(block: list[int], weights: _Weights) -> list[Table]:
    graph = nx.Graph()
    prices = {(a, b): weights.price(a, b) for a, b in combinations(block, 2)}
    ceiling = max(prices.values(), default=0) + 1
    for (a, b), price in prices.items():
        graph.add_edge(a, b, weight=ceiling - price)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    pairs = [sorted(pair, key=weights.rank.__getitem__) for pair in matching]
    return sorted(pairs, key=lambda pair: weights.rank[pair[0]])


def _grouped_tables(ranked: list[int], weights: _Weights, table_size: int) -> list[Table]:
    if _seatings(len(ranked), table_size) <= EXACT_SEATINGS:
        tables = _cheapest_seating(ranked, weights, table_size)
    else:
        tables = _swapped_tables(ranked, weights, table_size)
    return sorted(
        (sorted(table, key=weights.rank.__getitem__) for table in tables),
        key=lambda table: weights.rank[table[0]],
    )


def _seatings(count: int, table_size: int) -> int:
    """In how many ways `count` players can be cut into full tables and one smaller table."""
    tables, smaller = divmod(count, table_size)
    full = math.factorial(count - smaller) // (
        math.factorial(table_size) ** tables * math.factorial(tables)
    )
    return full * math.comb(count, smaller)


def _cheapest_seating(ranked: list[int], weights: _Weights, table_size: int) -> list[Table]:
    """Of every way to cut a small field into tables, the cheapest (among equals, the first
    found, in rank order)."""
    smaller = len(ranked) % table_size
    best: tuple[int, list[Table]] | None = None
    # The smaller table is tried from the bottom of the ranking up: among equals it sits last.
    for small in combinations(ranked[::-1], smaller) if smaller else [()]:
        rest = [player for player in ranked if player not in small]
        for tables in _partitions(rest, table_size):
            seating = [*tables, list(small)] if small else tables
            price = sum(weights.table_price(table) for table in seating)
            if best is None or price < best[0]:
                best = (price, seating)
    return best[1] if best else []


def _partitions(players: list[int], table_size: int) -> Iterator[list[Table]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for mates in combinations(rest, table_size - 1):
        left = [player for player in rest if player not in mates]
        for tables in _partitions(left, table_size):
            yield [[first, *mates], *tables]


def _swapped_tables(ranked: list[int], weights: _Weights, table_size: int) -> list[Table]:
    tables = [ranked[start : start + table_size] for start in range(0, len(ranked), table_size)]
    reach = max(1, math.ceil(SWAP_REACH / table_size))
    while True:
        swapped = False
        for here, table in enumerate(tables):
            if weights.repeats(table):
                swapped |= _swap_best(tables, here, reach, weights)
        if swapped:
            continue
        if reach >= len(tables) or not any(weights.repeats(table) for table in tables):
            break
        reach *= 2
    return tables


def _swap_best(tables: list[Table], here: int, reach: int, weights: _Weights) -> bool:
    """Make the swap of a player at table `here` with one at most `reach` tables away that
    lowers the price the most; whether there was one."""
    table, price = tables[here], weights.price
    kept = {a: sum(price(a, c) for c in table if c != a) for a in table}
    best = (0, -1, -1, -1)
    for there in range(max(0, here - reach), min(len(tables), here + reach + 1)):
        if there == here:
            continue
        other = tables[there]
        kept_there = {b: sum(price(b, d) for d in other if d != b) for b in other}
        joining_here = {b: sum(price(b, c) for c in table) for b in other}
        joining_there = {a: sum(price(a, d) for d in other) for a in table}
        for i, a in enumerate(table):
            for j, b in enumerate(other):
                # a and b trade places: a's mates lose a and gain b, b's the other way.
                across = 2 * price(a, b)
                change = joining_here[b] + joining_there[a] - across - kept[a] - kept_there[b]
                if change < best[0]:
                    best = (change, there, i, j)
    change, there, i, j = best
    if change >= 0:
        return False
    table[i], tables[there][j] = tables[there][j], table[i]
    return True
