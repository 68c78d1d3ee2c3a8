"""Points by placing and the standings they give.

A minimal stand-in (issue 30): the standings proper are written apart and take this file's
place with the same names.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def placing_points(scores: Sequence[int], winners: Sequence[int]) -> list[float]:
    """Each seat's points for one game: the share of the other seats it finished ahead of, a
    tie counting half (a win at two seats 1, a draw 0.5, a loss 0). The winners rank first,
    whatever their score; the rest by score."""
    count = len(scores)
    if count < 2:
        return [1.0] * count

    def rank(seat: int) -> tuple:
        return (seat in winners, scores[seat])

    points = []
    for seat in range(count):
        ahead = sum(1 for other in range(count) if rank(seat) > rank(other))
        tied = sum(1 for other in range(count) if other != seat and rank(seat) == rank(other))
        points.append((ahead + tied / 2) / (count - 1))
    return points


# A bye scores as a sole win.
BYE_POINTS = 1.0


def standings(
    players: Sequence[Hashable], results: Sequence[dict], byes: Sequence[Hashable]
) -> list[dict]:
    """The table: one row per player, best first: points (placing points of each result,
    plus a bye's), then the opponents' points, then the total game score. `results` are
    {"players": [...by seat], "scores": [...], "winners": [seats]}; `byes` one player per bye.
    Rows that tie on all three share a place."""
    rows = {p: {"player": p, "points": 0.0, "score": 0, "games": 0, "byes": 0} for p in players}
    met: dict = {p: [] for p in players}
    for result in results:
        seated = result["players"]
        for seat, earned in enumerate(placing_points(result["scores"], result["winners"])):
            row = rows.setdefault(
                seated[seat], {"player": seated[seat], "points": 0.0, "score": 0, "games": 0}
            )
            row["points"] += earned
            row["score"] += result["scores"][seat]
            row["games"] += 1
            met.setdefault(seated[seat], []).extend(p for p in seated if p != seated[seat])
    for player in byes:
        rows[player]["points"] += BYE_POINTS
        rows[player]["byes"] = rows[player].get("byes", 0) + 1
    for player, row in rows.items():
        row["opponents_points"] = sum(rows[o]["points"] for o in met.get(player, []) if o in rows)
    order = sorted(rows.values(), key=lambda r: (-r["points"], -r["opponents_points"], -r["score"]))
    for index, row in enumerate(order):
        key = (row["points"], row["opponents_points"], row["score"])
        previous = order[index - 1] if index else None
        same = previous and key == (
            previous["points"],
            previous["opponents_points"],
            previous["score"],
        )
        row["place"] = previous["place"] if same else index + 1
    return order
