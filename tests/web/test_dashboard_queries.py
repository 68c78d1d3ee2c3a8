"""The dashboard of a player with thirty games of every kind (their move, others' move, tables
forming, finished) costs a handful of queries, however many games: the page at most six, and
its live list's poll none about the games while none of them changed."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

import games
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import play_random_steps

GAMES = 30


@pytest.fixture
def busy_player(make_user):
    """Thirty games of the five kinds, two to four seats: running, forming and finished."""
    player = make_user("ann")
    others = [make_user(name) for name in ("ben", "cat", "dan")]
    slugs = games.slugs()
    for n in range(GAMES):
        rules = games.get(slugs[n % len(slugs)])
        seats = min(rules.max_players, max(rules.min_players, 2 + n % 3))
        game = store.create_game(player, rules.slug, seats, {})
        if n % 10 == 9:
            continue  # a table still forming
        for other in others[: seats - 1]:
            store.join_game(game, other)
        game.refresh_from_db()
        if n % 10 == 8:
            store.resign(game, player, Move.Source.RESIGN)
        else:
            play_random_steps(game, n % 4, seed=f"dashboard {n}")
    return player


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    client.get("/")  # the session and the player's settings as a return visit finds them
    return client


def test_the_dashboard_of_a_player_with_thirty_games_costs_at_most_six_queries(busy_player):
    client = logged_in(busy_player)
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    shown = set(re.findall(r'href="/games/(\d+)/"', html))
    assert len(shown) == Game.objects.filter(seats__user=busy_player).count() == GAMES
    assert len(queries) <= 6, "\n".join(query["sql"] for query in queries)


def test_the_dashboard_poll_reads_no_game_while_none_changed(busy_player):
    client = logged_in(busy_player)
    html = client.get("/").content.decode()
    version = re.search(r"games/mine/\?version=([^\"&]+)", html).group(1)
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/games/mine/", {"version": version})
    assert response.status_code == 204
    assert [query["sql"] for query in queries if '"play_' in query["sql"]] == []
    game = Game.objects.filter(seats__user=busy_player, status=Game.Status.ACTIVE).first()
    play_random_steps(game, 1, seed="a move meanwhile")
    assert client.get("/games/mine/", {"version": version}).status_code == 200
