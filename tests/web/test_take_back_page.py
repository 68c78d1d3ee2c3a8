"""Undo on the game page: a button while the take-back would be immediate, the refusal in
place otherwise, the withdrawn step struck through with who took it back."""

from __future__ import annotations

import pytest

from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def play(game: Game, move: dict) -> None:
    store.submit(game, user_at(game, game.to_act[0]), move, game.seq, Move.Source.WEB)
    game.refresh_from_db()


def drawn(make_user) -> Game:
    game = started_game([make_user("ann"), make_user("ben")])
    play(game, {"kind": "draw"})
    return game


def test_the_undo_button_shows_after_a_placement_and_takes_it_back(client, make_user):
    game = drawn(make_user)
    play(game, {"kind": "place", "card": game.state["drawn"][0], "column": 1})
    taker = user_at(game, game.to_act[0])
    client.force_login(taker)
    assert "Undo my last move" in client.get(f"/games/{game.pk}/").content.decode()
    response = client.post(f"/games/{game.pk}/undo/", {"expected_seq": game.seq})
    assert response.status_code == 302
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert f"took back move {game.seq}" in html
    assert f"taken back by {taker.username}" in html
    assert "<del>" in html
    history = client.get(f"/games/{game.pk}/history/").content.decode()
    assert f"taken back by {taker.username}" in history


def test_no_undo_button_once_the_cards_were_drawn(client, make_user):
    game = drawn(make_user)
    client.force_login(user_at(game, game.to_act[0]))
    assert "Undo my last move" not in client.get(f"/games/{game.pk}/").content.decode()


def test_an_undo_that_cannot_be_taken_is_refused_in_place_with_the_reason(client, make_user):
    game = drawn(make_user)
    client.force_login(user_at(game, game.to_act[0]))
    response = client.post(f"/games/{game.pk}/undo/", {"expected_seq": game.seq})
    assert response.status_code == 400
    assert "cannot be taken back" in response.content.decode()


def test_an_undo_without_its_move_number_is_refused_not_a_crash(client, make_user):
    game = drawn(make_user)
    client.force_login(user_at(game, game.to_act[0]))
    response = client.post(f"/games/{game.pk}/undo/", {"expected_seq": "x"})
    assert response.status_code == 400
