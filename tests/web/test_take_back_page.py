"""Undo on the game page: a button while the take-back would be immediate, the refusal in
place otherwise, the withdrawn step struck through with who took it back."""

from __future__ import annotations

import re

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


def undo_button(html: str) -> str:
    """The Undo form's markup on the page ("" when there is none)."""
    found = re.search(r'<form[^>]*class="undo".*?</form>', html, re.S)
    return found.group(0) if found else ""


def test_once_the_cards_were_drawn_undo_is_disabled_and_says_why(client, make_user):
    game = drawn(make_user)
    client.force_login(user_at(game, game.to_act[0]))
    undo = undo_button(client.get(f"/games/{game.pk}/").content.decode())
    assert "Undo my last move" in undo
    assert re.search(r"<button[^>]*\bdisabled\b", undo)
    reason = re.search(r'id="undo-reason">(.*?)</p>', undo).group(1)
    assert reason == (
        "Move 1 cannot be taken back: it brought a card, a roll or another thing the table "
        "had not seen."
    )
    for card in game.state["drawn"]:  # what the draw showed stays on the board, not here
        assert str(card) not in reason


def test_the_reason_undo_is_disabled_reads_in_the_players_language(client, make_user):
    game = drawn(make_user)
    player = user_at(game, game.to_act[0])
    client.force_login(player)
    html = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "nelze vrátit" in undo_button(html)


def test_an_undo_that_needs_the_others_is_disabled_and_names_who_must_agree(client, make_user):
    from tests.play.test_votes import played_until_someone_else_acted_unseen

    game = started_game([make_user("ann"), make_user("ben")], slug="buttons")
    taker, other = played_until_someone_else_acted_unseen(game)
    client.force_login(user_at(game, taker))
    undo = undo_button(client.get(f"/games/{game.pk}/").content.decode())
    assert re.search(r"<button[^>]*\bdisabled\b", undo)
    assert f"{user_at(game, other).username} played since your move" in undo
    assert "needs their agreement" in undo


def test_a_watcher_and_a_player_who_has_not_moved_see_no_undo(client, make_user):
    game = drawn(make_user)
    client.force_login(user_at(game, 1 - game.to_act[0]))
    assert not undo_button(client.get(f"/games/{game.pk}/").content.decode())
    client.force_login(make_user("cat"))
    assert not undo_button(client.get(f"/games/{game.pk}/").content.decode())


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
