"""Fair play: no win chance, suggestion or review of any kind reaches anyone while a game
runs, through any door, even when an Analysis row exists for it (planted here, as a bug or
a hand edit could leave one)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play.models import Analysis, Game
from tests.helpers.analysis import analysed
from tests.helpers.factories import play_random_steps, started_game, user_at

PLANTED = "PLANTED-SUGGESTION"
# What the review shows of itself on a page, whatever its language.
SIGNS = (PLANTED, 'id="review"', "review-chart", "review-mark", "review-now-line")


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def running(make_user) -> Game:
    """A game in play, with a complete review planted for it."""
    game = play_random_steps(started_game([make_user("ann"), make_user("ben")]), 12, "fair")
    assert not game.is_over
    planted = analysed(game)
    for step in planted.steps:
        if step["suggestion"]:
            step["suggestion"]["text"] = PLANTED
    for point in planted.turning_points:
        point["suggestion"] = {"move": {}, "text": PLANTED}
    planted.save()
    assert Analysis.objects.filter(game=game, rules_version=game.rules_version).exists()
    return game


def readers(game: Game) -> list:
    """Each seat's player, and an onlooker with no account."""
    return [user_at(game, seat) for seat in range(2)] + [None]


def page_client(client, user):
    client.logout()
    if user is not None:
        client.force_login(user)
    return client


def api_client(user) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def assert_nothing_of_the_review(text: str) -> None:
    for sign in SIGNS:
        assert sign not in text


def test_no_page_shows_a_running_games_review_to_anyone(client, running):
    for user in readers(running):
        reader = page_client(client, user)
        for path in ("history/", "history/?seq=6", "", "panel/"):
            answer = reader.get(f"/games/{running.pk}/{path}")
            assert answer.status_code == 200, path
            assert_nothing_of_the_review(answer.content.decode())


def test_the_review_fragment_is_404_while_the_game_runs(client, running):
    for user in readers(running):
        reader = page_client(client, user)
        answer = reader.get(f"/games/{running.pk}/history/analysis/?seq=3", HTTP_HX_REQUEST="true")
        assert answer.status_code == 404
        assert_nothing_of_the_review(answer.content.decode())


def test_the_api_has_no_review_of_a_running_game(running):
    for user in readers(running):
        answer = api_client(user).get(f"/api/games/{running.pk}/analysis/")
        assert answer.status_code == 404
        assert PLANTED not in answer.content.decode()


def test_the_api_game_detail_carries_no_chance_or_suggestion(running):
    for user in readers(running):
        answer = api_client(user).get(f"/api/games/{running.pk}/")
        assert answer.status_code == 200
        body = answer.content.decode()
        assert PLANTED not in body
        for word in ("chances", "suggestion", "turning_points", "analysis", "swing"):
            assert f'"{word}"' not in body


def test_the_turn_email_says_nothing_of_a_review(running):
    row = Outbox.objects.filter(game=running, kind="turn").latest("pk")
    email = compose(row)
    html = email.alternatives[0][0]
    for text in (email.body, html, email.subject):
        assert PLANTED not in text
        assert "chance" not in text.lower()
        assert "would have played" not in text


def test_the_log_export_is_refused_while_the_game_runs(client, running):
    for user in readers(running):
        answer = page_client(client, user).get(f"/games/{running.pk}/history/log.json")
        assert answer.status_code == 404
        assert PLANTED not in answer.content.decode()
