"""A Gazobu turn played with the keyboard alone: the skip link, Tab to a move, Enter to play it;
focus stays on the table across the panel's swaps and the live region says what happened."""

from __future__ import annotations

import pytest

from games import Rng
from tabletop.play.autoplay import play_bot_steps
from tests.browser.colours import contrast
from tests.browser.conftest import log_in, panel_seq
from tests.helpers.factories import started_game, user_at

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

FOCUSED_MOVE = """() => { const e = document.activeElement;
  return !!e && e.matches('#panel button[name="move"]') && !e.closest('[hidden]'); }"""
FOCUS_IN_PANEL = "() => !!document.activeElement.closest('#panel')"


def tab_to_a_move(page, limit: int = 150) -> str:
    """Press Tab until a move button has the focus; returns the move's JSON."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate(FOCUSED_MOVE):
            return page.evaluate("() => document.activeElement.value")
    raise AssertionError("no move button is reachable with Tab")


# The lightest green of the table: --felt in tabletop.css under the light at its top.
FELT = "rgb(53, 104, 79)"


def assert_a_thick_light_ring_on_the_table(page) -> None:
    width, colour, on_table = page.evaluate(
        """() => { const e = document.activeElement, style = getComputedStyle(e);
        return [parseFloat(style.outlineWidth), style.outlineColor, !!e.closest('.felt')]; }"""
    )
    assert width >= 3
    if on_table:
        assert contrast(colour, FELT) >= 3, colour


def test_a_gazobu_turn_is_played_with_the_keyboard_only(new_page, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    mover = user_at(game, game.to_act[0]).username
    page = new_page()
    log_in(page, mover, f"pw-{mover}")
    page.goto(f"/games/{game.pk}/")

    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.className") == "skip-link"
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "main"

    moves = 0
    while page.locator("#panel .banner-you").count():
        before = panel_seq(page)
        tab_to_a_move(page)
        assert_a_thick_light_ring_on_the_table(page)
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"() => Number(document.querySelector('#panel').dataset.seq) > {before}"
        )
        page.wait_for_function(FOCUS_IN_PANEL)
        page.wait_for_function(
            "() => document.getElementById('announcer').textContent.trim() !== ''"
        )
        moves += 1
        assert moves < 12, "a Gazobu turn takes a few steps"

    game.refresh_from_db()
    assert game.moves.filter(source="web").count() == moves
    assert user_at(game, game.to_act[0]).username != mover
    assert "Waiting for" in page.inner_text("#announcer")

    # The other player's move arrives by the panel's poll: the focus stays on the same control.
    said = page.inner_text("#announcer")
    page.focus("#panel .game-links a[href^='/rules/']")
    seq = panel_seq(page)
    play_bot_steps(game, Rng("ben moves"), 1)
    page.wait_for_function(
        f"() => Number(document.querySelector('#panel').dataset.seq) > {seq}", timeout=12_000
    )
    page.wait_for_function(
        "() => document.activeElement.matches(\"#panel .game-links a[href^='/rules/']\")"
    )
    assert page.inner_text("#announcer") not in ("", said)
