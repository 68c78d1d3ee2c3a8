"""Two people sign up, start a Gazobu game, play it to the end in Chromium and replay it."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from tabletop.play.models import Game
from tests.browser.conftest import (
    PHONE,
    log_in,
    panel_seq,
    play_through_pages,
    screenshot,
    screenshots,
    sign_up,
)

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_two_players_sign_up_play_gazobu_to_the_end_and_replay_it(new_page):
    alice, bob = new_page(), new_page()
    sign_up(alice, "alice")
    sign_up(bob, "bob")

    alice.click("text=New game")
    screenshot(alice, "lobby-choose-desktop")
    alice.click("text=Start a Gazobu game")
    screenshots(alice, "lobby-new-game")
    alice.select_option("#id_players", "2")
    alice.click("text=Create the game and take the first seat")
    alice.wait_for_url(re.compile(r"/games/\d+/$"))
    assert "Waiting for players" in alice.inner_text("#panel")
    screenshot(alice, "lobby-waiting-desktop")
    game_id = int(re.search(r"/games/(\d+)/", alice.url).group(1))

    bob.goto("/games/open/")
    bob.click(f"a[href='/games/{game_id}/'] >> xpath=.. >> button:has-text('Join')")
    bob.wait_for_url(f"**/games/{game_id}/")
    alice.reload()
    assert alice.locator(".gz-table").count() == 1

    rng = random.Random(7)
    screenshots_taken = False
    made = 0
    while alice.locator(".banner-over").count() == 0:
        made += play_through_pages([alice, bob], 1, rng)
        if made == 6 and not screenshots_taken:
            alice.reload()
            bob.reload()
            playing = alice if alice.locator('#panel button[name="move"]').count() else bob
            screenshots(playing, "gazobu-game")
            screenshots_taken = True
        assert made < 400, "the game should be over long before this"
        if made and bob.locator(".banner-over").count():
            alice.reload()
    bob.reload()
    assert "Game over:" in bob.inner_text("#panel")
    assert Game.objects.get(pk=game_id).is_over
    screenshots(alice, "gazobu-finished")

    alice.goto("/")
    screenshots(alice, "dashboard")
    alice.goto(f"/games/{game_id}/")
    alice.click("text=Replay it move by move")
    alice.wait_for_url(f"**/games/{game_id}/history/")
    last = int(alice.get_attribute("#history-now", "data-seq"))
    assert last == panel_seq_of(Game.objects.get(pk=game_id))
    position_at_end = alice.inner_html(".board-form")
    alice.click("#step-back")
    alice.wait_for_function(
        f"() => document.querySelector('#history-now').dataset.seq === '{last - 1}'"
    )
    assert "?seq=" in alice.url
    assert alice.inner_html(".board-form") != position_at_end
    alice.click("a[rel=first]")
    alice.wait_for_function("() => document.querySelector('#history-now').dataset.seq === '0'")
    assert "The deal." in alice.inner_text("#history-now")
    alice.locator("input[type=range]").fill("3")
    alice.wait_for_function("() => document.querySelector('#history-now').dataset.seq === '3'")
    screenshots(alice, "gazobu-history")

    alice.click("text=Re-verify the whole log")
    assert "Verified" in alice.inner_text(".fairness")
    with alice.expect_download() as download:
        alice.click("text=Download the log (JSON)")
    document = json.loads(Path(download.value.path()).read_text())
    assert document["game"] == "gazobu"
    assert len(document["moves"]) == last
    assert document["seed"]


def panel_seq_of(game: Game) -> int:
    return game.seq


def test_a_phone_sized_page_plays_a_move_without_javascript(new_page, make_user):
    from tests.helpers.factories import started_game

    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    seat = game.to_act[0]
    name = ["ann", "ben"][seat]
    page = new_page(viewport=PHONE, javascript=False)
    page.goto("/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", f"pw-{name}")
    page.click("form.stacked button")
    page.goto(f"/games/{game.pk}/")
    before = panel_seq(page)
    page.locator('#panel button[name="move"]').first.click()
    page.wait_for_load_state()
    assert panel_seq(page) == before + 1
    game.refresh_from_db()
    assert game.moves.get(seq=1).source == "web"


def test_the_page_shows_the_other_players_move_without_a_reload(new_page, make_user):
    from tests.helpers.factories import started_game

    users = [make_user("ann"), make_user("ben")]
    game = started_game(users)
    mover = game.to_act[0]
    names = ["ann", "ben"]
    watching = new_page()
    log_in(watching, names[1 - mover], f"pw-{names[1 - mover]}")
    watching.goto(f"/games/{game.pk}/")
    assert "Waiting for" in watching.inner_text("#panel")
    playing = new_page()
    log_in(playing, names[mover], f"pw-{names[mover]}")
    playing.goto(f"/games/{game.pk}/")
    playing.locator('#panel button[name="move"]').first.click()
    watching.wait_for_function(
        "() => document.querySelector('#panel').dataset.seq === '1'", timeout=12_000
    )
    assert "1" in watching.inner_text(".log li:first-child .log-seq")
