"""The games waiting for a player: how many (in every page's title), and which one next.

A seat's clock runs exactly while its game waits for it (`Seat.turn_started`, set and cleared
by the store's clock), so "waiting for you" is one query on the player's own seats, found by
the seat's user index, without reading any game's state.
"""

from __future__ import annotations

import functools

from django.db import router
from django.http import HttpRequest

from tabletop import prepared
from tabletop.play.models import Game, Seat


def waiting_seats(user):
    return Seat.objects.filter(
        user=user, turn_started__isnull=False, game__status=Game.Status.ACTIVE
    )


def count(user) -> int:
    """From a query compiled once per thread (`prepared`): every full page's title asks it."""
    query = prepared.prepare(
        router.db_for_read(Seat),
        "games waiting",
        lambda: waiting_seats(STAND_IN_USER).order_by().values_list("id"),
    )
    return len(query.execute({STAND_IN_USER: user.pk}))


def next_game(user, game: Game) -> Game | None:
    """The other game that has waited longest for the player, if any does: its number and
    game (all a link to it shows), from a query compiled once per thread (`prepared`), as
    every game page and rebuilt panel asks it."""
    if not getattr(user, "is_authenticated", False):
        return None
    alias = router.db_for_read(Seat)
    query = prepared.prepare(
        alias,
        "next game waiting",
        lambda: (
            waiting_seats(STAND_IN_USER)
            .exclude(game=STAND_IN_GAME)
            .order_by("turn_started", "game_id")
            .values_list("game_id", "game__slug")[:1]
        ),
    )
    rows = query.execute({STAND_IN_USER: user.pk, STAND_IN_GAME: game.pk})
    return Game(pk=rows[0][0], slug=rows[0][1]) if rows else None


STAND_IN_USER, STAND_IN_GAME = -7_770_201, -7_770_202


def games_waiting(request: HttpRequest) -> dict:
    """Context processor: `games_waiting`, counted only when a template shows it (base.html's
    title does; a polled fragment does not pay for it)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"games_waiting": 0}

    @functools.cache
    def counted() -> int:
        return count(user)

    return {"games_waiting": counted}
