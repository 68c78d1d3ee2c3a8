"""Points by placing and the standings table: the same rules for the page, the API and the
README, computed here only. Pure Python: nothing of Django.

Points by placing. The game's winners share first place; the other seats follow by their game
score, higher first, equal scores sharing a place. A table of s seats gives place p
(s - p) / (s - 1) points: a win is 1, last place 0, and the places between are evenly spaced
(at four seats: 1, 2/3, 1/3, 0). Players sharing places share those places' points equally
(two winners at two seats: 1/2 each, a draw; two winners at four seats: 5/6 each). Every table
hands out s / 2 points in all, half a point a seat on average, whatever its size.

A bye is worth BYE_POINTS = 1/2, the average seat's points: sitting out neither helps nor
hurts on average.

Standings: players ordered by points; ties broken by the opponents' points (for each game, the
average of the final points of the others at the table, added up over the player's games; at
two seats this is the Buchholz score; byes add nothing), then by the sum of the player's game
scores. Players equal on all three share a rank (1, 2, 2, 4) and are listed by id.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

BYE_POINTS = 0.5


@dataclass(frozen=True)
class GameResult:
    """One finished game of the tournament: its players in seat order, and the outcome's
    scores by seat and winning seats (as the rules' `Outcome` gives them)."""

    players: list[int]
    scores: list[int]
    winners: list[int]


@dataclass
class Standing:
    """One row of the standings table."""

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
    """Each seat's points by its place at the table (see the module's rules)."""
    seats = len(scores)
    if seats < 2:
        return [1.0] * seats
    points = [0.0] * seats
    first = 1
    for group in _places(scores, winners):
        shared = [(seats - place) / (seats - 1) for place in range(first, first + len(group))]
        for seat in group:
            points[seat] = sum(shared) / len(shared)
        first += len(group)
    return points


def _places(scores: list[int], winners: list[int]) -> list[list[int]]:
    """Seats grouped by place, best first: the winners, then the rest by score."""
    places = [sorted(set(winners))] if winners else []
    rest = [seat for seat in range(len(scores)) if seat not in set(winners)]
    for score in sorted({scores[seat] for seat in rest}, reverse=True):
        places.append([seat for seat in rest if scores[seat] == score])
    return places


def standings(
    results: Iterable[GameResult],
    byes: Iterable[int] = (),
    players: Iterable[int] = (),
    bye_points: float = BYE_POINTS,
) -> list[Standing]:
    """The standings table, best first, with ranks (see the module's rules).

    `byes` names a player once for each bye had; `players` adds entrants with neither games
    nor byes yet, so that every entrant has a row.
    """
    points: dict[int, float] = defaultdict(float)
    tables_of: dict[int, list[list[int]]] = defaultdict(list)
    rows: dict[int, Standing] = {}

    def row(player: int) -> Standing:
        if player not in rows:
            rows[player] = Standing(0, player, 0.0, 0.0, 0, 0, 0, 0)
        return rows[player]

    for player in players:
        row(player)
    for result in results:
        earned = placing_points(result.scores, result.winners)
        for seat, player in enumerate(result.players):
            entry = row(player)
            points[player] += earned[seat]
            entry.score_sum += result.scores[seat]
            entry.games += 1
            entry.wins += seat in result.winners
            others = [p for p in result.players if p != player]
            entry.opponents.extend(others)
            tables_of[player].append(others)
    for player in byes:
        row(player).byes += 1
        points[player] += bye_points
    for player, entry in rows.items():
        entry.points = points[player]
        entry.opponents_points = (
            sum(
                sum(points[other] for other in others) / len(others)
                for others in tables_of[player]
                if others
            )
            + 0.0
        )
    return _ranked(list(rows.values()))


def _ranked(rows: list[Standing]) -> list[Standing]:
    def merit(entry: Standing) -> tuple[float, float, int]:
        # Rounded so that sums of thirds and sixths added in another order still tie.
        return (round(entry.points, 9), round(entry.opponents_points, 9), entry.score_sum)

    rows.sort(key=lambda entry: (tuple(-value for value in merit(entry)), entry.player))
    for index, entry in enumerate(rows):
        same = index > 0 and merit(rows[index - 1]) == merit(entry)
        entry.rank = rows[index - 1].rank if same else index + 1
    return rows
