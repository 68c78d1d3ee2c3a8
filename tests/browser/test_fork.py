"""A player steps back through a finished Gazobu game, plays on from there against the
computer in Chromium, and makes a move in the new game."""

from __future__ import annotations

import random
import re

import pytest

from tabletop.play.models import Game
from tests.browser.conftest import click_a_move, log_in, panel_seq, screenshot
from tests.helpers.factories import play_as_people, started_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_a_player_forks_a_finished_gazobu_game_and_plays_one_move(new_page, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    finished = play_as_people(started_game([ann, ben]), "browser-fork")
    step = 6
    page = new_page()
    log_in(page, "ann", "pw-ann")

    page.goto(f"/games/{finished.pk}/history/?seq={step}")
    page.click("#fork-link")
    page.wait_for_url(f"**/games/{finished.pk}/fork/?seq={step}")
    page.select_option("#id_seat_1", "computer")
    screenshot(page, "fork-seats-desktop")
    page.click("text=Start the game from here")
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    fork = Game.objects.get(forked_from=finished)
    assert page.url.endswith(f"/games/{fork.pk}/")
    assert fork.forked_at == step and fork.seats.get(position=1).is_bot

    before = panel_seq(page)
    assert click_a_move(page, random.Random(22)), "ann has a move (the bot moves at once)"
    assert panel_seq(page) > before
    fork.refresh_from_db()
    assert fork.moves.filter(seat=0, source="web").exists()
    screenshot(page, "fork-played-desktop")
