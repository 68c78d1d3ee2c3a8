"""Undo and votes in Chromium: one click each, and the page shows what became of them."""

from __future__ import annotations

import pytest

from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.browser.conftest import log_in
from tests.helpers.factories import started_game, user_at

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def play(game: Game, move: dict) -> None:
    store.submit(game, user_at(game, game.to_act[0]), move, game.seq, Move.Source.WEB)
    game.refresh_from_db()


def test_a_player_undoes_a_placement_with_one_click(new_page, make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    play(game, {"kind": "draw"})
    play(game, {"kind": "place", "card": game.state["drawn"][0], "column": 1})
    name = user_at(game, game.to_act[0]).username
    page = new_page()
    log_in(page, name, f"pw-{name}")
    page.goto(f"/games/{game.pk}/")
    page.click("text=Undo my last move")
    page.wait_for_function("() => document.querySelector('#panel').dataset.seq === '3'")
    assert page.locator("#panel del").count() == 1
    assert f"taken back by {name}" in page.inner_text("#panel")
    # The draw before it showed a card: Undo stays in sight, disabled, and says why.
    assert page.locator("button", has_text="Undo my last move").is_disabled()
    assert page.locator("#undo-reason").is_visible()
    game.refresh_from_db()
    assert len(game.state["drawn"]) == 2


def test_the_table_votes_to_abandon_the_game_with_one_click_each(new_page, make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    ann, ben = new_page(), new_page()
    log_in(ann, "ann", "pw-ann")
    log_in(ben, "ben", "pw-ben")
    ann.goto(f"/games/{game.pk}/")
    ann.click("text=Ask the table…")
    ann.select_option("select[name=subject]", "end:abandoned")
    ann.click("text=Put it to the vote")
    ann.wait_for_selector("text=The table is voting")
    ben.goto(f"/games/{game.pk}/")
    assert "ann asks: end the game now, abandoned?" in ben.inner_text("#panel")
    ben.click("text=Vote yes")
    ben.wait_for_selector(".banner-over")
    assert Game.objects.get(pk=game.pk).outcome["winners"] == []


def test_a_vote_half_chosen_outlives_a_move_coming_in(new_page, make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    ann = new_page()
    log_in(ann, "ann", "pw-ann")
    ann.goto(f"/games/{game.pk}/")
    ann.click("text=Ask the table…")
    ann.select_option("select[name=subject]", "end:scored")
    play(game, game.rules.legal_moves(game.state, game.to_act[0])[0])
    # The panel's next poll brings the move in, around the forms the page keeps.
    ann.wait_for_function(
        f"() => document.querySelector('#panel').dataset.seq === '{game.seq}'", timeout=15_000
    )
    assert ann.locator("details.ask-the-table").get_attribute("open") is not None
    assert ann.input_value("select[name=subject]") == "end:scored"
