"""A finished game's page shows its score once: the page's "How the score was made", not a
second "Final score" table on the board. The history page, which explains no score, keeps the
board's table at the last move."""

from __future__ import annotations

import pytest

from tests.helpers.factories import play_random_steps, started_game


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.mark.parametrize("slug", ["gazobu", "dr_gomb"])
def test_the_game_over_page_shows_the_score_once(client, make_user, slug):
    players = [make_user("ann"), make_user("ben")]
    game = play_random_steps(started_game(players, slug), 1000, seed="to-the-end")
    assert game.is_over
    client.force_login(players[0])

    page = client.get(f"/games/{game.pk}/").content.decode()

    assert page.count("How the score was made") == 1
    assert ">Final score</h3>" not in page
    assert page.count('class="score-table"') == 1

    history = client.get(f"/games/{game.pk}/history/").content.decode()
    assert ">Final score</h3>" in history
