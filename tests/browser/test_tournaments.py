"""A tournament in Chromium on a 320 px phone: a player joins it on its page and, once its
round is played, reads the standings there, the page never wider than the screen."""

from __future__ import annotations

import pytest

from tabletop.tournaments import rounds
from tabletop.tournaments.results import standings_of
from tests.browser.conftest import log_in, screenshots
from tests.browser.test_page_widths import OVERFLOW
from tests.helpers.tournaments import finish_round, signed_up

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

NARROWEST = {"width": 320, "height": 720}


def assert_fits(page) -> None:
    seen = page.evaluate(OVERFLOW)
    assert seen["scrollWidth"] <= NARROWEST["width"], seen["sticking"]


def test_a_player_joins_on_the_page_and_reads_the_standings_at_320_px(new_page, make_user):
    org, ann, ben = make_user("org"), make_user("ann"), make_user("ben")
    cup = signed_up(org, [ben], "dos", format="round_robin", table_size=2, max_players=4)
    page = new_page(NARROWEST)
    log_in(page, "ann", "pw-ann")

    page.goto("/tournaments/")
    page.get_by_role("link", name=f"{cup.name} #{cup.pk}").click()
    page.get_by_role("button", name="Join the tournament").click()
    page.wait_for_selector("text=You joined the tournament.")
    assert_fits(page)
    assert cup.entries.filter(player=ann).exists()

    rounds.start_tournament(cup, org)
    finish_round(cup)
    page.reload()

    expected = [(row.rank, row.player) for row in standings_of(cup)]
    names = {ann.pk: "ann", ben.pk: "ben"}
    rows = page.locator("table.standings tbody tr")
    shown = [
        (int(rows.nth(i).locator("td").first.inner_text()), rows.nth(i).locator("th").inner_text())
        for i in range(rows.count())
    ]
    assert shown == [(place, names[player]) for place, player in expected]
    assert page.get_by_role("heading", name="Round 1").is_visible()
    assert "The winner: " in page.inner_text("main")
    assert_fits(page)
    screenshots(page, "tournament-standings")
