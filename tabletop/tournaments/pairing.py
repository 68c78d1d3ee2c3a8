"""Who sits with whom: a round robin's schedule, and one Swiss round.

A minimal stand-in (issue 30): the pairing engine proper is written apart and takes this
file's place with the same two names and signatures.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def round_robin(players: Sequence[Hashable], table_size: int) -> list[list[list[Hashable]]]:
    """Rounds of tables in which every player meets every other. Two seats: the circle method
    (one player stays, the others turn; an odd count gives one player a table alone, a bye).
    More seats: the same turning, cut into consecutive tables."""
    field = list(players) + ([None] if len(players) % 2 and table_size == 2 else [])
    count = len(field)
    if count < 2:
        return []
    needed = count - 1 if table_size == 2 else -(-(count - 1) // (table_size - 1))
    rounds = []
    for number in range(needed):
        turned = [field[0], *field[1:][number:], *field[1:][:number]]
        if table_size == 2:
            pairs = [[turned[i], turned[count - 1 - i]] for i in range(count // 2)]
        else:
            pairs = [turned[i : i + table_size] for i in range(0, count, table_size)]
        rounds.append([[p for p in table if p is not None] for table in pairs])
    return rounds


def swiss_round(
    players: Sequence[Hashable],
    points: dict,
    met: dict,
    table_size: int,
    byes_had: dict,
    allow_smaller_table: bool,
) -> tuple[list[list[Hashable]], list[Hashable]]:
    """One Swiss round: players by points (most first, the given order breaking ties), cut
    into tables of `table_size`; the remainder sit at one smaller table if allowed, else get
    byes (those with the fewest byes so far, fewest points). `met` (player -> players met) is
    not weighed by this stand-in."""
    ranked = sorted(players, key=lambda p: -points.get(p, 0))
    spare = len(ranked) % table_size
    byes: list[Hashable] = []
    if spare and not allow_smaller_table:
        order = sorted(ranked, key=lambda p: (byes_had.get(p, 0), points.get(p, 0)))
        byes = order[:spare]
        ranked = [p for p in ranked if p not in byes]
    tables = [ranked[i : i + table_size] for i in range(0, len(ranked), table_size)]
    return tables, byes
