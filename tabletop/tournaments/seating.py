"""Who sits with whom in the next round, and why, and the round seated: its games started
at once through play's store, each logged with the seating that made it.

A round robin follows the schedule made at the start (`pairing.round_robin`), leaving out the
players dropped since; a table left with fewer players than the game needs becomes byes. A
Swiss round (`pairing.swiss_round`) seats players with similar points together, avoiding
repeat meetings; when the numbers do not divide, the spare players sit at one smaller table
where the game allows that many, else they get byes. A bye scores as a sole win
(`standings.BYE_POINTS`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.contrib.auth import get_user_model

from tabletop.play import clock, store
from tabletop.play.models import Game
from tabletop.tournaments import pairing, signals
from tabletop.tournaments.log import events_of, log_event
from tabletop.tournaments.models import Round, RoundGame, Tournament, TournamentEvent
from tabletop.tournaments.results import byes_in_log, met_in_log, players_in_log, standings_of

Kind = TournamentEvent.Kind


@dataclass
class Seating:
    """A round's plan: tables of user ids in seat order, the players with a bye, and why."""

    tables: list[list[int]]
    byes: list[int] = field(default_factory=list)
    why: str = ""
    points: dict[int, float] = field(default_factory=dict)


def still_playing(tournament: Tournament) -> list[int]:
    """The players not dropped, in the order they joined (as the log tells it)."""
    dropped = {e.data["player"] for e in events_of(tournament, Kind.DROPPED)}
    return [p for p in players_in_log(tournament) if p not in dropped]


def plan_round(tournament: Tournament, number: int) -> Seating:
    """The seating of round `number` from the log as it stands."""
    players = still_playing(tournament)
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        return _round_robin_round(tournament, number, players)
    return _swiss_round(tournament, number, players)


def _round_robin_round(tournament: Tournament, number: int, players: list[int]) -> Seating:
    started = events_of(tournament, Kind.STARTED)[0]
    scheduled = started.data["schedule"][number - 1]
    least = tournament.rules.min_players
    tables = []
    for table in scheduled:
        present = [p for p in table if p in players]
        if len(present) >= least:
            tables.append(present)
    seated = {p for table in tables for p in table}
    byes = [p for p in players if p not in seated]
    why = (
        f"Round {number} of the round robin's schedule made at the start; players dropped "
        "since are left out; a player at no table (left over, or whose table was left too "
        "small for the game) has a bye."
    )
    return Seating(tables, byes, why)


def _swiss_round(tournament: Tournament, number: int, players: list[int]) -> Seating:
    points = {row.player: row.points for row in standings_of(tournament)}
    byes_had: dict[int, int] = {}
    for player in byes_in_log(tournament):
        byes_had[player] = byes_had.get(player, 0) + 1
    spare = len(players) % tournament.table_size
    smaller = spare >= max(2, tournament.rules.min_players)
    tables, byes = pairing.swiss_round(
        players, points, met_in_log(tournament), tournament.table_size, byes_had, smaller
    )
    why = (
        f"Swiss round {number}: players with similar points seated together at tables of "
        f"{tournament.table_size}, avoiding repeat meetings as far as possible"
        + ("; the spare players at one smaller table" if smaller else "")
        + ("; byes to those with the fewest byes and points" if byes else "")
        + "."
    )
    return Seating(
        [list(t) for t in tables], list(byes), why, {p: points.get(p, 0.0) for p in players}
    )


def seat_round(tournament: Tournament) -> Round:
    """Seat the next round of a locked, running tournament and start all its games at once,
    logged with its seating; in the caller's transaction, so it is all or nothing."""
    number = tournament.current_round + 1
    seating = plan_round(tournament, number)
    now = clock.now()
    played = Round.objects.create(
        tournament=tournament,
        number=number,
        started=now,
        deadline=now + timedelta(days=tournament.round_days),
    )
    users = get_user_model().objects.in_bulk([p for t in seating.tables for p in t])
    logged_tables = []
    started_games = []
    for table, players in enumerate(seating.tables, start=1):
        seated = [users[p] for p in players]
        game = store.start_seated_game(
            tournament.organiser,
            tournament.slug,
            seated,
            tournament.options,
            days_per_move=tournament.days_per_move,
            timeout_policy=Game.Timeout.BOT,
            private=tournament.private,
        )
        RoundGame.objects.create(round=played, game=game, table=table)
        logged_tables.append({"table": table, "game": game.pk, "players": players})
        started_games.append((game, seated))
    tournament.current_round = number
    tournament.save(update_fields=["current_round"])
    log_event(
        tournament,
        Kind.SEATED,
        round=number,
        tables=logged_tables,
        byes=seating.byes,
        why=seating.why,
        points={str(p): v for p, v in seating.points.items()},
        deadline=played.deadline.isoformat(),
    )
    signals.round_started.send(sender=Tournament, tournament=tournament, round=played)
    for game, seated in started_games:
        signals.game_seated.send(
            sender=Tournament, tournament=tournament, round=played, game=game, players=seated
        )
    return played
