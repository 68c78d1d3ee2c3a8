"""`GET /api/games/{id}/`, what a client reads before each move: its seats and players read
once with the game, however often the answer asks (whose seat, the seats' summary, which
invitations show, the take-back), and no rematch looked for while the game is played (issue
31: ten queries, 8 ms, at 10,000 players)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import games
from tabletop.play.models import Game
from tests.helpers.factories import play_as_people, started_game

# The token, the game's version (its ETag), the game, its seats with their players, its
# invitations, the latest steps (the take-back's question).
MOST_QUERIES = 6


@pytest.fixture
def people(make_user):
    return [make_user(name) for name in ("ann", "ben", "cat", "dan", "eve")]


def detail_queries(user, game: Game) -> tuple[int, dict]:
    client = APIClient(HTTP_AUTHORIZATION=f"Token {token_of(user)}")
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/api/games/{game.pk}/")
    assert response.status_code == 200
    return len(queries), response.json()


def token_of(user) -> str:
    return Token.objects.get_or_create(user=user)[0].key


@pytest.mark.parametrize("slug", games.slugs())
def test_a_seated_players_game_detail_reads_at_most_six_queries_at_four_seats(slug, people):
    game = play_as_people(started_game(people[:4], slug), steps=4)
    for seat, player in enumerate(people[:4]):
        queries, answer = detail_queries(player, game)
        assert queries <= MOST_QUERIES
        assert answer["your_seat"] == seat
        assert [s["player"] for s in answer["seats"]] == ["ann", "ben", "cat", "dan"]
        assert answer["rematch"] is None


def test_a_spectators_game_detail_reads_at_most_six_queries(people):
    game = play_as_people(started_game(people[:4]), steps=4)
    queries, answer = detail_queries(people[4], game)
    assert queries <= MOST_QUERIES
    assert answer["your_seat"] is None and answer["legal_moves"] == []
