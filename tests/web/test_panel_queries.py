"""The game panel a poll rebuilds when the game has changed reads at most six queries, for a
seated player and for a spectator, in every game at every table size: the table (seats,
players, their preferences and the game) in one read, the latest steps once, and nothing
where the game's version says there is nothing (no talk, no note, no invitation)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

import games
from tabletop.play.models import Game
from tests.helpers.factories import play_as_people, started_game

MOST_QUERIES = 6
TABLES = [(slug, seats) for slug in games.slugs() for seats in (2, 3, 4)]


@pytest.fixture
def people(make_user):
    return [make_user(name) for name in ("ann", "ben", "cat", "dan", "eve")]


def table_of(slug: str, seats: int, people: list) -> Game:
    """A game a few steps in, played by its people through the API: each may ask for undo."""
    return play_as_people(started_game(people[:seats], slug), steps=4)


def rebuilt_panel(client: Client, game: Game) -> int:
    """The queries of a poll that finds the game changed, after the page was opened."""
    assert client.get(f"/games/{game.pk}/").status_code == 200
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/games/{game.pk}/panel/", {"version": "out-of-date"})
    assert response.status_code == 200
    assert '<section id="panel" class="panel"' in response.content.decode()
    assert f'data-seq="{game.seq}"' in response.content.decode()
    return len(queries)


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(("slug", "seats"), TABLES)
def test_a_seated_players_rebuilt_panel_reads_at_most_six_queries(slug, seats, people):
    game = table_of(slug, seats, people)
    for player in people[:seats]:
        assert rebuilt_panel(logged_in(player), game) <= MOST_QUERIES


@pytest.mark.parametrize(("slug", "seats"), TABLES)
def test_a_spectators_rebuilt_panel_reads_at_most_six_queries(slug, seats, people):
    game = table_of(slug, seats, people)
    assert rebuilt_panel(logged_in(people[-1]), game) <= MOST_QUERIES
