"""Playing the computer in one click: from the lobby or a game's rules page, a private game
at the game's usual seat count with the strong bot in every other seat, started at once."""

from __future__ import annotations

import re

import pytest
from django.test import Client

import games
from tabletop.play.models import Game


@pytest.fixture
def ann(make_user):
    return make_user("ann")


def logged_in(user, **kwargs) -> Client:
    client = Client(**kwargs)
    client.force_login(user)
    return client


def test_the_lobby_has_a_play_the_computer_button_for_every_game(ann):
    html = logged_in(ann).get("/games/new/").content.decode()
    for rules in games.all():
        form = re.search(
            rf'<form method="post" action="/games/new/{rules.slug}/computer/".*?</form>', html, re.S
        )
        assert form, rules.slug
        assert "Play the computer" in form.group(0)
        assert "csrfmiddlewaretoken" in form.group(0)


def test_one_click_starts_a_private_game_against_the_strong_bot_and_lands_on_it(ann):
    client = logged_in(ann)
    response = client.post("/games/new/dos/computer/")
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    assert game.slug == "dos" and game.status == Game.Status.ACTIVE
    assert game.private
    assert game.players == games.get("dos").min_players  # the new-game form's first choice
    seats = list(game.seats.order_by("position"))
    assert seats[0].user == ann and not seats[0].is_bot
    assert all(seat.is_bot for seat in seats[1:])
    page = client.get(response["Location"]).content.decode()
    assert "Your move." in page
    assert f"/games/{game.pk}/" not in client.get("/games/open/").content.decode()


def test_the_rules_page_offers_play_the_computer_to_a_player_but_not_to_a_visitor(ann):
    assert "/games/new/buttons/computer/" in logged_in(ann).get("/rules/buttons/").content.decode()
    assert "/games/new/buttons/computer/" not in Client().get("/rules/buttons/").content.decode()
    logged_in(ann).post("/games/new/buttons/computer/")
    assert Game.objects.get().slug == "buttons"


def test_playing_the_computer_is_only_a_post_with_its_csrf_token(ann):
    assert logged_in(ann).get("/games/new/dos/computer/").status_code == 405
    forged = logged_in(ann, enforce_csrf_checks=True).post("/games/new/dos/computer/")
    assert forged.status_code == 403
    assert not Game.objects.exists()


def test_a_game_nobody_plays_here_is_a_clear_404_and_a_visitor_is_sent_to_log_in(ann, db):
    missing = logged_in(ann).post("/games/new/chess/computer/")
    assert missing.status_code == 404
    assert "There is no game called" in missing.content.decode()
    visitor = Client().post("/games/new/dos/computer/")
    assert visitor.status_code == 302 and "/accounts/login/" in visitor["Location"]
    assert not Game.objects.exists()
