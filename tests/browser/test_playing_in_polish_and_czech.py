"""A Czech player plays a whole Gazobu game and a Polish player a DOS game in Chromium, by the
page's own controls, and reads the finished history: no English game word on the way.

The words looked for are the games' English log lines, moves and board words (their describe
and format_move output, games/gazobu and games/dos): a sentence the catalogues lack would show
one of them. They are matched as whole words, so Czech "bot" or Polish "DOS" do not count.
"""

from __future__ import annotations

import random
import re

import pytest

from tabletop.accounts.models import Preferences
from tabletop.play import store
from tabletop.play.models import Game
from tests.browser.conftest import click_a_move, log_in
from tests.helpers.factories import play_random_steps

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

# "Bonus" is a Czech word as well.
GAZOBU_WORDS = (
    "takes", "column", "columns", "draws", "places", "place", "pill", "pills", "under",
    "card", "cards", "empty", "dealer", "nothing", "out of play", "last turn", "Player",
    "Total", "Take", "Draw", "You", "your",
)  # fmt: skip
DOS_WORDS = (
    "draws", "matches", "match", "centre row", "red", "blue", "green", "yellow", "wild",
    "adds", "calls", "ends the turn", "as", "with", "card", "cards", "deck", "colour",
    "single", "double", "bonus", "Add", "Draw", "End", "Catch", "round", "points", "hand",
)  # fmt: skip

# What a player sees of a game page: the board with its buttons, the move picker, the log.
PAGE_PARTS = (".board-form", "#picker", ".log")
# And of the history page: the position told, the board at that move, the whole log.
HISTORY_PARTS = ("#history-now", ".board-form", "#history-log")


def english_in(text: str, words: tuple[str, ...]) -> list[str]:
    return [w for w in words if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]


def seen(page, selector: str) -> str:
    """The visible text of every element the selector matches, with the tooltips and the
    names a screen reader gives the card pictures (they are read too)."""
    parts = page.locator(selector)
    texts = [parts.nth(n).inner_text() for n in range(parts.count()) if parts.nth(n).is_visible()]
    texts += page.eval_on_selector_all(
        f"{selector} [title], {selector} [aria-label]",
        "els => els.map(e => (e.title || '') + ' ' + (e.getAttribute('aria-label') || ''))",
    )
    return "\n".join(texts)


def assert_no_english(page, parts: tuple[str, ...], words: tuple[str, ...]) -> None:
    for part in parts:
        text = seen(page, part)
        found = english_in(text, words)
        assert not found, (part, found, [ln for ln in text.splitlines() if english_in(ln, words)])


def game_against_the_computer(name: str, language: str, slug: str, make_user) -> Game:
    player = make_user(name)
    Preferences.objects.update_or_create(user=player, defaults={"language": language})
    game = store.create_game(
        player, slug, 2, {"target": 100} if slug == "dos" else {}, fill_with_bots=True
    )
    game.refresh_from_db()
    return game


def read_the_finished_history(page, game: Game, words: tuple[str, ...]) -> None:
    """From the game's page to its history; the last move and the deal, both in the language."""
    page.goto(f"/games/{game.pk}/")
    assert page.locator(".banner-over").count() == 1
    assert_no_english(page, (".banner-over", *PAGE_PARTS), words)
    page.locator(".banner-over a").click()
    page.wait_for_url(f"**/games/{game.pk}/history/")
    assert int(page.get_attribute("#history-now", "data-seq")) == game.seq
    assert_no_english(page, HISTORY_PARTS, words)
    page.click("a[rel=first]")
    page.wait_for_function("() => document.querySelector('#history-now').dataset.seq === '0'")
    assert_no_english(page, HISTORY_PARTS, words)


def test_a_czech_player_plays_a_whole_gazobu_game_and_reads_its_history_in_czech(
    new_page, make_user
):
    game = game_against_the_computer("ann", "cs", "gazobu", make_user)
    page = new_page()
    log_in(page, "ann", "pw-ann")
    page.goto(f"/games/{game.pk}/")
    assert "Jsi na tahu" in page.inner_text("#panel") or "Čekáme na" in page.inner_text("#panel")
    rng = random.Random(33)
    clicks = 0
    while page.locator(".banner-over").count() == 0:
        assert_no_english(page, PAGE_PARTS, GAZOBU_WORDS)
        assert click_a_move(page, rng), "no move offered, yet the game is not over"
        clicks += 1
        assert clicks < 200, "a two-player Gazobu game is over long before this"
    game.refresh_from_db()
    assert game.is_over
    assert game.moves.filter(source="web").count() == clicks
    assert "Konec hry:" in page.inner_text(".banner-over")
    read_the_finished_history(page, game, GAZOBU_WORDS)


PAGE_TURNS = 30


def test_a_polish_player_plays_dos_through_the_page_and_reads_its_history_in_polish(
    new_page, make_user
):
    game = game_against_the_computer("ola", "pl", "dos", make_user)
    page = new_page()
    log_in(page, "ola", "pw-ola")
    page.goto(f"/games/{game.pk}/")
    rng = random.Random(33)
    # Matches go through the move picker (their buttons hide behind it); drawing, ending the
    # turn and calling DOS are plain buttons.
    prefer = ('"kind":"match"', '"kind":"catch"', '"kind":"dos"')
    for _ in range(PAGE_TURNS):
        if page.locator(".banner-over").count():
            break
        assert_no_english(page, PAGE_PARTS, DOS_WORDS)
        assert click_a_move(page, rng, prefer=prefer), "no move offered, yet the game is on"
    game.refresh_from_db()
    web = [move.payload["kind"] for move in game.moves.filter(source="web")]
    assert "match" in web, "the picker was never used"
    if not game.is_over:
        play_random_steps(game, 5000, seed="the rest of the match")
    game.refresh_from_db()
    assert game.is_over
    read_the_finished_history(page, game, DOS_WORDS)
