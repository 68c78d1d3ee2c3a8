"""A board word explains itself in Chromium: keyboard focus shows its note, Escape hides it, a
tap shows it again, and its link leads to the rules page's entry for it."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE, log_in, screenshot, screenshots
from tests.helpers.factories import started_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_focusing_a_term_shows_its_explanation(new_page, make_user):
    users = [make_user("ann"), make_user("ben")]
    game = started_game(users, "dr_hrubec")
    page = new_page()
    log_in(page, "ann", "pw-ann")
    page.goto(f"/games/{game.pk}/")

    term = page.locator('.term[data-term="sur"]').first
    note = term.locator(".term-note")
    assert not note.is_visible()
    term.locator(".term-word").focus()
    note.wait_for(state="visible")
    assert "Surgery" in note.inner_text()
    screenshot(page, "rules-term-focused")
    page.keyboard.press("Escape")
    note.wait_for(state="hidden")

    page.set_viewport_size(PHONE)
    term.locator(".term-word").click()
    note.wait_for(state="visible")
    note.locator("a").click()
    page.wait_for_url("**/rules/dr_hrubec/#term-sur")
    assert page.locator("#term-sur").is_visible()
    screenshots(page, "rules-dr_hrubec")
