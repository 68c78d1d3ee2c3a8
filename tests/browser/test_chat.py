"""Table talk on the game page in Chromium: said in place by htmx, read live at the other
seat, and what a player is typing survives the panel's refresh."""

from __future__ import annotations

import pytest

from tabletop.play.models import ChatMessage
from tests.browser.conftest import log_in
from tests.browser.test_csp import watch_for_violations
from tests.helpers.factories import started_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def say(page, text: str) -> None:
    page.fill("#talk-text", text)
    page.click(".talk-form button")
    page.locator(".talk-list", has_text=text).wait_for()


def test_a_player_says_a_line_on_the_game_page_and_the_other_reads_it_live(new_page, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    pages = {}
    for user in (ann, ben):
        page = new_page()
        pages[user.username] = (page, watch_for_violations(page))
        log_in(page, user.username, f"pw-{user.username}")
        page.goto(f"/games/{game.pk}/")
    ann_page, ann_violations = pages["ann"]
    ben_page, ben_violations = pages["ben"]

    ann_page.evaluate("window.stillTheSamePage = true")
    say(ann_page, "good luck, <b>ben</b>!")
    assert ann_page.evaluate("window.stillTheSamePage === true"), "a whole page was loaded"
    assert ann_page.input_value("#talk-text") == ""
    assert ChatMessage.objects.get(game=game).text == "good luck, <b>ben</b>!"

    # Ben is half-way through a line when Ann's next one arrives with the panel's refresh.
    ben_page.locator(".talk-list", has_text="good luck, <b>ben</b>!").wait_for(timeout=20_000)
    ben_page.fill("#talk-text", "thanks, and you")
    say(ann_page, "your move")
    ben_page.locator(".talk-list", has_text="your move").wait_for(timeout=20_000)
    assert ben_page.input_value("#talk-text") == "thanks, and you"
    ben_page.click(".talk-form button")
    ben_page.locator(".talk-list", has_text="thanks, and you").wait_for()
    assert list(ChatMessage.objects.values_list("text", flat=True)) == [
        "good luck, <b>ben</b>!",
        "your move",
        "thanks, and you",
    ]
    assert ann_violations == [] and ben_violations == []
