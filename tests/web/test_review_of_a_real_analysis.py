"""The review pages read what the worker really computed: a finished game of each kind is
analysed (a few playouts per position, as an operator's `analyse_game` would) and its history
page, the fragment it polls and the API show that analysis, step by step."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

import games
from tabletop.play import analysis
from tests.helpers.factories import play_as_people, started_game

pytestmark = pytest.mark.usefixtures("fast_passwords")
pytest_plugins = ["tests.helpers.mail"]


@pytest.fixture(autouse=True)
def few_playouts(settings):
    settings.ANALYSIS_PLAYOUTS = 2


@pytest.mark.parametrize("slug", games.slugs())
def test_a_finished_games_analysis_is_shown_on_its_history_and_through_the_api(slug, make_user):
    game = play_as_people(started_game([make_user("ann"), make_user("bob")], slug))
    row = analysis.analyse(game)

    api = APIClient().get(f"/api/games/{game.pk}/analysis/")
    assert api.status_code == 200
    body = api.json()
    assert len(body["steps"]) == game.seq + 1 == len(row.steps)
    assert [step["chances"] for step in body["steps"]] == [s["chances"] for s in row.steps]

    chosen = next(step for step in row.steps if step["suggestion"] is not None)
    page = Client().get(f"/games/{game.pk}/history/?seq={chosen['seq']}").content.decode()
    assert "<svg" in page and f'href="?seq={chosen["seq"]}"' in page
    assert chosen["suggestion"]["text"] in page
