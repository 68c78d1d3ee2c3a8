"""On a narrow screen the site's links fold into a menu button, which opens with or without
script; on a wide screen they stand in a row, with no button."""

from __future__ import annotations

import pytest

from tests.browser.conftest import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_on_a_phone_the_menu_button_opens_the_links_even_without_script(new_page):
    page = new_page(PHONE, javascript=False)
    page.goto("/games/open/")
    finished = page.get_by_role("link", name="Finished games")
    assert not finished.is_visible()
    top = page.evaluate("document.querySelector('header').getBoundingClientRect().height")
    assert top < 80, "the top bar takes more than one row"

    page.get_by_text("Menu", exact=True).click()
    finished.click()
    page.wait_for_url("**/games/archive/")
    assert page.locator("h1").inner_text() == "Finished games"


def test_on_a_wide_screen_the_links_stand_in_a_row_without_a_button(new_page):
    for javascript in (False, True):
        page = new_page(DESKTOP, javascript=javascript)
        page.goto("/games/open/")
        assert page.get_by_role("link", name="Finished games").is_visible()
        assert page.get_by_role("link", name="Log in").is_visible()
        assert not page.get_by_text("Menu", exact=True).is_visible()


def test_escape_closes_the_open_menu_and_leaves_the_focus_on_its_button(new_page):
    page = new_page(PHONE)
    page.goto("/games/open/")
    button = page.get_by_text("Menu", exact=True)
    button.click()
    assert page.get_by_role("link", name="Finished games").is_visible()

    page.keyboard.press("Escape")
    assert not page.get_by_role("link", name="Finished games").is_visible()
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
