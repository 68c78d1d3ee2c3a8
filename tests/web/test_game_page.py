"""Playing on the game page: the position, the move controls, refusals in place, live updates."""

from __future__ import annotations

import json
import re

import pytest

import games
from tabletop.play.models import Game, Move
from tabletop.web import pages
from tests.helpers.factories import play_random_steps, started_game, user_at


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def players(make_user):
    return [make_user("ann"), make_user("ben"), make_user("cat")]


def logged_in(client, user):
    client.force_login(user)
    return client


def move_values(html: str) -> list[dict]:
    """The moves the page offers as controls (the JSON each button posts)."""
    values = re.findall(r'<button[^>]*name="move" value="([^"]*)"', html)
    return [json.loads(v.replace("&quot;", '"')) for v in values]


def same_moves(a: list[dict], b: list[dict]) -> bool:
    """The same moves, each offered at least once (a Buttons gold square is a cell on the
    board and a button beside Decline)."""
    return {json.dumps(m, sort_keys=True) for m in a} == {json.dumps(m, sort_keys=True) for m in b}


def post_move(client, game: Game, move: dict, seq: int | None = None, **headers):
    data = {"move": json.dumps(move), "expected_seq": game.seq if seq is None else seq}
    return client.post(f"/games/{game.pk}/move/", data, **headers)


def test_the_player_to_act_sees_every_legal_move_as_a_control(client, players):
    game = started_game(players[:2])
    seat = game.to_act[0]
    html = logged_in(client, user_at(game, seat)).get(f"/games/{game.pk}/").content.decode()
    offered = move_values(html)
    legal = game.rules.legal_moves(game.state, seat)
    assert same_moves(offered, legal)
    assert "Your move." in html


@pytest.mark.parametrize("slug", [rules.slug for rules in pages.available_games()])
def test_every_game_offers_exactly_its_legal_moves_along_a_random_game(client, make_user, slug):
    rules = games.get(slug)
    users = [make_user(f"p{n}") for n in range(rules.min_players)]
    game = started_game(users, slug)
    for step in range(6):
        game = play_random_steps(game, 3, seed=f"walk-{step}")
        for seat in range(game.players):
            client.force_login(user_at(game, seat))
            html = client.get(f"/games/{game.pk}/").content.decode()
            legal = rules.legal_moves(game.state, seat) if game.status == "active" else []
            offered = move_values(html)
            assert same_moves(offered, legal)


def test_a_move_from_the_page_is_logged_as_a_web_move(client, players):
    game = started_game(players[:2])
    seat = game.to_act[0]
    user = user_at(game, seat)
    move = game.rules.legal_moves(game.state, seat)[0]
    response = post_move(logged_in(client, user), game, move)
    assert response.status_code == 302
    logged = Move.objects.get(game=game, seq=1)
    assert logged.source == "web"
    assert logged.payload == move


def test_a_stale_move_is_refused_in_place_with_the_current_position(client, players):
    game = started_game(players[:2])
    seat = game.to_act[0]
    move = game.rules.legal_moves(game.state, seat)[0]
    post_move(logged_in(client, user_at(game, seat)), game, move)
    game.refresh_from_db()
    response = post_move(client, game, move, seq=0)
    assert response.status_code == 409
    html = response.content.decode()
    assert "Not played:" in html
    assert "it is at move 1" in html
    assert f'name="expected_seq" value="{game.seq}"' in html


def test_an_illegal_move_is_refused_with_the_rules_own_words(client, players):
    game = started_game(players[:2])
    seat = game.to_act[0]
    response = post_move(
        logged_in(client, user_at(game, seat)), game, {"kind": "take", "column": 3}
    )
    assert response.status_code == 400
    assert "Column 3 does not exist; there are 2 columns." in response.content.decode()
    assert Move.objects.filter(game=game).count() == 0


def test_a_move_out_of_turn_is_refused(client, players):
    game = started_game(players[:2])
    other = 1 - game.to_act[0]
    response = post_move(logged_in(client, user_at(game, other)), game, {"kind": "draw"})
    assert response.status_code == 403
    assert "not your turn" in response.content.decode()


def test_a_spectator_sees_the_table_without_controls(client, players):
    game = started_game(players[:2])
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert move_values(html) == []
    assert "Waiting for" in html and "You are watching." in html


def test_a_move_with_htmx_answers_with_the_new_panel_only(client, players):
    game = started_game(players[:2])
    seat = game.to_act[0]
    move = game.rules.legal_moves(game.state, seat)[0]
    response = post_move(logged_in(client, user_at(game, seat)), game, move, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="panel"')
    assert 'data-seq="1"' in html


def test_a_refusal_with_htmx_is_swapped_into_the_panel(client, players):
    game = started_game(players[:2])
    seat = game.to_act[0]
    response = post_move(
        logged_in(client, user_at(game, seat)),
        game,
        {"kind": "take", "column": 9},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 400
    assert response.content.decode().lstrip().startswith('<section id="panel"')
    assert "Column 9 does not exist" in response.content.decode()


def polled_panel(client, game) -> str:
    """The address the game page's htmx poll fetches, with the version it holds."""
    html = client.get(f"/games/{game.pk}/").content.decode()
    return re.search(r'hx-get="([^"]*/panel/\?version=[^"]+)"', html).group(1)


def test_the_panel_poll_answers_nothing_until_someone_moves(client, players):
    game = started_game(players[:2])
    url = polled_panel(client, game)
    assert client.get(url).status_code == 204
    play_random_steps(game, 1)
    response = client.get(url)
    assert response.status_code == 200
    assert 'data-seq="1"' in response.content.decode()


def test_the_waiting_room_updates_when_a_player_takes_a_seat(client, players):
    from tabletop.play import store

    game = store.create_game(players[0], "gazobu", 3)
    url = polled_panel(client, game)
    assert client.get(url).status_code == 204
    store.join_game(game, players[1])
    assert "1 seat still free" in client.get(url).content.decode()


def test_a_player_resigns_after_confirming(client, players):
    game = started_game(players[:2])
    logged_in(client, players[0])
    refused = client.post(f"/games/{game.pk}/resign/", {})
    assert refused.status_code == 400
    assert "Tick the box" in refused.content.decode()
    client.post(f"/games/{game.pk}/resign/", {"confirm": "yes"})
    game.refresh_from_db()
    assert game.is_over
    assert game.outcome["winners"] == [1]


def test_a_visitor_who_posts_a_move_is_sent_to_log_in(client, players):
    game = started_game(players[:2])
    response = post_move(client, game, {"kind": "draw"})
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
