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
from tabletop.play import chat
from tabletop.play.models import Game
from tests.helpers.factories import play_as_people, started_game, user_at

MOST_QUERIES = 6
TABLES = [(slug, seats) for slug in games.slugs() for seats in (2, 3, 4)]


@pytest.fixture
def people(make_user):
    return [make_user(name) for name in ("ann", "ben", "cat", "dan", "eve")]


def table_of(slug: str, seats: int, people: list) -> Game:
    """A game a few steps in, played by its people through the API: each may ask for undo."""
    return play_as_people(started_game(people[:seats], slug), steps=4)


def rebuilt_panel(client: Client, game: Game) -> tuple[int, str]:
    """The queries of a poll that finds the game changed, after the page was opened, and
    the panel it answered."""
    assert client.get(f"/games/{game.pk}/").status_code == 200
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/games/{game.pk}/panel/", {"version": "out-of-date"})
    assert response.status_code == 200
    html = response.content.decode()
    assert '<section id="panel" class="panel"' in html
    assert f'data-seq="{game.seq}"' in html
    return len(queries), html


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize(("slug", "seats"), TABLES)
def test_a_seated_players_rebuilt_panel_reads_at_most_six_queries(slug, seats, people):
    """With talk at the table and, for one of them, another game waiting: the most a
    panel shows."""
    game = table_of(slug, seats, people)
    chat.post(game, people[1], "good luck", "web")
    elsewhere = started_game(people[:2])
    waited_on = user_at(elsewhere, elsewhere.to_act[0])
    for player in people[:seats]:
        queries, html = rebuilt_panel(logged_in(player), game)
        assert queries <= MOST_QUERIES
        assert "good luck" in html
        assert ("Next game waiting for you" in html) == (player == waited_on)


@pytest.mark.parametrize(("slug", "seats"), TABLES)
def test_a_spectators_rebuilt_panel_reads_at_most_six_queries(slug, seats, people):
    game = table_of(slug, seats, people)
    queries, html = rebuilt_panel(logged_in(people[-1]), game)
    assert queries <= MOST_QUERIES
    assert "Undo my last move" not in html
