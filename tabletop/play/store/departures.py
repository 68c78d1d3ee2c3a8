"""A seat handed to the strong bot from outside its table (its player dropped from a
tournament: `hand_seat_to_bot`); and a player who deleted their account, who leaves every
table: their seats in running games go to the strong bot exactly as a passed vote to replace
them gives them (nothing logged but the bot's steps), an open table they set is called off,
and their games are told again under the name their account now has.

Apart because it is the one write that crosses every game of one player rather than one game.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Q

from tabletop.play.models import Game, Seat
from tabletop.play.store.locks import lock_with_seats
from tabletop.play.store.tables import cancel_game
from tabletop.play.store.verification import rebuild_projection
from tabletop.play.store.votes import give_seat_to_bot


def hand_seats_to_bot(user: AbstractBaseUser) -> None:
    """Every seat of `user` at a table still being played or filled goes to the strong bot;
    an open table they set is called off instead."""
    waiting = (Game.Status.OPEN, Game.Status.ACTIVE)
    for game in Game.objects.filter(created_by=user, status=Game.Status.OPEN):
        cancel_game(game, user)
    seats = Seat.objects.filter(user=user, is_bot=False, game__status__in=waiting)
    for game_id, position in list(seats.values_list("game_id", "position")):
        with transaction.atomic():
            locked = lock_with_seats(game_id)
            if locked.status == Game.Status.ACTIVE:
                give_seat_to_bot(locked, position)
            else:
                Seat.objects.filter(game=locked, position=position).update(is_bot=True)


def hand_seat_to_bot(game_id: int, position: int) -> bool:
    """The strong bot plays the seat from now on (at once if it is its turn), as a passed vote
    to replace its player would have it; whether it changed hands (a game over, or a seat the
    bot plays already, stays as it is: safe to repeat)."""
    with transaction.atomic():
        locked = lock_with_seats(game_id)
        seat = next((row for row in locked.seats.all() if row.position == position), None)
        if locked.status != Game.Status.ACTIVE or seat is None or seat.is_bot:
            return False
        give_seat_to_bot(locked, position)
    return True


def retell_games_of(user: AbstractBaseUser) -> None:
    """The positions, log lines and snapshots of every game `user` sat at (and of the games
    played on from those) rebuilt from the log, which now names them as their account does;
    the moves stay as they were."""
    played = Game.objects.filter(seats__user=user)
    for game in Game.objects.filter(Q(pk__in=played) | Q(forked_from__in=played)).distinct():
        rebuild_projection(game)
