"""The log downloaded from a finished game's history page gives each step's time to the minute,
but to a player their own steps' times exactly: seconds would tell a standing order, or the
computer, from a person's answer, and how fast someone answered is theirs to know."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from django.test import Client

from tabletop.play import clock
from tabletop.play.models import Game
from tests.helpers.factories import play_as_people, started_game

MOVED_AT = datetime(2026, 12, 3, 12, 0, 7, 250000, tzinfo=UTC)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def finished(make_user) -> Game:
    """A finished Gazobu game between ann and ben, every step made at 12:00:07.25."""
    game = started_game([make_user("ann"), make_user("ben")])
    clock.set_now(MOVED_AT)
    try:
        game = play_as_people(game)
    finally:
        clock.set_now(None)
    assert game.is_over
    return game


def downloaded(game: Game, user=None) -> dict:
    client = Client()
    if user is not None:
        client.force_login(user)
    return json.loads(client.get(f"/games/{game.pk}/history/log.json").content)


def times_by_seat(document: dict) -> dict[int, set[datetime]]:
    found: dict[int, set[datetime]] = {}
    for move in document["moves"]:
        found.setdefault(move["seat"], set()).add(datetime.fromisoformat(move["at"]))
    return found


def test_the_downloaded_log_gives_anyone_every_steps_time_to_the_minute(finished):
    document = downloaded(finished)
    assert times_by_seat(document) == {
        0: {datetime(2026, 12, 3, 12, 0, tzinfo=UTC)},
        1: {datetime(2026, 12, 3, 12, 0, tzinfo=UTC)},
    }
    for moment in (document["started"], document["finished"]):
        assert datetime.fromisoformat(moment).second == 0
        assert datetime.fromisoformat(moment).microsecond == 0


def test_a_player_downloading_the_log_reads_their_own_steps_times_exactly(finished):
    ann = finished.seats.get(position=0).user
    assert times_by_seat(downloaded(finished, ann)) == {
        0: {MOVED_AT},
        1: {datetime(2026, 12, 3, 12, 0, tzinfo=UTC)},
    }
