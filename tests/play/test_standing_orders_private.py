"""Buttons: a standing order is private to its seat until the game ends.

Its answers are public (every board is), but that a standing order gave them, not the player,
is not: the moves list of the API, the game page and its live panel show the other players
and spectators only that the seat moved.
"""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def answered_by_standing_order(make_user) -> Game:
    """A Buttons game where the second seat's standing order has just taken the gold square."""
    game = started_game([make_user("ann"), make_user("ben")], "buttons", {"layout": "1a"})
    active = game.state["active"]
    other = 1 - active
    store.submit(game, user_at(game, other), {"kind": "order", "order": "take"}, None, "web")
    for _ in range(30):
        game.refresh_from_db()
        if game.moves.filter(source=Move.Source.STANDING_ORDER).exists():
            return game
        mover = game.to_act[0]
        move = game.rules.legal_moves(game.state, mover)[0]
        store.submit(game, user_at(game, mover), move, None, "web")
    pytest.fail("the standing order never answered a gold square")


def api_sources(game: Game, user=None) -> set[str]:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return {line["source"] for line in client.get(f"/api/games/{game.pk}/moves/").json()}


def page_for(game: Game, user=None) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(f"/games/{game.pk}/").content.decode()


def test_the_other_player_and_spectators_do_not_see_the_standing_order_tag(
    answered_by_standing_order,
):
    game = answered_by_standing_order
    owner = game.moves.get(source=Move.Source.STANDING_ORDER).seat
    other = user_at(game, 1 - owner)
    assert "standing-order" not in api_sources(game, other)
    assert "standing-order" not in api_sources(game)
    assert "standing-order" not in page_for(game, other)
    assert "standing-order" not in page_for(game)


def test_the_owner_sees_their_own_standing_order_at_work(answered_by_standing_order):
    game = answered_by_standing_order
    owner = user_at(game, game.moves.get(source=Move.Source.STANDING_ORDER).seat)
    assert "standing-order" in api_sources(game, owner)
    assert "standing-order" in page_for(game, owner)


def test_others_cannot_tell_a_standing_order_from_a_move_on_the_page_or_by_email(
    answered_by_standing_order,
):
    """Every own move of a player reads alike to the others, whatever way it came."""
    game = answered_by_standing_order
    owner = game.moves.get(source=Move.Source.STANDING_ORDER).seat
    other = user_at(game, 1 - owner)
    lines = APIClient()
    lines.force_authenticate(other)
    sources = {
        line["source"]
        for line in lines.get(f"/api/games/{game.pk}/moves/").json()
        if line["seat"] == owner
    }
    assert sources == {"player"}
