"""The browser's time zone proposed at sign-up and on the dashboard; the list narrows as one
types."""

from __future__ import annotations

import re

import pytest

from tabletop.accounts.models import Preferences
from tests.browser.conftest import DESKTOP, PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


@pytest.fixture
def prague_page(browser, live_server):
    context = browser.new_context(
        viewport=DESKTOP, base_url=live_server.url, timezone_id="Europe/Prague"
    )
    context.set_default_timeout(15_000)
    yield context.new_page()
    context.close()


def test_sign_up_proposes_the_browsers_zone_and_the_search_narrows_the_list(prague_page):
    page = prague_page
    page.goto("/accounts/signup/")
    assert page.input_value("#id_time_zone") == "Europe/Prague"

    page.fill("#id_time_zone-search", "tokyo")
    assert page.input_value("#id_time_zone") == "Asia/Tokyo"
    visible = page.eval_on_selector_all(
        "#id_time_zone option", "options => options.filter(o => !o.hidden).map(o => o.value)"
    )
    assert visible == ["Asia/Tokyo"]
    page.fill("#id_time_zone-search", "")
    page.select_option("#id_time_zone", "Europe/Prague")

    page.fill("#id_username", "zoe")
    page.fill("#id_email", "zoe@example.com")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form.stacked button")
    page.wait_for_url(re.compile(r".*/$"))
    assert Preferences.objects.get(user__username="zoe").time_zone == "Europe/Prague"


def test_the_dashboard_offers_the_browsers_zone_to_a_player_still_on_utc(prague_page, make_user):
    make_user("ann")
    page = prague_page
    page.goto("/accounts/login/")
    page.fill("#id_username", "ann")
    page.fill("#id_password", "pw-ann")
    page.click("form.stacked button")
    page.wait_for_url(re.compile(r".*/$"))
    proposal = page.locator("form[data-time-zone-proposal]")
    assert "Europe/Prague" in proposal.inner_text()
    proposal.get_by_role("button", name="Use Europe/Prague").click()
    page.wait_for_url(re.compile(r".*/$"))
    assert "Your time zone is now Europe/Prague." in page.inner_text(".messages")
    assert Preferences.objects.get(user__username="ann").time_zone == "Europe/Prague"
    assert page.locator("form[data-time-zone-proposal]").count() == 0
