"""The API's log gives each step's time in ISO 8601 with its offset: to the minute for anyone
but the step's player, who reads their own exactly; a finished game's time to the minute."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from rest_framework.test import APIClient

from tabletop.play import clock, store
from tabletop.play.models import Game, Move
from tests.helpers.factories import play_as_people, started_game, user_at

MOVED_AT = datetime(2026, 12, 3, 12, 0, 7, 250000, tzinfo=UTC)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def moved_at_seven_seconds(make_user) -> Game:
    """A Gazobu game whose first step was made at 12:00:07.25."""
    game = started_game([make_user("ann"), make_user("ben")])
    mover = game.to_act[0]
    clock.set_now(MOVED_AT)
    try:
        store.submit(
            game, user_at(game, mover), game.rules.legal_moves(game.state, mover)[0], 0, "api"
        )
    finally:
        clock.set_now(None)
    return game


def first_step_time(game: Game, user=None) -> datetime:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    [first] = client.get(f"/api/games/{game.pk}/moves/?limit=1").json()
    assert first["seq"] == 1
    return datetime.fromisoformat(first["created"])


def test_the_log_gives_others_a_steps_time_to_the_minute_with_its_offset(moved_at_seven_seconds):
    game = moved_at_seven_seconds
    mover = game.moves.get(seq=1).seat
    for reader in (user_at(game, 1 - mover), None):
        read = first_step_time(game, reader)
        assert read == datetime(2026, 12, 3, 12, 0, tzinfo=UTC)
        assert read.utcoffset() is not None


def test_the_player_reads_their_own_steps_time_exactly(moved_at_seven_seconds):
    game = moved_at_seven_seconds
    assert first_step_time(game, user_at(game, game.moves.get(seq=1).seat)) == MOVED_AT


def test_the_archive_gives_when_a_game_finished_to_the_minute(make_user):
    game = play_as_people(started_game([make_user("ann"), make_user("ben")]))
    assert game.is_over and game.moves.filter(source=Move.Source.API).exists()
    Game.objects.filter(pk=game.pk).update(finished=MOVED_AT)
    [listed] = APIClient().get("/api/games/archive/").json()["results"]
    assert datetime.fromisoformat(listed["finished"]) == datetime(2026, 12, 3, 12, 0, tzinfo=UTC)


def test_a_seats_deadline_is_given_to_the_minute_not_telling_when_its_turn_began(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    first = game.to_act[0]
    clock.set_now(MOVED_AT)
    try:
        while game.to_act == [first]:  # the first player's turn, to its end at 12:00:07.25
            move = game.rules.legal_moves(game.state, first)[0]
            store.submit(game, user_at(game, first), move, game.seq, Move.Source.API)
            game.refresh_from_db()
    finally:
        clock.set_now(None)
    waiting = game.seats.get(position=1 - first)
    assert waiting.deadline.second == 7, "the turn began with the step at 12:00:07.25"
    client = APIClient()
    client.force_authenticate(waiting.user)
    seats = client.get(f"/api/games/{game.pk}/").json()["seats"]
    [shown] = [seat["deadline"] for seat in seats if seat["position"] == waiting.position]
    assert datetime.fromisoformat(shown) == waiting.deadline.replace(second=0, microsecond=0)
