"""A session started by an email's link plays that one game; everything else asks for a password."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from tabletop.accounts import links
from tabletop.play.models import Move
from tests.helpers.factories import started_game, user_at

pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def players(make_user):
    return [make_user("ann"), make_user("ben")]


def by_link(user, game, client: Client | None = None) -> Client:
    """A browser that followed `user`'s emailed link to `game`."""
    client = client or Client()
    path = links.game_link(user, game).removeprefix("http://localhost:8000")
    assert client.get(path)["Location"] == f"/games/{game.pk}/"
    return client


def asks_to_log_in(response, path: str) -> bool:
    return response.status_code == 302 and response["Location"] == f"/accounts/login/?next={path}"


def test_a_link_session_views_its_game_and_its_history(players):
    game = started_game(players)
    client = by_link(players[1], game)
    for path in (
        f"/games/{game.pk}/",
        f"/games/{game.pk}/panel/",
        f"/games/{game.pk}/history/",
    ):
        assert client.get(path).status_code == 200, path


def test_a_link_session_moves_resigns_and_downloads_the_log_of_its_game(players):
    game = started_game(players)
    seat = game.to_act[0]
    client = by_link(user_at(game, seat), game)
    move = game.rules.legal_moves(game.state, seat)[0]
    data = {"move": json.dumps(move), "expected_seq": game.seq}
    assert client.post(f"/games/{game.pk}/move/", data)["Location"] == f"/games/{game.pk}/"
    assert Move.objects.get(game=game, seq=1).payload == move
    resigned = client.post(f"/games/{game.pk}/resign/", {"confirm": "yes"})
    assert resigned["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    assert game.is_over
    assert client.get(f"/games/{game.pk}/history/log.json").status_code == 200


def test_a_link_session_uses_the_api_of_its_game(players):
    game = started_game(players)
    seat = game.to_act[0]
    client = by_link(user_at(game, seat), game)
    assert client.get(f"/api/games/{game.pk}/").status_code == 200
    move = game.rules.legal_moves(game.state, seat)[0]
    response = client.post(
        f"/api/games/{game.pk}/moves/",
        {"move": move, "expected_seq": 0},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    assert client.get(f"/api/games/{game.pk}/states/1/").status_code == 200


def test_a_link_session_is_sent_to_log_in_for_anything_beyond_its_game(players, make_user):
    game = started_game(players)
    other = started_game([players[1], make_user("cat")])
    client = by_link(players[1], game)
    for path in (
        "/",
        "/settings/",
        "/games/new/",
        "/games/open/",
        f"/games/{other.pk}/",
        f"/games/{other.pk}/history/log.json",
        f"/games/{game.pk}/invite/",
        "/accounts/password_change/",
        "/admin/",
        "/mail/",
        "/api/games/",
        f"/api/games/{other.pk}/",
    ):
        assert asks_to_log_in(client.get(path), path), path
    token = client.post("/api/auth/token/", {"username": "ben", "password": "pw-ben"})
    assert asks_to_log_in(token, "/api/auth/token/")
    saved = client.post("/settings/", {"time_zone": "Europe/Prague"})
    assert asks_to_log_in(saved, "/settings/")


def test_a_link_session_may_reach_the_log_in_page_and_log_out(players):
    game = started_game(players)
    client = by_link(players[1], game)
    assert client.get("/accounts/login/?next=/settings/").status_code == 200
    assert client.get("/accounts/password_reset/", follow=True).status_code == 200
    assert client.get("/accounts/login/code/").status_code == 200
    client.post("/accounts/logout/")
    assert "_auth_user_id" not in client.session


def test_logging_in_with_the_password_lifts_the_limits_of_a_link_session(players):
    game = started_game(players)
    client = by_link(players[1], game)
    assert asks_to_log_in(client.get("/settings/"), "/settings/")
    response = client.post(
        "/accounts/login/?next=/settings/", {"username": "ben", "password": "pw-ben"}
    )
    assert response["Location"] == "/settings/"
    assert client.get("/settings/").status_code == 200
    assert client.get("/").status_code == 200


def test_a_fresh_link_to_another_game_opens_that_game_as_well(players, make_user):
    game = started_game(players)
    other = started_game([players[1], make_user("cat")])
    client = by_link(players[1], game)
    by_link(players[1], other, client)
    assert client.get(f"/games/{game.pk}/").status_code == 200
    assert client.get(f"/games/{other.pk}/").status_code == 200
    assert asks_to_log_in(client.get("/settings/"), "/settings/")


def test_a_used_link_to_another_game_does_not_widen_a_link_session(players, make_user):
    game = started_game(players)
    other = started_game([players[1], make_user("cat")])
    path = links.game_link(players[1], other).removeprefix("http://localhost:8000")
    Client().get(path)
    client = by_link(players[1], game)
    assert client.get(path)["Location"] == f"/games/{other.pk}/"
    assert asks_to_log_in(client.get(f"/games/{other.pk}/"), f"/games/{other.pk}/")


def test_a_link_opened_in_a_browser_logged_in_with_a_password_keeps_it_unlimited(players):
    game = started_game(players)
    client = Client()
    client.login(username="ben", password="pw-ben")
    by_link(players[1], game, client)
    assert client.get("/settings/").status_code == 200


def test_a_link_session_says_it_opens_this_game_only(players):
    game = started_game(players)
    page = by_link(players[1], game).get(f"/games/{game.pk}/").content.decode()
    assert "opens this game only" in page
