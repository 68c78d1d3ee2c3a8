"""DOS: going out, scoring, the next round, the match, what each player sees, timeouts."""

from __future__ import annotations

import json

from tests.games.dos.test_rules import (
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


def test_a_player_with_no_cards_left_scores_the_cards_in_the_other_hands():
    hands = [["red 7"], ["blue 3", "green 10", "DOS"], ["yellow #", "red 1"]]
    state = play(position(hands, ROW), 0, match("blue 7", "red 7"))
    assert state["round_winners"] == [0]
    assert state["round_points"] == [3 + 10 + 20 + 40 + 1]
    assert state["scores"] == [74, 0, 0]
    assert state["last_hands"] == [[], ["blue 3", "green 10", "DOS"], ["red 1", "yellow #"]]


def test_others_draw_for_a_double_colour_match_before_the_round_is_scored():
    hands = [["blue 3", "blue 4"], ["green 10"]]
    state = play(position(hands, ROW), 0, match("blue 7", "blue 3", "blue 4"))
    assert state["round_winners"] == [0]
    assert len(state["last_hands"][1]) == 2
    assert state["round_points"][0] > 10


def test_going_out_by_adding_the_last_bonus_card_ends_the_round():
    state = position([["blue 7", "green 1"], ["green 10"]], ROW)
    state = play(state, 0, match("blue 7", "blue 7"), END, add("green 1"))
    assert state["round_winners"] == [0] and state["scores"][0] == 10


def test_the_round_winner_deals_the_next_round_and_the_player_to_the_left_starts():
    hands = [["green 1"], ["red 7"], ["yellow 9", "green 10"]]
    state = position(hands, ROW, seat=1, dealer=0)
    state = play(state, 1, match("blue 7", "red 7"))
    assert state["round"] == 2 and state["dealer"] == 1
    assert state["to_act"] == [2]
    assert [len(hand) for hand in state["hands"]] == [7, 7, 7]
    assert len(state["centre"]) == 2 and state["discard"] == []
    assert state["deck_size"] == 108 - 21 - 2


def test_scores_add_up_over_the_rounds():
    state = position([["red 7"], ["green 10"]], ROW, scores=[50, 120])
    state = play(state, 0, match("blue 7", "red 7"))
    assert state["scores"] == [60, 120]


def test_the_first_player_to_reach_the_target_wins_the_match():
    state = position([["red 7"], ["green 10", "yellow #"]], ROW, scores=[150, 190])
    state = play(state, 0, match("blue 7", "red 7"))
    assert state["scores"] == [200, 190]
    assert state["winner"] == 0 and state["to_act"] == []
    result = dos.outcome(state)
    assert result.scores == [200, 190] and result.winners == [0]
    assert result.details["score_sheet"] == [[50, 0]]
    assert result.details["last_round"]["hand_points"] == [0, 50]
    json.dumps(result.as_dict())


def test_the_target_option_sets_the_score_that_wins():
    state = position([["red 7"], ["green 10", "yellow #"]], ROW, scores=[60, 0], target=100)
    assert dos.outcome(play(state, 0, match("blue 7", "red 7"))).winners == [0]
    state = position([["red 7"], ["green 10", "yellow #"]], ROW, scores=[60, 0], target=200)
    assert dos.outcome(play(state, 0, match("blue 7", "red 7"))) is None


def test_nobody_acts_and_nothing_is_legal_once_the_match_is_over():
    state = position([["red 7"], ["green 10", "yellow #"]], ROW, scores=[199, 0])
    state = play(state, 0, match("blue 7", "red 7"))
    assert dos.to_act(state) == []
    assert dos.legal_moves(state, 0) == [] and dos.legal_moves(state, 1) == []
    assert "over" in refused(state, 1, draw())


def test_there_is_no_outcome_while_play_goes_on():
    assert dos.outcome(position([["red 7"], ["green 10"]], ROW)) is None


# --- What each player sees ---------------------------------------------------------------


def test_a_player_sees_their_own_hand_and_only_the_size_of_the_others():
    state = position([["red 7", "DOS"], ["green 10", "yellow #", "red 1"]], ROW)
    seen = dos.view(state, 0)
    assert seen["hand"] == ["red 7", "DOS"]
    assert seen["hand_sizes"] == [2, 3]
    assert seen["centre"] == ROW
    assert seen["deck_size"] == state["deck_size"]
    assert "green 10" not in json.dumps(seen)
    assert "hands" not in seen and "deck" not in seen


def test_a_spectator_sees_no_hand():
    state = position([["red 7", "DOS"], ["green 10", "yellow #", "red 1"]], ROW)
    seen = dos.view(state, None)
    assert seen["hand"] is None
    text = json.dumps(seen)
    assert "red 7" not in text and "green 10" not in text


def test_penalty_cards_waiting_are_seen_only_by_their_holder():
    state = position([["red 7", "DOS"], ["green 10"]], ROW, penalty=["red 1", "red 3"])
    assert dos.view(state, 0)["penalty"] == ["red 1", "red 3"]
    assert dos.view(state, 1)["penalty"] is None
    assert dos.view(state, 1)["turn"]["penalty_count"] == 2


def test_the_view_shows_whom_the_game_waits_for_the_scores_and_who_may_be_caught():
    state = position([["red 7", "green 1", "green 3"], ["blue 1", "blue 4", "red 10"]], ROW)
    state = play(state, 0, match("blue 7", "red 7"), END)
    seen = dos.view(state, 1)
    assert seen["to_act"] == [1] and seen["turn"]["seat"] == 1
    assert seen["catchable"] == [0]
    assert seen["scores"] == [0, 0] and seen["target"] == 200


def test_the_matches_of_the_turn_so_far_are_public():
    state = position([["red 7", "green 1", "green 3"], ["blue 1"]], ROW)
    state = play(state, 0, match("blue 7", "red 7"))
    assert dos.view(state, 1)["turn"]["matches"][0]["cards"] == ["red 7"]


def test_everything_is_shown_once_the_match_is_over():
    state = position([["red 7"], ["green 10", "yellow #"]], ROW, scores=[199, 0])
    state = play(state, 0, match("blue 7", "red 7"))
    seen = dos.view(state, None)
    assert seen["hands"] == [[], ["green 10", "yellow #"]]
    assert len(seen["deck"]) == seen["deck_size"]
    assert seen["last_round"]["points"] == 50


def test_the_view_of_a_catch_victim_shows_the_cards_they_drew_only_to_them():
    state = position([["red 7", "green 1", "green 3"], ["blue 1", "blue 4", "red 10"]], ROW)
    state = play(state, 0, match("blue 7", "red 7"), END)
    state = play(state, 1, catch(0))
    assert len(dos.view(state, 0)["hand"]) == 4
    assert dos.view(state, 1)["hand_sizes"][0] == 4


# --- Timeouts and the greedy bot ---------------------------------------------------------


def test_a_player_whose_time_runs_out_draws_and_then_adds_their_first_card():
    state = position([["red 7", "green 1"], ["blue 1"]], ROW)
    assert dos.skip_move(state, 0) == draw()
    state = play(state, 0, dos.skip_move(state, 0))
    first = state["hands"][0][0]
    assert dos.skip_move(state, 0) == add(first)
    state = play(state, 0, dos.skip_move(state, 0))
    assert state["to_act"] == [1]


def test_a_timed_out_player_who_matched_ends_the_turn_and_adds_bonus_cards_in_order():
    state = position([["blue 7", "green 1", "green 3", "red 4"], ["blue 1"]], ROW)
    state = play(state, 0, match("blue 7", "blue 7"))
    assert dos.skip_move(state, 0) == END
    state = play(state, 0, END)
    assert dos.skip_move(state, 0) == add("green 1")


def test_only_the_seat_the_game_waits_for_can_be_skipped():
    assert dos.skip_move(position([["red 7"], ["blue 1"]], ROW), 1) is None


def test_standing_is_the_score_less_the_points_still_held():
    state = position([["red 7", "DOS"], ["yellow #"]], ROW, scores=[30, 10])
    assert dos.standing(state, 0) == 30 - 27
    assert dos.standing(state, 1) == 10 - 40
