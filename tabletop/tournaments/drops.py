"""Players dropped from a running tournament: those who withdraw, those who time out
repeatedly (MOST_TIMEOUTS deadlines passed in the tournament's games), and those the
organiser drops with a reason. A dropped player is never seated again; their games still
running go on with the strong bot in their seat (play's `store.hand_seat_to_bot`).

The seats change hands after the drop commits, each game in its own transaction (a game's
lock is never taken while the tournament's is held, so a move ending that game cannot wait
on us while we wait on it); the sweep hands over any seat a lost worker left behind.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from tabletop.play import clock, store
from tabletop.play.models import Game, Seat
from tabletop.tournaments import signals
from tabletop.tournaments.errors import Closed, NotOrganiser
from tabletop.tournaments.log import lock, log_event
from tabletop.tournaments.models import Entry, RoundGame, Tournament, TournamentEvent
from tabletop.tournaments.results import timeouts_in_log

Kind = TournamentEvent.Kind

# Deadlines passed (in any of the tournament's games) that drop a player.
MOST_TIMEOUTS = 2
WITHDREW = "withdrew"
TIMED_OUT = "timed out repeatedly"


def drop_player(
    tournament: Tournament,
    player: AbstractBaseUser,
    reason: str,
    by: AbstractBaseUser | None = None,
) -> Entry:
    """Drop a player from a running tournament (`by` the organiser, with their reason; or the
    player withdrawing); their running games go on with the strong bot in their seat."""
    with transaction.atomic():
        locked = lock(tournament.pk)
        if by is not None and locked.organiser_id != by.pk:
            raise NotOrganiser(gettext("Only the tournament's organiser can do this."))
        if locked.status != Tournament.Status.RUNNING:
            raise Closed(gettext("Players are dropped only from a running tournament."))
        entry = locked.entries.filter(player=player).first()
        if entry is None:
            raise Closed(gettext("%(name)s is not in this tournament.") % {"name": player})
        if entry.dropped is not None:
            raise Closed(gettext("%(name)s was dropped already.") % {"name": player})
        drop(locked, entry, reason, by)
    hand_seats_to_bot(tournament.pk, player.pk)
    return entry


def drop(tournament: Tournament, entry: Entry, reason: str, by=None) -> None:
    """Drop the entry of a locked tournament, logged."""
    entry.dropped = clock.now()
    entry.drop_reason = reason[:200]
    entry.save(update_fields=["dropped", "drop_reason"])
    log_event(
        tournament,
        Kind.DROPPED,
        player=entry.player_id,
        reason=entry.drop_reason,
        by=by.pk if by is not None else None,
    )
    signals.player_dropped.send(
        sender=Tournament, tournament=tournament, entry=entry, reason=entry.drop_reason
    )


def hand_seats_to_bot(tournament_id: int, player_id: int) -> int:
    """The player's seats in the tournament's running games go to the strong bot; how many.
    Safe to repeat: a seat the bot plays already, or a game over, is left alone."""
    seats = Seat.objects.filter(
        user_id=player_id,
        is_bot=False,
        game__status=Game.Status.ACTIVE,
        game__tournament_table__round__tournament_id=tournament_id,
    )
    return sum(
        store.hand_seat_to_bot(game_id, position)
        for game_id, position in list(seats.values_list("game_id", "position"))
    )


def hand_over_seats_left_behind() -> int:
    """The sweep's part: any dropped player's seat still played by them (a worker lost
    between the drop and the handing over) goes to the bot now."""
    dropped = Entry.objects.filter(
        dropped__isnull=False, tournament__status=Tournament.Status.RUNNING
    ).values_list("tournament_id", "player_id")
    return sum(hand_seats_to_bot(t, p) for t, p in list(dropped))


def count_timeout(game: Game, seat: int) -> None:
    """A seat of a tournament's game passed its deadline (play's `timeout_applied`, inside
    the store's transaction): logged, and the player dropped at MOST_TIMEOUTS. Their seats
    change hands once this commits (the game here is locked by the store mid-write)."""
    link = RoundGame.objects.select_related("round").filter(game_id=game.pk).first()
    if link is None:
        return
    tournament = lock(link.round.tournament_id)
    player = next(s.user_id for s in game.seats.all() if s.position == seat)
    log_event(tournament, Kind.TIMEOUT, player=player, game=game.pk, round=link.round.number)
    entry = tournament.entries.filter(player_id=player, dropped__isnull=True).first()
    running = tournament.status == Tournament.Status.RUNNING
    if running and entry and timeouts_in_log(tournament, player) >= MOST_TIMEOUTS:
        drop(tournament, entry, TIMED_OUT)
        transaction.on_commit(lambda: hand_seats_to_bot(tournament.pk, player))
