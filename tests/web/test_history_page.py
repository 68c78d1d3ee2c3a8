"""The history page: step through a game as the viewer saw it; after the end, check it."""

from __future__ import annotations

import json
import re

import pytest

from tabletop.play.models import Game
from tests.helpers.factories import play_random_steps, started_game


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def players(make_user):
    return [make_user("ann"), make_user("ben")]


def board_of(html: str) -> str:
    return html[html.index('class="board-form readonly"') :]


def test_stepping_back_shows_the_earlier_position(client, players):
    game = play_random_steps(started_game(players), 8)
    client.force_login(players[0])
    now = client.get(f"/games/{game.pk}/history/").content.decode()
    before = client.get(f"/games/{game.pk}/history/?seq={game.seq - 1}").content.decode()
    assert f'data-seq="{game.seq}"' in now
    assert f'data-seq="{game.seq - 1}"' in before
    assert board_of(now) != board_of(before)
    assert f'href="?seq={game.seq - 2}"' in before
    assert f'value="{game.seq - 1}"' in before  # the slider stands at that move


def test_move_zero_is_the_deal_and_steps_beyond_the_end_stop_at_the_last_move(client, players):
    game = play_random_steps(started_game(players), 3)
    deal = client.get(f"/games/{game.pk}/history/?seq=0").content.decode()
    assert "The deal." in deal
    beyond = client.get(f"/games/{game.pk}/history/?seq=999").content.decode()
    assert f'data-seq="{game.seq}"' in beyond
    assert client.get(f"/games/{game.pk}/history/?seq=abc").status_code == 200


def test_the_log_is_not_downloadable_and_the_seed_is_hidden_during_play(client, players):
    game = play_random_steps(started_game(players), 3)
    html = client.get(f"/games/{game.pk}/history/").content.decode()
    assert game.seed_sha256 in html
    assert game.seed not in html
    assert "Re-verify" not in html
    assert client.get(f"/games/{game.pk}/history/log.json").status_code == 404


def test_after_the_game_the_seed_shows_and_the_whole_log_verifies(client, players):
    game = play_random_steps(started_game(players), 500, seed="to-the-end")
    assert game.is_over
    page = client.get(f"/games/{game.pk}/history/").content.decode()
    assert game.seed in page
    checked = client.post(f"/games/{game.pk}/history/?seq=4").content.decode()
    assert "Verified" in checked
    assert 'data-seq="4"' in checked


def test_a_tampered_projection_fails_the_check_on_the_page(client, players):
    game = play_random_steps(started_game(players), 500, seed="to-the-end")
    # A damaged cache, as a bad migration or a hand edit would leave it.
    Game.objects.filter(pk=game.pk).update(seq=game.seq + 1)
    checked = client.post(f"/games/{game.pk}/history/").content.decode()
    assert "does not verify" in checked
    assert "seq differs from the replay" in checked


def test_the_downloaded_log_re_runs_to_the_same_game(client, players):
    from tabletop.play.export import rerun

    game = play_random_steps(started_game(players), 500, seed="to-the-end")
    response = client.get(f"/games/{game.pk}/history/log.json")
    assert response["Content-Disposition"] == (
        f'attachment; filename="tabletop-gazobu-{game.pk}.json"'
    )
    document = json.loads(response.content)
    assert document["seed"] == game.seed
    assert len(document["moves"]) == game.seq
    assert rerun(document) == []


def test_an_open_game_has_no_history_yet(client, players):
    from tabletop.play import store

    game = store.create_game(players[0], "gazobu", 2)
    response = client.get(f"/games/{game.pk}/history/")
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"


def test_a_long_game_lists_the_moves_around_the_step_with_links_either_side(client, players):
    game = play_random_steps(started_game(players, "dos"), 120)
    assert game.seq >= 120  # random play of DOS runs long
    client.force_login(players[0])
    page = client.get(f"/games/{game.pk}/history/?seq=60").content.decode()
    listed = {int(seq) for seq in re.findall(r'<li class="[^"]*" data-seq="(\d+)"', page)}
    assert listed == set(range(21, 101))  # 40 moves either side of move 60
    assert 'href="?seq=20">Earlier moves (1 to 20)' in page
    assert f'href="?seq=101">Later moves (101 to {game.seq})' in page
    first = client.get(f"/games/{game.pk}/history/?seq=0").content.decode()
    assert "The deal" in first and "Earlier moves" not in first
    assert 'data-seq="80"' in first and 'data-seq="81"' not in first
