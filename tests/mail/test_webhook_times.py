"""A webhook's line writes the deadline as its reader reads times: a player's own in their
zone, named; a table's, read by players of every zone, in UTC, named as such. The JSON keeps
ISO 8601 with the offset."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tabletop.accounts.models import Preferences
from tabletop.mail import outgoing
from tabletop.mail.models import Outbox
from tabletop.play.models import Game
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]


@pytest.fixture
def game(make_user, frozen) -> Game:
    frozen.set(datetime(2026, 12, 1, 23, 20, tzinfo=UTC))
    return started_game([make_user("ann"), make_user("ben")], days_per_move=2)


def turn_post(game: Game, user) -> dict:
    seat = game.to_act[0]
    row = Outbox(kind="turn", channel="webhook", game=game, seat=seat, user=user, at_seq=game.seq)
    if user is None:
        row.context = {"table": True}
    return outgoing.payload(row)


def test_a_players_own_webhook_tells_the_deadline_in_their_zone(game):
    player = user_at(game, game.to_act[0])
    Preferences.objects.update_or_create(user=player, defaults={"time_zone": "America/New_York"})
    posted = turn_post(game, player)
    assert "(deadline Thu 3 Dec, 18:20 (America/New_York))" in posted["text"]
    assert posted["deadline"] == "2026-12-03T23:20:00+00:00"


def test_a_tables_webhook_tells_the_deadline_in_utc_named(game):
    posted = turn_post(game, None)
    assert "(deadline Thu 3 Dec, 23:20 (UTC))" in posted["text"]
