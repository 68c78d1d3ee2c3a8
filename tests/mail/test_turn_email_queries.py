"""Composing a turn email reads at most six queries in every game: the table (seats, players,
their preferences) once, the latest steps once for the player's last turn, the votes decided
since and the steps taken back, the lines since and the talk since; whom the player blocks
only once someone else has said something."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

import games
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import chat
from tests.helpers.factories import play_as_people, started_game, user_at

MOST_QUERIES = 6


@pytest.fixture
def trio(make_user):
    return [make_user("ann"), make_user("ben"), make_user("cat")]


def claimed(row: Outbox) -> Outbox:
    """The row as the worker holds it once claimed (outbox.claim): with its game and user."""
    return Outbox.objects.select_related("game", "user").get(pk=row.pk)


@pytest.mark.parametrize("slug", games.slugs())
def test_a_turn_email_is_composed_in_at_most_six_queries(slug, trio):
    game = play_as_people(started_game(trio, slug), steps=5)
    waiting = game.to_act[0]
    talker = next(seat for seat in range(3) if seat != waiting)
    chat.post(game, user_at(game, talker), "good luck", "web")
    row = claimed(Outbox.objects.filter(kind="turn", seat=waiting).latest("pk"))

    with CaptureQueriesContext(connection) as queries:
        message = compose(row)

    assert len(queries) <= MOST_QUERIES, "\n".join(q["sql"] for q in queries)
    if hasattr(game.rules, "view_text"):
        assert game.rules.view_text(game.state, waiting) in message.body
    assert f"{user_at(game, talker).username}: good luck" in message.body
