"""Forks: a new game played on from a finished game's position, with chosen players and a
fresh seed (the rules of forking are in `tabletop.play.forks`).

Apart because a fork is a new table seated from an old game's log.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext, ngettext

from tabletop.accounts import blocks
from tabletop.accounts.bots import bot_player
from tabletop.play import stamps
from tabletop.play.models import Game, Seat
from tabletop.play.store.errors import GameNotActive, NotASeat, Refused
from tabletop.play.store.replays import replay
from tabletop.play.store.tables import start_play


def fork_game(source: Game, at: int, seated: list, creator: AbstractBaseUser) -> Game:
    """A new game played on from `source` (finished) after its move `at`, started at once:
    seat n plays seat n of that position, by `seated[n]` (a player of the source or the
    forker; None = the strong bot), with a fresh secret seed. Private, since its players are
    chosen; never rated (see tabletop.play.forks)."""
    if not source.is_over:
        raise GameNotActive(gettext("A game can be played on from once it is over."))
    if not 0 <= at <= source.seq:
        raise Refused(
            gettext("Move %(at)s does not exist; this game has moves 0 to %(last)s.")
            % {"at": at, "last": source.seq}
        )
    _check_fork_seats(source, seated, creator)
    position = replay(source, upto=at)
    rules = source.rules
    if not rules.to_act(position) or rules.outcome(position) is not None:
        raise Refused(
            gettext("The game is over after move %(at)s; play on from an earlier move.")
            % {"at": at}
        )
    with transaction.atomic():
        game = Game.objects.create(
            slug=source.slug,
            options=source.options,
            players=source.players,
            rules_version=source.rules_version,
            created_by=creator,
            days_per_move=source.days_per_move,
            reminder_hours=source.reminder_hours,
            timeout_policy=source.timeout_policy,
            private=True,
            forked_from=source,
            forked_at=at,
        )
        stamps.game_changed(game.pk)
        bots = 0
        for position_number, user in enumerate(seated):
            if user is None:
                bots += 1
            Seat.objects.create(
                game=game,
                position=position_number,
                user=user or bot_player(bots),
                is_bot=user is None,
            )
        start_play(game)
    return game


def _check_fork_seats(source: Game, seated: list, creator) -> None:
    if len(seated) != source.players:
        raise Refused(
            ngettext(
                "Seat %(count)s player: this position has %(count)s seat.",
                "Seat %(count)s players: this position has %(count)s seats.",
                source.players,
            )
            % {"count": source.players}
        )
    people = [user for user in seated if user is not None]
    if len({user.pk for user in people}) != len(people):
        raise Refused(gettext("A player can sit in one seat only."))
    players = {seat.user_id for seat in source.seats.all() if not seat.is_bot}
    # Anyone who may see the game plays on from it against the computer; only its players
    # bring each other to the new table (nobody else is sent a game they did not ask for).
    allowed = players | {creator.pk} if creator.pk in players else {creator.pk}
    if any(user.pk not in allowed for user in people):
        raise Refused(
            gettext(
                "Only the players of the game can seat its players; seat yourself, and the "
                "computer in the other seats."
            )
        )
    if creator.pk not in {user.pk for user in people}:
        raise Refused(gettext("Take a seat yourself to play on from here."))
    # Nobody is brought to a new table by a player they block (accounts.blocks).
    if blocks.anyone_blocks([user.pk for user in people if user.pk != creator.pk], creator):
        raise NotASeat(gettext("You cannot seat all of these players; seat the computer instead."))
