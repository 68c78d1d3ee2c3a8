"""How a write begins: the game row locked with its seats and players in one query (or
alone), the polls of the game and its players told that it changes (`stamps`), the writer's
seat, the check that the game is running and the writer saw its latest move, and the caller's
game object brought up to date afterwards.

Apart because moves, take-backs, votes and timeouts all begin (and end) the same way.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import router
from django.db.models import QuerySet, prefetch_related_objects
from django.utils.translation import gettext

from tabletop import prepared
from tabletop.play import stamps
from tabletop.play.models import Game, Seat
from tabletop.play.store.errors import GameNotActive, NoSuchGame, NotASeat, StaleMove


def lock_with_seats(game_id: int) -> Game:
    """The game row, locked for this transaction, with its seats and their players, in one
    query: everything the move needs (who moves, bots, deadlines, who is told).

    The seats are read with the game joined (FOR UPDATE OF the game alone: the players'
    preferences may be missing, and an outer join's side cannot be locked); the game's
    columns come once per seat, at most five times, which costs less than a second round
    trip. Every move runs it, so its SQL is compiled once per thread (`prepared`).
    """
    seats = _seats_locking_their_game(game_id)
    if not seats:  # no game, or one nobody sits at yet: nothing to move in either
        found = Game.objects.select_for_update().filter(pk=game_id).first()
        if found is None:
            raise NoSuchGame(gettext("There is no game %(id)s.") % {"id": game_id})
        prefetch_related_objects([found], "seats")
        stamps.game_changed(found.pk)
        return found
    locked = seats[0].game
    stamps.game_changed(locked.pk, [seat.user_id for seat in seats])
    for seat in seats:
        seat.game = locked
    _cache_seats(locked, seats)
    return locked


def read_with_seats(game_id: int) -> Game | None:
    """The game with its seats, their players and the players' preferences, in one query and
    without a lock: a page or an email that shows the table reads it as a move does."""
    seats = _seats_with_their_game(game_id)
    if not seats:
        found = Game.objects.filter(pk=game_id).first()
        if found is not None:
            _cache_seats(found, [])
        return found
    game = seats[0].game
    for seat in seats:
        seat.game = game
    _cache_seats(game, seats)
    return game


def with_players(game: Game) -> Game:
    """The game with its seats, their players and the players' preferences, read once for a
    page or an email (a query compiled once per thread), unless they were read with it."""
    if "seats" in getattr(game, "_prefetched_objects_cache", {}):
        return game
    alias = router.db_for_read(Seat)
    query = prepared.prepare(
        alias,
        "seats with their players",
        lambda: seats_with_players().filter(game_id=STAND_IN_GAME).order_by("position"),
    )
    seats = prepared.instances(query, {STAND_IN_GAME: game.pk})
    for seat in seats:
        seat.game = game
    _cache_seats(game, seats)
    return game


def lock_game(game_id: int) -> Game:
    """The game row alone, locked for this transaction, for a write that needs no seats."""
    locked = Game.objects.select_for_update().get(pk=game_id)
    stamps.game_changed(locked.pk)
    return locked


STAND_IN_GAME = -7_770_101


def _seats_locking_their_game(game_id: int) -> list[Seat]:
    alias = router.db_for_write(Seat)
    if not prepared.is_an_id(alias, Game, game_id):
        return []
    query = prepared.prepare(
        alias,
        "seats locking their game",
        lambda: (
            seats_with_players()
            .select_related("game")
            .select_for_update(of=("game",))
            .filter(game_id=STAND_IN_GAME)
            .order_by("position")
        ),
    )
    return prepared.instances(query, {STAND_IN_GAME: game_id})


def _seats_with_their_game(game_id: int) -> list[Seat]:
    alias = router.db_for_read(Seat)
    if not prepared.is_an_id(alias, Game, game_id):
        return []
    query = prepared.prepare(
        alias,
        "seats with their game",
        lambda: (
            seats_with_players()
            .select_related("game")
            .filter(game_id=STAND_IN_GAME)
            .order_by("position")
        ),
    )
    return prepared.instances(query, {STAND_IN_GAME: game_id})


def _cache_seats(game: Game, seats: list[Seat]) -> None:
    """`game.seats.all()` answers `seats` from now on, as prefetch_related leaves it."""
    cached = game.seats.all()
    cached._result_cache, cached._prefetch_done = seats, True
    game._prefetched_objects_cache = {"seats": cached}


def seats_with_players() -> QuerySet[Seat]:
    """Seats with their players and the players' clock settings (deadlines need them)."""
    return Seat.objects.select_related("user", "user__preferences")


def hand_back(locked: Game, game: Game) -> None:
    """The caller's game object as the move left it, seats included, so that it can answer
    without reading the game again."""
    for field in Game._meta.concrete_fields:
        setattr(game, field.attname, getattr(locked, field.attname))
    game._prefetched_objects_cache = getattr(locked, "_prefetched_objects_cache", {})


def seat_of(game: Game, user: AbstractBaseUser) -> int:
    seat = game.seat_of(user)
    if seat is None:
        raise NotASeat(gettext("You do not have a seat in this game."))
    return seat


def check_fresh(game: Game, expected_seq: int | None) -> None:
    if game.status != Game.Status.ACTIVE:
        if game.is_over:
            message = gettext("This game is over.")
        else:
            message = gettext("This game has not started yet.")
        raise GameNotActive(message, current_seq=game.seq)
    if expected_seq is not None and int(expected_seq) != game.seq:
        raise StaleMove(
            gettext(
                "The game has moved on: it is at move %(seq)s; your move was made at move "
                "%(expected)s."
            )
            % {"seq": game.seq, "expected": expected_seq},
            current_seq=game.seq,
        )
