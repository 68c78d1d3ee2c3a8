"""Buttons on the game page: the gold square offered as a button of its own, and the dice of
a roll that is over shown as the previous roll, not as the roll in play."""

from __future__ import annotations

import json
import re

import pytest

from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def game(make_user) -> Game:
    return started_game([make_user("ann"), make_user("ben")], "buttons")


def submit(game: Game, seat: int, move: dict) -> Game:
    store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    return game


def rolled(game: Game) -> Game:
    """The active player rolls; on empty boards the other player may take the gold square."""
    active = game.state["active"]
    game = submit(game, active, {"kind": "roll"})
    assert game.state["phase"] == "answer"
    return game


def page_for(client, game: Game, seat: int) -> str:
    client.force_login(user_at(game, seat))
    return client.get(f"/games/{game.pk}/").content.decode()


def buttons_labelled(html: str) -> dict[str, dict]:
    found = re.findall(
        r'<button class="button[^"]*" name="move" value="([^"]*)">([^<]*)</button>', html
    )
    return {label: json.loads(value.replace("&quot;", '"')) for value, label in found}


def test_the_gold_square_can_be_taken_with_a_button_beside_decline(client, game):
    game = rolled(game)
    other = 1 - game.state["active"]
    row, column = game.state["roll"]["white"], game.state["roll"]["gold"]

    offered = buttons_labelled(page_for(client, game, other))

    take = f"Take the gold square (row {row}, column {column})"
    assert offered[take] == {"kind": "lay", "row": row, "column": column}
    assert offered["Decline the gold square"] == {"kind": "decline"}


def test_the_roller_is_offered_no_gold_square_button(client, game):
    game = rolled(game)
    html = page_for(client, game, game.state["active"])
    assert "Take the gold square" not in html


def test_at_roll_the_dice_the_last_players_dice_show_as_the_previous_roll(client, game):
    game = rolled(game)
    asked = page_for(client, game, 1 - game.state["active"])
    assert "Previous roll:" not in asked
    assert 'aria-label="the last roll"' in asked
    while game.state["phase"] == "answer":
        seat = game.to_act[0]
        game = submit(game, seat, game.rules.legal_moves(game.state, seat)[0])
    assert game.state["phase"] == "turn"

    next_roller = page_for(client, game, game.state["active"])

    assert "Roll the dice" in next_roller
    assert "Previous roll:" in next_roller
    assert 'aria-label="the last roll"' not in next_roller
    assert 'aria-label="the previous roll"' in next_roller
