"""A player's running deadlines recomputed when their clock settings change (the
`clock_settings_changed` signal).

Apart because it changes only deadlines, for every game of one player, and no log.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from tabletop.play import clock, stamps
from tabletop.play.models import Game, Seat
from tabletop.play.store.locks import lock_game


def on_clock_settings_changed(sender: object, user: AbstractBaseUser, **_) -> None:
    reschedule(user)


def reschedule(user: AbstractBaseUser) -> None:
    """Recompute the running deadlines of a player's seats after their clock settings changed."""
    # Their vacation shows at every table they sit at, whether its clock runs for them or not.
    playing = (Game.Status.OPEN, Game.Status.ACTIVE)
    seated = Seat.objects.filter(user=user, game__status__in=playing)
    stamps.games_changed(seated.values_list("game_id", flat=True))
    running = Seat.objects.filter(
        user=user, deadline__isnull=False, game__status=Game.Status.ACTIVE
    ).values_list("game_id", flat=True)
    for game_id in list(running):
        with transaction.atomic():
            locked = lock_game(game_id)
            clock.reschedule(locked, user)
