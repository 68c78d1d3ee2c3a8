"""DOS: the call when a player is down to two cards, and catching a player who forgot it."""

from __future__ import annotations

from tests.games.dos.test_rules import (
    CALL,
    END,
    add,
    catch,
    dos,
    draw,
    match,
    play,
    position,
    refused,
)

ROW = ["blue 7", "yellow 9"]


def forgetful() -> dict:
    """P1 has just ended a turn with two cards and no call; P2 is to play."""
    state = position([["red 7", "green 1", "green 3"], ["blue 1", "blue 4", "red 10"]], ROW)
    return play(state, 0, match("blue 7", "red 7"), END)


def test_a_step_that_leaves_two_cards_may_carry_the_call():
    state = position([["red 7", "green 1", "green 3"], ["blue 1"]], ROW)
    assert match("blue 7", "red 7", call=True) in dos.legal_moves(state, 0)
    state = play(state, 0, match("blue 7", "red 7", call=True), END)
    assert state["called"][0] is True
    assert state["exposed"] == [False, False]
    assert catch(0) not in dos.legal_moves(state, 1)


def test_an_add_that_leaves_two_cards_may_carry_the_call():
    state = position([["red 8", "green 1"], ["blue 1"]], ROW)
    state = play(state, 0, draw())
    assert add("red 8", call=True) in dos.legal_moves(state, 0)
    state = play(state, 0, add("red 8", call=True))
    assert state["called"][0] is True


def test_a_step_that_does_not_leave_two_cards_cannot_carry_the_call():
    state = position([["red 7", "green 1", "green 3", "green 4"], ["blue 1"]], ROW)
    assert "leaves you exactly two cards" in refused(state, 0, match("blue 7", "red 7", call=True))


def test_ending_a_turn_with_two_uncalled_cards_lets_every_other_player_catch():
    hands = [["red 7", "green 1", "green 3"], ["blue 1", "blue 4"], ["red 1", "red 4"]]
    state = play(position(hands, ROW), 0, match("blue 7", "red 7"), END)
    assert state["exposed"] == [True, False, False]
    assert catch(0) in dos.legal_moves(state, 1)
    assert catch(0) in dos.legal_moves(state, 2), "seats outside to_act may catch"
    assert state["to_act"] == [1], "nobody is waited for on a catch"


def test_a_catch_makes_the_forgetful_player_draw_two_cards():
    state = play(forgetful(), 1, catch(0))
    assert len(state["hands"][0]) == 4
    assert state["exposed"][0] is False
    assert state["to_act"] == [1]


def test_only_the_first_catch_counts():
    hands = [["red 7", "green 1", "green 3"], ["blue 1", "blue 4"], ["red 1", "red 4"]]
    state = play(position(hands, ROW), 0, match("blue 7", "red 7"), END)
    state = play(state, 2, catch(0))
    assert "cannot be caught" in refused(state, 1, catch(0))
    assert len(state["hands"][0]) == 4


def test_a_late_call_before_anyone_catches_is_fine():
    state = forgetful()
    assert CALL in dos.legal_moves(state, 0), "a seat outside to_act may call"
    state = play(state, 0, CALL)
    assert state["called"][0] is True and state["exposed"][0] is False
    assert "cannot be caught" in refused(state, 1, catch(0))
    assert state["to_act"] == [1]


def test_the_catch_window_closes_at_the_forgetful_players_next_step():
    state = play(forgetful(), 1, draw(), add("red 10"))
    assert state["to_act"] == [0] and state["exposed"][0] is True
    assert catch(0) in dos.legal_moves(state, 1)
    state = play(state, 0, draw())
    assert state["exposed"][0] is False
    assert catch(0) not in dos.legal_moves(state, 1)


def test_a_player_caught_at_the_start_of_their_turn_gets_the_two_cards_when_it_ends():
    state = play(forgetful(), 1, draw(), add("red 10"))
    state = play(state, 1, catch(0))
    assert state["hands"][0] == ["green 1", "green 3"]
    assert len(state["turn"]["penalty"]) == 2
    state = play(state, 0, draw(), add("green 1"))
    assert len(state["hands"][0]) == 4
    assert state["turn"]["penalty"] == []


def test_penalty_cards_waiting_keep_a_player_in_the_round_when_their_hand_empties():
    state = position([["red 7", "yellow 9"], ["blue 1"]], ROW, penalty=["red 1", "red 3"])
    state = play(state, 0, match("blue 7", "red 7"), match("yellow 9", "yellow 9"))
    assert state["round_winners"] == []
    assert state["hands"][0] == ["red 1", "red 3"]
    assert state["exposed"][0] is False, "penalty cards joining open no new window"


def test_a_player_cannot_catch_themselves():
    assert "catch yourself" in refused(forgetful(), 0, catch(0))


def test_a_player_who_did_not_forget_cannot_be_caught():
    state = position([["red 7", "green 1"], ["blue 1", "blue 4"]], ROW, seat=1)
    assert "cannot be caught" in refused(state, 1, catch(0))


def test_the_call_is_made_only_with_exactly_two_cards_and_only_once():
    state = position([["red 7", "green 1", "green 3"], ["blue 1", "blue 4"]], ROW)
    assert "you hold 3" in refused(state, 0, CALL)
    state = play(state, 1, CALL)
    assert "already called" in refused(state, 1, CALL)


def test_a_forced_draw_ends_the_call_and_the_catch_window():
    hands = [["red 3", "red 4", "green 1", "green 3"], ["blue 1", "blue 4"], ["red 1", "red 4"]]
    state = position(hands, ["red 7", "yellow 9"], called=[False, True, False])
    state["exposed"][2] = True
    state = play(state, 0, match("red 7", "red 3", "red 4"), END)
    assert state["called"] == [False, False, False]
    assert state["exposed"][2] is False
    assert catch(2) not in dos.legal_moves(state, 1)


def test_a_player_back_at_two_cards_must_call_again():
    state = position([["red 8", "green 1"], ["blue 1"]], ROW, called=[True, False])
    state = play(state, 0, draw())
    assert state["called"][0] is False
    state = play(state, 0, add("red 8"))
    assert state["exposed"][0] is True


def test_the_catch_window_closes_when_the_round_ends():
    hands = [["red 7", "green 1", "green 3"], ["blue 9"], ["red 1", "red 4"]]
    state = play(position(hands, ROW), 0, match("blue 7", "red 7"), END)
    assert state["exposed"][0] is True
    state = play(state, 1, match("yellow 9", "blue 9"))
    assert state["round_winners"] == [1]
    assert state["exposed"] == [False, False, False]
