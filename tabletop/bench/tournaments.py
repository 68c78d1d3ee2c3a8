"""Seating speed of tournaments (`manage.py benchmark --only tournaments`): figures, not tests.

Pure computation, no database: the seating functions are what a round's start waits on.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from tabletop.tournaments.pairing import meetings, round_robin, swiss_round

FIELDS = (100, 1000)
TABLE_SIZES = (2, 3, 4, 5)
ROUNDS_BEFORE = 3


def swiss_seating(count: int, table_size: int, rounds_before: int = ROUNDS_BEFORE) -> dict:
    """Seat a Swiss round of `count` players after `rounds_before` rounds of random results:
    the seconds it took (the best of three tries) and the repeat meetings it made."""
    rng = random.Random(f"bench {count} {table_size}")
    players = list(range(1, count + 1))
    points = dict.fromkeys(players, 0.0)
    met: Counter = Counter()
    byes: Counter = Counter()
    for _ in range(rounds_before):
        tables, sitting_out = swiss_round(players, points, met, table_size, byes, False)
        for player in sitting_out:
            byes[player] += 1
            points[player] += 0.5
        for table in tables:
            for place, player in enumerate(rng.sample(table, len(table))):
                points[player] += (len(table) - 1 - place) / (len(table) - 1)
        met.update(meetings(tables))
    timings = []
    for _ in range(3):
        started = time.perf_counter()
        tables, _ = swiss_round(players, points, met, table_size, byes, False)
        timings.append(time.perf_counter() - started)
    repeats = sum(met.get(pair, 0) > 0 for pair in meetings(tables))
    return {"seconds": min(timings), "tables": len(tables), "repeats": repeats}


def round_robin_seconds(count: int, table_size: int) -> tuple[float, int]:
    """The seconds to schedule a whole round robin, and its number of rounds."""
    started = time.perf_counter()
    schedule = round_robin(list(range(1, count + 1)), table_size)
    return time.perf_counter() - started, len(schedule)


def figures() -> list[str]:
    lines = [f"Seating a Swiss round after {ROUNDS_BEFORE} rounds of random results (best of 3):"]
    for count in FIELDS:
        for size in TABLE_SIZES:
            seating = swiss_seating(count, size)
            lines.append(
                f"  {count:5,} players, {size} seats: {seating['seconds'] * 1000:7.1f} ms, "
                f"{seating['tables']} tables, {seating['repeats']} repeat meetings"
            )
    lines.append("Scheduling a whole round robin:")
    for count, size in ((12, 3), (12, 4), (12, 5), (20, 4)):
        seconds, rounds = round_robin_seconds(count, size)
        lines.append(f"  {count:5} players, {size} seats: {seconds:5.2f} s, {rounds} rounds")
    return lines
