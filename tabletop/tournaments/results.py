"""The standings as the log tells them: every result and bye logged, reckoned by
`standings.standings` (points by placing; then the opponents' points, then the game score).

Apart because seating (Swiss points, who met whom), the projection on Entry and the log's
verification all read them the same way.
"""

from __future__ import annotations

from tabletop.tournaments import pairing
from tabletop.tournaments import standings as reckoning
from tabletop.tournaments.log import events_of
from tabletop.tournaments.models import Tournament, TournamentEvent

Kind = TournamentEvent.Kind


def players_in_log(tournament: Tournament) -> list[int]:
    """The user ids that joined and did not leave before the start, in the order they joined."""
    players: list[int] = []
    for event in events_of(tournament, Kind.JOINED, Kind.LEFT):
        if event.kind == Kind.JOINED:
            players.append(event.data["player"])
        elif event.data["player"] in players:
            players.remove(event.data["player"])
    return players


def results_in_log(tournament: Tournament) -> list[dict]:
    return [event.data for event in events_of(tournament, Kind.RESULT)]


def byes_in_log(tournament: Tournament) -> list[int]:
    """One user id per bye given, round after round."""
    return [p for event in events_of(tournament, Kind.SEATED) for p in event.data["byes"]]


def standings_of(tournament: Tournament) -> list[reckoning.Standing]:
    """The standings table rebuilt from the log, best first (`standings.Standing` rows: the
    player's user id, points, opponents' points, score sum, games, wins, byes and rank)."""
    results = [
        reckoning.GameResult(r["players"], r["scores"], r["winners"])
        for r in results_in_log(tournament)
    ]
    return reckoning.standings(results, byes_in_log(tournament), players_in_log(tournament))


def met_in_log(tournament: Tournament) -> dict[frozenset, int]:
    """How often each pair of players has sat at one table (`pairing.meetings`)."""
    seated = events_of(tournament, Kind.SEATED)
    return pairing.meetings(table["players"] for e in seated for table in e.data["tables"])


def timeouts_in_log(tournament: Tournament, player: int) -> int:
    return sum(1 for e in events_of(tournament, Kind.TIMEOUT) if e.data["player"] == player)
