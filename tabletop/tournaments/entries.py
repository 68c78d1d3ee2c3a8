"""Before the start: an organiser creates a tournament (and invites, when it is by
invitation); players join and leave until it starts; the organiser may call it off.

Each refusal says what stands in the way, as the page, the API and an email would show it.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

import games
from games import IllegalMove
from games.base import resolve_options
from tabletop.play import clock, texts
from tabletop.play.store import Refused
from tabletop.tournaments import signals
from tabletop.tournaments.drops import WITHDREW, drop_player
from tabletop.tournaments.errors import Closed, NotInvited, NotOrganiser
from tabletop.tournaments.log import lock, log_event
from tabletop.tournaments.models import Entry, Tournament, TournamentEvent

Kind = TournamentEvent.Kind

# Bounds on what an organiser may ask for.
MOST_SWISS_ROUNDS = 20
MOST_PLAYERS = 1000
# Everyone meets everyone: past thirty players a round robin of slow games would run for
# years, and its schedule (made at the start, in the organiser's request) takes seconds.
MOST_ROUND_ROBIN_PLAYERS = 30


def create_tournament(
    organiser: AbstractBaseUser,
    name: str,
    slug: str,
    *,
    format: str,
    table_size: int,
    max_players: int,
    signup_deadline: datetime,
    rounds: int | None = None,
    options: dict | None = None,
    days_per_move: int = 3,
    round_days: int = 14,
    private: bool = False,
) -> Tournament:
    """A tournament open for sign-up until `signup_deadline`. Swiss needs `rounds`; a round
    robin has as many rounds as its schedule (set at the start). The organiser does not play
    unless they join like anyone else."""
    try:
        rules = games.get(slug)
    except KeyError as error:
        raise Refused(error.args[0]) from None
    try:
        resolved = resolve_options(rules.options, options)
    except IllegalMove as refusal:
        raise Refused(texts.in_active_language(refusal.reason)) from None
    _check_shape(rules, format, int(table_size), int(max_players), rounds)
    if not 1 <= int(days_per_move) <= 60:
        raise Refused(gettext("Days per move must be between 1 and 60."))
    if int(round_days) < int(days_per_move):
        raise Refused(gettext("A round must last at least as many days as one move may take."))
    if signup_deadline <= clock.now():
        raise Refused(gettext("The sign-up deadline must be in the future."))
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name.strip() or rules.title,
            organiser=organiser,
            slug=slug,
            options=resolved,
            days_per_move=int(days_per_move),
            format=format,
            rounds=int(rounds) if format == Tournament.Format.SWISS else None,
            table_size=int(table_size),
            max_players=int(max_players),
            private=bool(private),
            signup_deadline=signup_deadline,
            round_days=int(round_days),
        )
        log_event(tournament, Kind.CREATED, organiser=organiser.pk, format=format)
    return tournament


def _check_shape(rules, format: str, table_size: int, max_players: int, rounds) -> None:
    if format not in Tournament.Format.values:
        raise Refused(
            gettext("The format must be one of: %(formats)s.")
            % {"formats": ", ".join(Tournament.Format.values)}
        )
    if not rules.min_players <= table_size <= rules.max_players:
        raise Refused(
            gettext("%(game)s is played at tables of %(least)s to %(most)s.")
            % {"game": rules.title, "least": rules.min_players, "most": rules.max_players}
        )
    if not table_size <= max_players <= MOST_PLAYERS:
        raise Refused(
            gettext("The most players must be between one table (%(least)s) and %(most)s.")
            % {"least": table_size, "most": MOST_PLAYERS}
        )
    if format == Tournament.Format.ROUND_ROBIN and max_players > MOST_ROUND_ROBIN_PLAYERS:
        raise Refused(
            gettext("A round robin has at most %(most)s players; a Swiss tournament takes more.")
            % {"most": MOST_ROUND_ROBIN_PLAYERS}
        )
    if format == Tournament.Format.SWISS and not (
        isinstance(rounds, int | str)
        and str(rounds).isdigit()
        and 1 <= int(rounds) <= MOST_SWISS_ROUNDS
    ):
        raise Refused(
            gettext("A Swiss tournament has 1 to %(most)s rounds.") % {"most": MOST_SWISS_ROUNDS}
        )


def invite(tournament: Tournament, organiser: AbstractBaseUser, players: list) -> None:
    """The organiser asks players to a tournament by invitation (open ones need no asking)."""
    _check_organiser(tournament, organiser)
    tournament.invited.add(*players)


def join_tournament(tournament: Tournament, player: AbstractBaseUser) -> Entry:
    """Sign up: refused once it has started or its sign-up deadline passed, when it is full,
    when it is by invitation and the player was not asked, or when they are in already."""
    with transaction.atomic():
        locked = lock(tournament.pk)
        _check_signup_open(locked)
        if locked.entries.filter(player=player).exists():
            raise Refused(gettext("You have joined this tournament already."))
        if locked.private and not locked.invited.filter(pk=player.pk).exists():
            raise NotInvited(
                gettext("This tournament is by invitation: only the players invited join it.")
            )
        if locked.entries.count() >= locked.max_players:
            raise Closed(
                gettext("This tournament is full: all %(count)s places are taken.")
                % {"count": locked.max_players}
            )
        entry = Entry.objects.create(tournament=locked, player=player, joined=clock.now())
        log_event(locked, Kind.JOINED, player=player.pk)
    return entry


def leave_tournament(tournament: Tournament, player: AbstractBaseUser) -> None:
    """Leave before the start; once it runs, leaving is withdrawing (the player is dropped
    and their running games go on with the strong bot in their seat)."""
    if Tournament.objects.filter(pk=tournament.pk, status=Tournament.Status.RUNNING).exists():
        drop_player(tournament, player, WITHDREW)
        return
    with transaction.atomic():
        locked = lock(tournament.pk)
        _check_not_started(locked)
        deleted, _ = locked.entries.filter(player=player).delete()
        if not deleted:
            raise Refused(gettext("You have not joined this tournament."))
        log_event(locked, Kind.LEFT, player=player.pk)


def cancel_tournament(tournament: Tournament, organiser: AbstractBaseUser) -> Tournament:
    """The organiser calls it off before it starts."""
    with transaction.atomic():
        locked = lock(tournament.pk)
        _check_organiser(locked, organiser)
        _check_not_started(locked)
        cancel(locked, "organiser")
    return locked


def cancel(tournament: Tournament, why: str) -> None:
    """Call off a locked tournament that has not started, logged with `why`."""
    tournament.status = Tournament.Status.CANCELLED
    tournament.finished = clock.now()
    tournament.save(update_fields=["status", "finished"])
    log_event(tournament, Kind.CANCELLED, why=why)
    signals.tournament_cancelled.send(sender=Tournament, tournament=tournament)


def _check_organiser(tournament: Tournament, user: AbstractBaseUser) -> None:
    if tournament.organiser_id != user.pk:
        raise NotOrganiser(gettext("Only the tournament's organiser can do this."))


def _check_not_started(tournament: Tournament) -> None:
    if tournament.status == Tournament.Status.CANCELLED:
        raise Closed(gettext("This tournament was cancelled."))
    if tournament.status != Tournament.Status.SIGNUP:
        raise Closed(gettext("This tournament has started."))


def _check_signup_open(tournament: Tournament) -> None:
    _check_not_started(tournament)
    if tournament.signup_deadline <= clock.now():
        raise Closed(gettext("The sign-up deadline of this tournament has passed."))
