"""The forms to ask the table and to resign are the same at every poll: the page keeps its own
(hx-preserve), so a poll from a panel that holds them gets an empty stand-in, and a player
halfway through a vote keeps what they chose when a move comes in."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from tabletop.play import store
from tabletop.play.models import Move
from tests.helpers.factories import started_game, user_at

ASK = "Put it to the vote"
RESIGN = "I resign; a bot plays my seat"


@pytest.fixture
def game(make_user):
    return started_game([make_user("ann"), make_user("ben")])


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def poll_url(text: str) -> str:
    return html.unescape(re.search(r'hx-get="([^"]+)"', text).group(1))


def play_on(game) -> None:
    seat = game.to_act[0]
    move = game.rules.legal_moves(game.state, seat)[0]
    store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
    game.refresh_from_db()


def test_a_players_page_polls_saying_it_holds_the_table_forms(game):
    page = logged_in(user_at(game, 0)).get(f"/games/{game.pk}/").content.decode()
    assert ASK in page and RESIGN in page
    assert "&forms=held" in poll_url(page)


def test_a_poll_from_a_panel_holding_them_gets_an_empty_stand_in(game):
    client = logged_in(user_at(game, 0))
    url = poll_url(client.get(f"/games/{game.pk}/panel/").content.decode())
    play_on(game)
    changed = client.get(url, HTTP_HX_REQUEST="true")
    assert changed.status_code == 200
    text = changed.content.decode()
    assert f'data-seq="{game.seq}"' in text  # the move came in
    assert re.search(r'<div id="table-forms" hx-preserve="true">\s*</div>', text)
    assert ASK not in text and RESIGN not in text


def test_a_poll_that_does_not_say_so_gets_the_forms_whole(game):
    client = logged_in(user_at(game, 0))
    text = client.get(f"/games/{game.pk}/panel/", {"version": "stale"}).content.decode()
    assert ASK in text and RESIGN in text
    assert 'id="table-forms" hx-preserve="true"' in text


def test_a_spectator_has_no_table_forms_to_hold(game, make_user):
    text = logged_in(make_user("cid")).get(f"/games/{game.pk}/panel/").content.decode()
    assert "table-forms" not in text and ASK not in text
    assert "forms=held" not in poll_url(text)
