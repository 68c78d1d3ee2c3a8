"""What the store says of a player's Undo before it is pressed: allowed, refused with the
reason the take-back itself would give (naming nothing hidden), or nothing to ask about."""

from __future__ import annotations

import pytest

from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at
from tests.play.test_take_backs import gazobu_turn_half_placed, mover


def dos_against_the_computer(make_user) -> tuple[Game, int, str]:
    """A DOS game of ann against the strong bot, after ann's draw (the bot answers at once):
    the game, the seq of ann's draw and the card it showed her."""
    ann = make_user("ann")
    game = store.create_game(ann, "dos", 2, {}, fill_with_bots=True, private=True)
    game.refresh_from_db()
    assert game.to_act == [0]  # the bot has played whatever came before ann's turn
    before = list(game.state["hands"][0])
    draw = {"kind": "draw", "call": False}
    assert draw in game.rules.legal_moves(game.state, 0)
    seq = game.seq + 1
    store.submit(game, ann, draw, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    (drawn,) = [card for card in game.state["hands"][0] if card not in before] or ["DOS"]
    return game, seq, drawn


def test_a_dos_draw_against_the_computer_says_why_it_cannot_be_undone_without_the_card(
    make_user,
):
    game, seq, drawn = dos_against_the_computer(make_user)
    answer = store.take_back_answer(game, 0)
    assert answer is not None and not answer.allowed
    assert answer.reason == (
        f"Move {seq} cannot be taken back: it brought a card, a roll or another thing the "
        "table had not seen."
    )
    assert drawn.lower() not in answer.reason.lower()
    with pytest.raises(store.Refused) as refusal:  # the Undo itself refuses in the same words
        store.take_back(game, user_at(game, 0), game.seq, Move.Source.WEB)
    assert refusal.value.message == answer.reason


def test_a_step_nobody_learned_from_is_allowed_with_no_reason(make_user):
    game, _ = gazobu_turn_half_placed(make_user)
    answer = store.take_back_answer(game, game.to_act[0])
    assert answer == store.TakeBackAnswer(allowed=True, reason="")


def test_a_player_with_no_step_of_their_own_and_a_watcher_have_nothing_to_ask(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    assert store.take_back_answer(game, game.to_act[0]) is None
    assert store.take_back_answer(game, None) is None


def test_a_resigned_player_has_nothing_to_take_back(make_user):
    game, _ = gazobu_turn_half_placed(make_user)
    resigner = game.to_act[0]
    store.resign(game, mover(game), Move.Source.RESIGN)
    game.refresh_from_db()
    assert store.take_back_answer(game, resigner) is None
