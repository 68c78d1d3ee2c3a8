"""Forks ("play on from here") are new games: they count against the one per-player limit on
new games, which the API's game creation shares."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tabletop.play.models import Game
from tests.helpers.factories import play_as_people, started_game


@pytest.fixture
def finished(make_user) -> Game:
    return play_as_people(started_game([make_user("ann"), make_user("ben")]), "fork-limit")


def test_forks_on_the_page_and_games_created_through_the_api_count_together(finished, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "create-game": "3/h"}
    ann, ben = (seat.user for seat in finished.seats.order_by("position"))
    web, api = Client(), APIClient()
    web.force_login(ann)
    api.force_authenticate(ann)
    seats = {"seq": 3, "seat_0": ann.pk, "seat_1": ben.pk}
    assert web.post(f"/games/{finished.pk}/fork/", seats).status_code == 302
    assert web.post(f"/games/{finished.pk}/fork/", seats).status_code == 302
    created = api.post("/api/games/", {"game": "gazobu", "players": 2}, format="json")
    assert created.status_code == 201

    refused = api.post("/api/games/", {"game": "gazobu", "players": 2}, format="json")
    assert refused.status_code == 429
    assert "created many games" in refused.json()["detail"]
    assert web.post(f"/games/{finished.pk}/fork/", seats).status_code == 429
    assert Game.objects.filter(forked_from=finished).count() == 2
