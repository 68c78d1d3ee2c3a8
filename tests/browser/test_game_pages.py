"""Every game besides Gazobu: ten moves or more through its page in Chromium, and screenshots."""

from __future__ import annotations

import random

import pytest

from tabletop.web import pages
from tests.browser.conftest import log_in, play_through_pages, screenshots
from tests.helpers.factories import started_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

OTHER_GAMES = [rules.slug for rules in pages.available_games() if rules.slug != "gazobu"]
# Optional moves that leave the position as it is (a standing order) would let ten clicks
# pass without the game going anywhere.
IDLE_MOVES = ('"kind":"order"',)
# Moves that put cards on the table, taken when offered, so the screenshots show a table in play.
BUILDING_MOVES = ('"kind":"play"', '"kind":"hire"', '"kind":"match"', '"kind":"lay"')


@pytest.mark.parametrize("slug", OTHER_GAMES)
def test_ten_moves_through_the_game_page(new_page, make_user, slug):
    names = ["ann", "ben", "cat"]
    users = [make_user(name) for name in names]
    game = started_game(users, slug)
    browsers = []
    for name in names:
        page = new_page()
        log_in(page, name, f"pw-{name}")
        page.goto(f"/games/{game.pk}/")
        browsers.append(page)

    made = play_through_pages(
        browsers, 10, random.Random(slug), avoid=IDLE_MOVES, prefer=BUILDING_MOVES
    )

    game.refresh_from_db()
    assert made == 10
    assert game.moves.filter(source="web").count() == 10
    for page in browsers:
        page.reload()
    acting = next((p for p in browsers if p.locator(".banner-you").count()), browsers[0])
    screenshots(acting, f"{slug}-game")
    acting.goto(f"/games/{game.pk}/history/?seq={game.seq - 1}")
    screenshots(acting, f"{slug}-history")
