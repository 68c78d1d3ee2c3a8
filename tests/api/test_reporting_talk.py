"""Reporting a line of table talk through the API: as the report button does, once per line,
within the reporter's limit, and only a line the reporter may read."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tabletop.play import chat
from tabletop.play.models import Move, Report
from tests.helpers.factories import started_game


@pytest.fixture
def pair(make_user):
    return [make_user("ann"), make_user("ben")]


def api_as(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def report(api: APIClient, line, body: dict | None = None):
    url = f"/api/games/{line.game_id}/chat/{line.pk}/report/"
    return api.post(url, body or {}, format="json")


def test_a_line_is_reported_once_through_the_api_and_a_flood_is_refused(pair, make_user, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report": "1/h"}
    game = started_game(pair)
    ann, ben = pair
    lines = [chat.post(game, ben, text, Move.Source.WEB) for text in ("one", "two")]

    first = report(api_as(ann), lines[0], {"reason": "insults"})
    assert first.status_code == 201 and first.json()["message"] == lines[0].pk
    assert report(api_as(ann), lines[0]).status_code == 201  # the same report, not counted

    flood = report(api_as(ann), lines[1])
    assert flood.status_code == 429
    assert 0 < int(flood["Retry-After"]) <= 3600
    assert flood.json()["detail"].startswith("You have reported many lines in a short time")

    assert report(api_as(), lines[1]).status_code == 401
    assert report(api_as(make_user("eve")), lines[1]).status_code == 404  # not hers to read
    beyond = api_as(ben).post(f"/api/games/{game.pk}/chat/{2**70}/report/", {}, format="json")
    assert beyond.status_code == 404
    assert list(Report.objects.values_list("message__text", "reporter__username", "reason")) == [
        ("one", "ann", "insults")
    ]
