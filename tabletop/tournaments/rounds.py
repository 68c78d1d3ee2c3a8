"""A tournament running: its start (the organiser's, early, or the sweep's at the sign-up
deadline), each game's result, the next round seated by itself once the last game of a round
ends, and the end that names the winners.

Exactly once: whatever moves a round on holds the tournament row (`log.lock`) and checks
that the round is still the current one and not ended, in one transaction with the seating;
two games of a round ending at the same moment in two workers wait for each other there,
and the second finds the round ended (or the first finds the second's game still running).
"""

from __future__ import annotations

from dataclasses import asdict

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from tabletop.play import clock
from tabletop.play.models import Game
from tabletop.tournaments import pairing, signals
from tabletop.tournaments.entries import cancel
from tabletop.tournaments.errors import Closed, NotOrganiser
from tabletop.tournaments.log import lock, log_event
from tabletop.tournaments.models import Entry, Round, RoundGame, Tournament, TournamentEvent
from tabletop.tournaments.results import players_in_log, standings_of
from tabletop.tournaments.seating import seat_round, still_playing

Kind = TournamentEvent.Kind

TOO_FEW = "too few players"


def least_players(tournament: Tournament) -> int:
    """Fewest players a tournament starts with: one full table."""
    return tournament.table_size


def start_tournament(tournament: Tournament, organiser: AbstractBaseUser) -> Tournament:
    """The organiser starts it early: round 1 seated and all its games started at once."""
    with transaction.atomic():
        locked = lock(tournament.pk)
        if locked.organiser_id != organiser.pk:
            raise NotOrganiser(gettext("Only the tournament's organiser can do this."))
        if locked.status != Tournament.Status.SIGNUP:
            raise Closed(gettext("This tournament has started or is over."))
        joined = locked.entries.count()
        if joined < least_players(locked):
            raise Closed(
                gettext("Not enough players to start: %(joined)s joined, %(least)s needed.")
                % {"joined": joined, "least": least_players(locked)}
            )
        begin(locked)
    return locked


def start_at_deadline(tournament_id: int) -> bool:
    """The sweep's start at the sign-up deadline: begun, or cancelled with too few players;
    a tournament started (or cancelled) meanwhile is left alone. Whether it began."""
    with transaction.atomic():
        locked = lock(tournament_id)
        if locked.status != Tournament.Status.SIGNUP or locked.signup_deadline > clock.now():
            return False
        if locked.entries.count() < least_players(locked):
            cancel(locked, TOO_FEW)
            return False
        begin(locked)
    return True


def begin(tournament: Tournament) -> None:
    """Start a locked tournament: a round robin's whole schedule is made (and logged) now."""
    players = players_in_log(tournament)
    data: dict = {"players": players}
    if tournament.format == Tournament.Format.ROUND_ROBIN:
        schedule = pairing.round_robin(players, tournament.table_size)
        data["schedule"] = [[list(table) for table in tables] for tables in schedule]
        tournament.rounds = len(schedule)
    tournament.status = Tournament.Status.RUNNING
    tournament.started = clock.now()
    tournament.save(update_fields=["status", "started", "rounds"])
    log_event(tournament, Kind.STARTED, rounds=tournament.rounds, **data)
    move_on(tournament)


def record_result(game: Game) -> Tournament | None:
    """A game of a tournament ended (play's `game_ended`, inside the store's transaction, the
    game not yet saved): its result logged, with the adjudication that ended it if one did;
    the tournament, locked, or None for a game of no tournament."""
    link = RoundGame.objects.select_related("round").filter(game_id=game.pk).first()
    if link is None:
        return None
    tournament = lock(link.round.tournament_id)
    if not tournament.events.filter(kind=Kind.RESULT, data__game=game.pk).exists():
        log_result(tournament, link, game)
        project_points(tournament)
    return tournament


def log_result(tournament: Tournament, link: RoundGame, game: Game) -> None:
    outcome = game.outcome or {}
    players = [seat.user_id for seat in game.seats.order_by("position")]
    adjudicated = (outcome.get("details") or {}).get("adjudicated")
    if adjudicated:
        log_event(
            tournament, Kind.ADJUDICATED, round=link.round.number, game=game.pk, reason=adjudicated
        )
    log_event(
        tournament,
        Kind.RESULT,
        round=link.round.number,
        table=link.table,
        game=game.pk,
        players=players,
        scores=outcome.get("scores", [0] * len(players)),
        winners=outcome.get("winners", []),
    )


def results_left_unlogged(tournament: Tournament) -> int:
    """The results of the tournament's finished games that its log lacks, logged (a repair:
    every game's end logs its own); how many."""
    logged = {e.data["game"] for e in tournament.events.filter(kind=Kind.RESULT)}
    links = RoundGame.objects.filter(
        round__tournament=tournament, game__status=Game.Status.FINISHED
    ).select_related("round", "game")
    missing = [link for link in links if link.game_id not in logged]
    for link in missing:
        log_result(tournament, link, link.game)
    if missing:
        project_points(tournament)
    return len(missing)


def move_on(tournament: Tournament, ending: int | None = None) -> None:
    """End the current round if none of its games runs any more (`ending` is a game ending
    in this very transaction, its row not saved yet), then seat the next or finish; again
    while a new round has nothing to play (only byes)."""
    while True:
        current = tournament.round_set.filter(number=tournament.current_round).first()
        if current is not None and current.ended is None:
            if _still_running(current, ending):
                return
            current.ended = clock.now()
            current.save(update_fields=["ended"])
            log_event(tournament, Kind.ROUND_ENDED, round=current.number)
        last = tournament.rounds is not None and tournament.current_round >= tournament.rounds
        if last or len(still_playing(tournament)) < tournament.rules.min_players:
            finish(tournament)
            return
        seat_round(tournament)


def _still_running(played: Round, ending: int | None) -> bool:
    games = RoundGame.objects.filter(round=played).exclude(game__status=Game.Status.FINISHED)
    if ending is not None:
        games = games.exclude(game_id=ending)
    return games.exists()


def project_points(tournament: Tournament) -> None:
    """Each entry's points as the log's standings give them (the projection the list shows)."""
    points = {row.player: row.points for row in standings_of(tournament)}
    for entry in tournament.entries.all():
        if entry.points != points.get(entry.player_id, 0.0):
            entry.points = points.get(entry.player_id, 0.0)
            entry.save(update_fields=["points"])


def winners_of(standings: list) -> list[int]:
    return [row.player for row in standings if row.rank == 1]


def finish(tournament: Tournament) -> None:
    """The end: the winners are those placed first in the standings, logged with them."""
    table = standings_of(tournament)
    tournament.winners = winners_of(table)
    tournament.status = Tournament.Status.FINISHED
    tournament.finished = clock.now()
    tournament.save(update_fields=["winners", "status", "finished"])
    rows = [asdict(row) for row in table]
    log_event(tournament, Kind.FINISHED, winners=tournament.winners, standings=rows)
    winners = [
        e.player
        for e in Entry.objects.filter(tournament=tournament, player_id__in=tournament.winners)
    ]
    signals.tournament_over.send(sender=Tournament, tournament=tournament, winners=winners)
