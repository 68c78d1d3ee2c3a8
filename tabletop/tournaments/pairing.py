"""Who sits with whom: a round robin's schedule, and one Swiss round.

A minimal stand-in (issue 30): the pairing engine proper is written apart and takes this
file's place with the same names and signatures (meetings, round_robin, swiss_round). A table
is a list of player ids in seat order; a player at no table of a round has a bye.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations


def meetings(tables: Iterable[Sequence[int]]) -> dict[frozenset, int]:
    """How often each pair of players sat at one table: the `met` that `swiss_round` takes."""
    met: Counter = Counter()
    for table in tables:
        for pair in combinations(table, 2):
            met[frozenset(pair)] += 1
    return dict(met)


def round_robin(players: list[int], table_size: int) -> list[list[list[int]]]:
    """Rounds of tables: the circle method (one player stays, the others turn), cut into
    tables of `table_size`; players left over in a round sit out."""
    field: list = list(players) + ([None] if len(players) % 2 and table_size == 2 else [])
    count = len(field)
    if count < 2:
        return []
    needed = count - 1 if table_size == 2 else -(-(count - 1) // (table_size - 1))
    rounds = []
    for number in range(needed):
        turned = [field[0], *field[1:][number:], *field[1:][:number]]
        if table_size == 2:
            tables = [[turned[i], turned[count - 1 - i]] for i in range(count // 2)]
        else:
            tables = [turned[i : i + table_size] for i in range(0, count, table_size)]
        tables = [[p for p in table if p is not None] for table in tables]
        rounds.append([table for table in tables if len(table) == table_size])
    return rounds


def swiss_round(
    players: list[int],
    points: dict[int, float],
    met: dict[frozenset, int],
    table_size: int,
    byes_had: dict[int, int],
    allow_smaller_table: bool,
) -> tuple[list[list[int]], list[int]]:
    """Players by points (then id) cut into tables; the remainder sit at one smaller table if
    allowed, else get byes (fewest byes so far, lowest ranked). `met` is not weighed here."""
    ranked = sorted(players, key=lambda p: (-points.get(p, 0), p))
    spare = len(ranked) % table_size
    byes: list[int] = []
    if spare and not (allow_smaller_table and spare >= 2):
        bottom_first = sorted(range(len(ranked)), key=lambda r: (byes_had.get(ranked[r], 0), -r))
        byes = [ranked[r] for r in sorted(bottom_first[:spare])]
        ranked = [p for p in ranked if p not in byes]
    return [ranked[i : i + table_size] for i in range(0, len(ranked), table_size)], byes
