"""Points by placing and the standings they give.

A minimal stand-in (issue 30): the standings proper are written apart and take this file's
place with the same names (GameResult, Standing, placing_points, standings, BYE_POINTS).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

# A bye is worth the average seat's points.
BYE_POINTS = 0.5


@dataclass(frozen=True)
class GameResult:
    players: list[int]
    scores: list[int]
    winners: list[int]


@dataclass
class Standing:
    rank: int
    player: int
    points: float
    opponents_points: float
    score_sum: int
    games: int
    wins: int
    byes: int
    opponents: list[int] = field(default_factory=list)


def placing_points(scores: list[int], winners: list[int]) -> list[float]:
    """Each seat's share of the other seats it finished ahead of, a tie counting half; the
    winners rank first whatever their score (two seats: win 1, draw 0.5, loss 0)."""
    count = len(scores)
    if count < 2:
        return [1.0] * count

    def rank(seat: int) -> tuple:
        return (seat in winners, scores[seat])

    return [
        sum(
            1.0 if rank(seat) > rank(other) else 0.5 if rank(seat) == rank(other) else 0.0
            for other in range(count)
            if other != seat
        )
        / (count - 1)
        for seat in range(count)
    ]


def standings(
    results: Iterable[GameResult],
    byes: Iterable[int] = (),
    players: Iterable[int] = (),
    bye_points: float = BYE_POINTS,
) -> list[Standing]:
    """Best first: points, then the opponents' points, then the sum of game scores."""
    rows: dict[int, Standing] = {}

    def row(player: int) -> Standing:
        return rows.setdefault(player, Standing(0, player, 0.0, 0.0, 0, 0, 0, 0))

    for player in players:
        row(player)
    for result in results:
        for seat, earned in enumerate(placing_points(result.scores, result.winners)):
            entry = row(result.players[seat])
            entry.points += earned
            entry.score_sum += result.scores[seat]
            entry.games += 1
            entry.wins += seat in result.winners
            entry.opponents += [p for p in result.players if p != entry.player]
    for player in byes:
        row(player).byes += 1
        row(player).points += bye_points
    for entry in rows.values():
        entry.opponents_points = sum(rows[o].points for o in entry.opponents)
    ordered = sorted(
        rows.values(), key=lambda e: (-e.points, -e.opponents_points, -e.score_sum, e.player)
    )
    for index, entry in enumerate(ordered):
        before = ordered[index - 1] if index else None
        same = before is not None and (
            before.points,
            before.opponents_points,
            before.score_sum,
        ) == (
            entry.points,
            entry.opponents_points,
            entry.score_sum,
        )
        entry.rank = before.rank if same else index + 1
    return ordered
