"""Gazobu: every rule of rulebooks/gazobu.txt and every Gazobu ruling, on hand-built positions."""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

import games
from games import IllegalMove, Rng, canonical
from games import gazobu as rules
from games.bots import greedy_move
from games.gazobu import cards as gazobu_cards
from games.gazobu.rules import extra_placements

# Positions


def rest_of_deck(*used: list[str]) -> list[str]:
    """The draw pile for a hand-built position: the deck minus the cards already in play."""
    left = Counter(rules.DECK)
    for cards in used:
        left.subtract(cards)
    assert min(left.values()) >= 0, "the position uses more cards than the deck has"
    return sorted(left.elements(), key=gazobu_cards.CARD_ORDER.__getitem__)


def position(
    players: int = 2,
    hands: list[list[str]] | None = None,
    columns: list[list[str]] | None = None,
    drawn: list[str] | None = None,
    draw: list[str] | None = None,
    pills: list[int] | None = None,
    turn: int = 0,
) -> dict:
    """A game in progress; the draw pile holds the rest of the deck unless given (top = last)."""
    hands = hands or [[] for _ in range(players)]
    columns = columns or [["blob"], ["yoo"]]
    drawn = drawn or []
    if draw is None:
        draw = rest_of_deck(*hands, *columns, drawn)
    return {
        "players": ["Ann", "Bob", "Cleo", "Dan"][:players],
        "options": {},
        "draw": list(draw),
        "columns": copy.deepcopy(columns),
        "drawn": list(drawn),
        "hands": copy.deepcopy(hands),
        "pills": list(pills or [0] * players),
        "dealer": (turn - 1) % players,
        "turn": turn,
        "phase": "place" if drawn else "take",
        "removed": [],
        "black_holes": [],
        "last_draw": None,
        "ending": None,
        "version": rules.version,
        "ended_by": None,
    }


def play(state: dict, seat: int, *texts: str, seed: str = "test") -> dict:
    """Apply moves written in the email notation, as a player would."""
    for n, text in enumerate(texts):
        move = rules.parse_move(text, state, seat)
        state = rules.apply(state, seat, move, Rng(f"{seed}:{n}"))
    return state


def last_turn(hands: list[list[str]], draw: list[str] | None = None, seed: str = "end") -> dict:
    """Ann takes a column holding one Yoo and her 4th pill; Bob is the last player.

    Every other seat is already out, so placing Ann's two drawn cards ends the game and Bob
    takes the top of `draw` (nothing by default).
    """
    players = len(hands)
    pills = [4] * players
    pills[0], pills[1] = 3, 0
    state = position(players, hands=hands, columns=[[], []], drawn=[], draw=draw, pills=pills)
    state["columns"] = [["yoo"], ["yoo"]]
    state["draw"] = list(draw or []) + ["bonus+1", "malus-2"]
    state = play(state, 0, "take 1", "place 1", "place 2", seed=seed)
    assert rules.outcome(state) is not None
    return state


def final(hands: list[list[str]], ended_by: int = 0) -> dict:
    """A finished game whose hands are exactly these (no black holes left to resolve)."""
    state = position(len(hands), hands=hands, draw=[])
    state["phase"], state["turn"], state["ending"] = "over", None, "pills"
    state["last_draw"] = {"seat": (ended_by + 1) % len(hands), "cards": []}
    state["ended_by"] = ended_by
    return state


def final_under_version_1(hands: list[list[str]]) -> dict:
    """The same, for a game started under version 1 of the rules (its state has no version)."""
    state = final(hands)
    del state["version"], state["ended_by"]
    return state


def scores(*hands: list[str]) -> list[int]:
    return rules.outcome(final(list(hands))).scores


def breakdown(hands: list[list[str]], seat: int) -> dict:
    return rules.outcome(final(hands)).details["seats"][seat]


def refused(state: dict, seat: int, move: object, message: str) -> None:
    before = canonical(state)
    with pytest.raises(IllegalMove, match=message):
        rules.apply(state, seat, move, Rng("refused"))
    assert canonical(state) == before


# Components


def test_the_deck_holds_the_55_printed_cards():
    deck = Counter(rules.DECK)
    assert len(rules.DECK) == 55
    assert deck["gazobu"] == deck["blob"] == deck["yoo"] == 11
    assert deck["twini"] == deck["twinax"] == 2
    assert deck["black-hole"] == 3
    assert sum(deck[card] for card in gazobu_cards.BONUS) == 7
    assert deck["extra-monster"] == 4
    assert sum(deck[card] for card in gazobu_cards.MULTIPLIES) == 4


def test_the_gazobu_card_is_worth_10_for_the_majority_and_3_per_card_otherwise():
    assert gazobu_cards.POINTS["gazobu"] == 10
    assert gazobu_cards.LOSS["gazobu"] == 3


def test_the_house_values_of_the_other_families():
    assert (gazobu_cards.POINTS["blob"], gazobu_cards.LOSS["blob"]) == (8, 2)
    assert (gazobu_cards.POINTS["yoo"], gazobu_cards.LOSS["yoo"]) == (6, 1)
    assert (gazobu_cards.POINTS["twini"], gazobu_cards.LOSS["twini"]) == (5, 2)
    assert (gazobu_cards.POINTS["twinax"], gazobu_cards.LOSS["twinax"]) == (5, 2)


def test_the_house_bonus_and_malus_cards():
    assert sorted(gazobu_cards.BONUS.values()) == [-5, -3, -2, 1, 2, 3, 5]


def test_the_multipliers_are_one_for_blob_gazobu_and_yoo_and_one_at_choice():
    assert sorted(str(family) for family in gazobu_cards.MULTIPLIES.values()) == [
        "None",
        "blob",
        "gazobu",
        "yoo",
    ]


def test_gazobu_is_for_two_to_four_players_without_options():
    assert (rules.min_players, rules.max_players, rules.options) == (2, 4, {})
    assert games.get("gazobu") is rules
    for count in (1, 5):
        with pytest.raises(IllegalMove, match="2 to 4 players"):
            rules.setup(count, {}, Rng("s"))
    with pytest.raises(IllegalMove, match="Unknown option"):
        rules.setup(2, {"mode": "fast"}, Rng("s"))


# Setup


def test_setup_shuffles_the_deck_and_lays_two_face_up_columns():
    state = rules.setup(["Ann", "Bob", "Cleo"], {}, Rng("setup"))
    assert state["players"] == ["Ann", "Bob", "Cleo"]
    assert [len(column) for column in state["columns"]] == [1, 1]
    assert len(state["draw"]) == 53
    assert Counter(state["draw"] + state["columns"][0] + state["columns"][1]) == Counter(rules.DECK)
    assert state["draw"] != rest_of_deck(*state["columns"])
    assert state["hands"] == [[], [], []] and state["pills"] == [0, 0, 0]


def test_the_dealer_is_drawn_at_random_and_the_player_on_the_left_begins():
    dealers = set()
    for n in range(40):
        state = rules.setup(4, {}, Rng(f"dealer{n}"))
        dealers.add(state["dealer"])
        assert rules.to_act(state) == [(state["dealer"] + 1) % 4]
    assert dealers == {0, 1, 2, 3}


def test_setup_is_the_same_for_the_same_seed():
    assert canonical(rules.setup(3, {}, Rng("a"))) == canonical(rules.setup(3, {}, Rng("a")))
    assert canonical(rules.setup(3, {}, Rng("a"))) != canonical(rules.setup(3, {}, Rng("b")))


# Playing a turn


def test_a_turn_begins_with_taking_a_column_or_drawing():
    state = position(2)
    assert rules.legal_moves(state, 0) == [
        {"kind": "take", "column": 1},
        {"kind": "take", "column": 2},
        {"kind": "draw"},
    ]
    assert rules.to_act(state) == [0]


def test_taking_a_column_puts_all_its_cards_in_hand_and_gives_a_pill():
    state = position(2, columns=[["blob", "gazobu", "yoo"], ["twini"]])
    state = play(state, 0, "take 1")
    assert Counter(state["hands"][0]) == Counter(["blob", "gazobu", "yoo"])
    assert state["columns"] == [[], ["twini"]]
    assert state["pills"] == [1, 0]


def test_after_taking_the_player_must_still_draw_two_cards():
    state = position(2, draw=["yoo", "yoo", "blob", "gazobu"])
    state = play(state, 0, "take 2")
    assert state["drawn"] == ["gazobu", "blob"]
    assert state["draw"] == ["yoo", "yoo"]
    assert rules.to_act(state) == [0]


def test_drawing_without_taking_costs_no_pill_and_draws_two_cards():
    state = play(position(2, draw=["yoo", "blob", "gazobu"]), 0, "draw")
    assert state["drawn"] == ["gazobu", "blob"]
    assert state["pills"] == [0, 0] and state["hands"] == [[], []]


def test_the_drawn_cards_may_go_one_under_each_column():
    state = play(position(2, draw=["yoo", "blob", "gazobu"]), 0, "draw", "place gazobu 2")
    state = play(state, 0, "place blob 1")
    assert state["columns"] == [["blob", "blob"], ["yoo", "gazobu"]]


def test_the_drawn_cards_may_both_go_under_the_same_column():
    state = play(position(2, draw=["yoo", "blob", "gazobu"]), 0, "draw", "place 2", "place 2")
    assert state["columns"] == [["blob"], ["yoo", "gazobu", "blob"]]


def test_a_taken_column_must_be_recreated_with_at_least_one_card():
    state = play(position(2, draw=["yoo", "blob", "gazobu"]), 0, "take 1", "place gazobu 1")
    assert rules.legal_moves(state, 0) == [
        {"kind": "place", "card": "blob", "column": 1},
        {"kind": "place", "card": "blob", "column": 2},
    ]
    state = play(position(2, draw=["yoo", "blob", "gazobu"]), 0, "take 1")
    state["drawn"] = ["gazobu"]
    state["columns"][1].append("blob")
    refused(state, 0, {"kind": "place", "card": "gazobu", "column": 2}, "must recreate it")


def test_both_drawn_cards_may_recreate_the_taken_column():
    state = play(position(2, draw=["yoo", "blob", "gazobu"]), 0, "take 1", "place 1", "place 1")
    assert state["columns"] == [["gazobu", "blob"], ["yoo"]]


def test_the_forced_last_card_recreates_the_taken_column_at_once():
    state = position(2, draw=["yoo", "yoo", "yoo", "blob", "gazobu"])
    state = play(state, 0, "take 1", "place gazobu 2")
    assert state["columns"] == [["blob"], ["yoo", "gazobu"]]
    assert state["drawn"] == [] and rules.to_act(state) == [1]


def test_either_drawn_card_may_be_placed_first():
    state = play(position(2, draw=["yoo", "blob", "gazobu"]), 0, "draw")
    assert [move["card"] for move in rules.legal_moves(state, 0)] == [
        "gazobu",
        "gazobu",
        "blob",
        "blob",
    ]
    state = play(state, 0, "place blob 1")
    assert state["drawn"] == ["gazobu"]


def test_placing_the_last_card_passes_play_to_the_left():
    state = position(3, turn=2)
    state = play(state, 2, "draw", "place 1", "place 2")
    assert rules.to_act(state) == [0] and state["phase"] == "take"


def test_only_the_player_whose_turn_it_is_may_move():
    state = position(3, turn=1)
    assert rules.legal_moves(state, 0) == [] and rules.legal_moves(state, 2) == []
    refused(state, 0, {"kind": "draw"}, "It is Bob's turn, not yours.")


def test_a_column_that_does_not_exist_is_refused_by_its_number():
    refused(position(2), 0, {"kind": "take", "column": 3}, "Column 3 does not exist; there are 2")
    refused(position(2), 0, {"kind": "take", "column": True}, "by its number")


def test_placing_before_drawing_is_refused():
    move = {"kind": "place", "card": "blob", "column": 1}
    refused(position(2), 0, move, "First take a column or draw")


def test_taking_a_column_after_drawing_is_refused():
    state = play(position(2, draw=["yoo", "blob", "gazobu"]), 0, "draw")
    refused(state, 0, {"kind": "take", "column": 1}, "already drawn")
    refused(state, 0, {"kind": "draw"}, "already drawn")


def test_placing_a_card_that_was_not_drawn_is_refused():
    state = play(position(2, draw=["yoo", "blob", "gazobu"]), 0, "draw")
    refused(state, 0, {"kind": "place", "card": "yoo", "column": 1}, "Gazobu and the Blob")


def test_a_move_with_missing_or_extra_fields_is_refused():
    refused(position(2), 0, {"kind": "take"}, "names column")
    refused(position(2), 0, {"kind": "draw", "column": 1}, "names nothing else")
    state = play(position(2, draw=["yoo", "blob", "gazobu"]), 0, "draw")
    refused(state, 0, {"kind": "place", "column": 1}, "names card, column")
    refused(state, 0, "place 1", "is an object")


# Pills and leaving the game


def test_a_player_may_take_their_fourth_pill_and_still_finishes_the_turn():
    state = position(3, pills=[3, 0, 0])
    state = play(state, 0, "take 1")
    assert state["pills"] == [4, 0, 0]
    assert rules.to_act(state) == [0] and len(state["drawn"]) == 2
    state = play(state, 0, "place 1", "place 2")
    assert rules.to_act(state) == [1]


def test_a_player_with_four_pills_no_longer_plays():
    state = position(3, pills=[0, 4, 0])
    state = play(state, 0, "draw", "place 1", "place 2")
    assert rules.to_act(state) == [2]
    state = play(state, 2, "draw", "place 1", "place 2")
    assert rules.to_act(state) == [0]


def test_with_three_players_play_goes_on_when_the_first_is_out():
    state = position(3, pills=[3, 0, 0])
    state = play(state, 0, "take 1", "place 1", "place 2")
    assert rules.outcome(state) is None and rules.to_act(state) == [1]


# End of the game


def test_with_two_players_the_fourth_pill_ends_the_game_after_that_turn():
    state = position(2, pills=[3, 2])
    state = play(state, 0, "take 1", "place 1")
    assert rules.outcome(state) is None
    state = play(state, 0, "place 2")
    assert rules.outcome(state) is not None
    assert rules.to_act(state) == [] and rules.legal_moves(state, 1) == []


def test_the_last_player_takes_the_top_three_cards_of_the_draw_pile():
    state = position(2, pills=[3, 0], draw=["twini", "gazobu", "yoo", "bonus+5", "blob", "blob"])
    state = play(state, 0, "take 1", "place 1", "place 1")
    assert state["last_draw"] == {"seat": 1, "cards": ["bonus+5", "yoo", "gazobu"]}
    assert Counter(state["hands"][1]) == Counter(["bonus+5", "yoo", "gazobu"])
    assert state["draw"] == ["twini"]


def test_the_game_ends_when_the_second_to_last_player_takes_the_fourth_pill():
    state = position(4, pills=[3, 4, 2, 4])
    state = play(state, 0, "take 2", "place 2", "place 1")
    assert rules.outcome(state) is not None
    assert state["last_draw"]["seat"] == 2 and state["ending"] == "pills"


def test_the_game_ends_when_the_draw_pile_cannot_supply_the_next_turn():
    state = position(3, draw=["gazobu", "yoo", "blob"], turn=1)
    state = play(state, 1, "draw", "place 1", "place 2")
    assert rules.outcome(state) is not None and state["ending"] == "draw pile"
    assert state["last_draw"] == {"seat": 2, "cards": ["gazobu"]}
    assert state["draw"] == []


def test_the_draw_pile_end_skips_players_who_are_out():
    state = position(3, draw=["gazobu", "yoo", "blob"], turn=0, pills=[0, 4, 1])
    state = play(state, 0, "draw", "place 1", "place 2")
    assert state["last_draw"] == {"seat": 2, "cards": ["gazobu"]}


def test_the_last_player_takes_what_is_left_when_fewer_than_three_cards_remain():
    state = position(2, pills=[3, 0], draw=["yoo", "blob", "gazobu"])
    state = play(state, 0, "take 1", "place 1", "place 2")
    assert state["last_draw"] == {"seat": 1, "cards": ["yoo"]}


def test_cards_left_in_the_columns_score_for_nobody():
    state = position(2, pills=[3, 0], columns=[["gazobu"], ["gazobu", "gazobu"]], draw=[])
    state["draw"] = ["yoo", "blob", "blob"]
    state = play(state, 0, "take 1", "place 2")
    assert state["columns"] == [["blob"], ["gazobu", "gazobu", "blob"]]
    details = rules.outcome(state).details
    assert details["majorities"]["gazobu"]["counts"] == [1, 0]
    assert rules.outcome(state).scores == [10, 6]


def test_nobody_acts_once_the_game_is_over():
    state = last_turn([["gazobu"], ["blob"]])
    assert rules.to_act(state) == []
    assert all(rules.legal_moves(state, seat) == [] for seat in range(2))
    refused(state, 0, {"kind": "draw"}, "The game is over.")


# Black holes


BOB_WITH_A_BLACK_HOLE = [["gazobu"] * 3, ["black-hole", "gazobu", "gazobu", "gazobu"]]


def test_a_black_hole_takes_one_card_of_its_holder_out_of_the_game():
    state = last_turn(BOB_WITH_A_BLACK_HOLE)
    assert state["hands"][1] == ["gazobu", "gazobu"]
    assert Counter(state["removed"]) == Counter(["black-hole", "gazobu"])
    assert state["black_holes"] == [
        {"seat": 1, "black_holes": 1, "taken_by": 0, "cards": ["gazobu"]}
    ]


def test_a_black_hole_steal_can_turn_a_tie_into_a_majority():
    state = last_turn(BOB_WITH_A_BLACK_HOLE)
    # 3 Gazobu against 3 was a tie; the black hole leaves Bob 2, and Ann gains the 10 points.
    # Ann also holds the Yoo of the column she took (the Yoo majority, 6).
    assert rules.outcome(state).scores == [10 + 6, -6]


def test_each_black_hole_takes_one_card():
    state = last_turn([["twini"], ["black-hole", "black-hole", "blob", "blob", "blob"]])
    assert Counter(state["removed"]) == Counter(["black-hole", "black-hole", "blob", "blob"])
    assert state["hands"][1] == ["blob"]


def test_a_black_hole_with_nothing_left_to_take_only_removes_itself():
    state = last_turn([["yoo"], ["black-hole"]])
    assert state["hands"][1] == [] and state["removed"] == ["black-hole"]
    assert state["black_holes"] == [{"seat": 1, "black_holes": 1, "taken_by": 0, "cards": []}]


def test_the_left_neighbour_of_the_last_seat_is_the_first_seat():
    state = last_turn([["yoo"], ["twini"], ["black-hole", "gazobu"]])
    assert state["black_holes"][0]["taken_by"] == 0


def test_black_holes_resolve_from_the_hands_as_they_were():
    hands = [["black-hole", "gazobu", "gazobu"], ["black-hole", "blob", "blob"], ["yoo"]]
    state = last_turn(hands)
    lost = {hole["seat"]: hole["cards"] for hole in state["black_holes"]}
    assert lost[1] == ["blob"]
    assert lost[0][0] in {"gazobu", "yoo"}
    assert Counter(state["hands"][2]) == Counter(["yoo"])


def test_black_holes_resolve_before_the_bonus_cards_count():
    state = last_turn([["gazobu"], ["black-hole", "bonus+5"]])
    assert state["removed"] == ["black-hole", "bonus+5"]
    assert rules.outcome(state).scores == [10 + 6, 0]


def test_black_holes_resolve_before_the_extra_monsters_are_placed():
    state = last_turn([["gazobu"], ["black-hole", "extra-monster"]])
    assert state["hands"][1] == []
    assert rules.outcome(state).details["seats"][1]["extra_monsters"] == 0


def test_the_card_a_black_hole_takes_is_drawn_with_the_rng():
    hand = ["black-hole", "gazobu", "blob", "yoo", "twini", "twinax", "bonus+5"]
    taken = set()
    for n in range(30):
        state = last_turn([hand, ["blob"]], seed=f"hole{n}")
        taken.add(state["black_holes"][0]["cards"][0])
        again = last_turn([hand, ["blob"]], seed=f"hole{n}")
        assert again["black_holes"] == state["black_holes"]
    assert len(taken) >= 5


# Scoring: majorities


def test_the_majority_gains_the_points_and_everyone_else_loses_per_card():
    assert scores(["gazobu"] * 3, ["gazobu"] * 2, ["gazobu"]) == [10, -6, -3]


def test_each_family_scores_on_its_own():
    ann = ["blob", "blob", "yoo", "twini", "twini"]
    bob = ["blob", "yoo", "yoo", "twinax"]
    # Ann: Blob +8, Yoo -1, Twini +5. Bob: Blob -2, Yoo +6, Twinax +5.
    assert scores(ann, bob) == [8 - 1 + 5, -2 + 6 + 5]


def test_tied_leaders_give_the_majority_to_the_next_count():
    assert scores(["gazobu"] * 3, ["gazobu"] * 3, ["gazobu"] * 2) == [-9, -9, 10]


def test_tied_leaders_with_nobody_below_give_nobody_the_points():
    assert scores(["blob"] * 2, ["blob"] * 2) == [-4, -4]


def test_a_player_without_the_family_does_not_take_the_points_from_tied_leaders():
    assert scores(["yoo"] * 2, ["yoo"] * 2, ["gazobu"]) == [-2, -2, 10]


def test_when_the_next_count_is_tied_too_nobody_gains():
    assert scores(["blob"] * 3, ["blob"] * 3, ["blob"] * 2, ["blob"] * 2) == [-6, -6, -4, -4]


def test_two_tied_leaders_and_a_single_card_give_the_points_to_the_single_card():
    assert scores(["yoo"] * 3, ["yoo"] * 3, ["yoo"] * 3, ["yoo"]) == [-3, -3, -3, 6]


def test_a_player_with_none_of_a_family_neither_gains_nor_loses():
    assert scores(["twinax", "twinax"], []) == [5, 0]


def test_the_majority_is_shown_in_the_breakdown():
    details = rules.outcome(final([["gazobu"] * 3, ["gazobu"] * 3, ["gazobu"]])).details
    assert details["majorities"]["gazobu"] == {"counts": [3, 3, 1], "gains": 2}
    assert details["majorities"]["blob"] == {"counts": [0, 0, 0], "gains": None}


# Scoring: bonus and malus


def test_bonus_and_malus_cards_add_their_values():
    assert scores(["bonus+5", "bonus+1", "malus-3"], ["malus-5", "bonus+2"]) == [3, -3]


def test_bonus_cards_are_listed_in_the_breakdown():
    seat = breakdown([["malus-2", "bonus+3"], []], 0)
    assert seat["bonus_cards"] == ["bonus+3", "malus-2"] and seat["bonus"] == 1


# Scoring: multipliers


def test_a_multiplier_doubles_the_points_gained():
    assert scores(["blob", "blob", "multiplier-blob"], ["blob"]) == [16, -2]


def test_a_multiplier_doubles_the_points_lost():
    assert scores(["blob", "multiplier-blob"], ["blob", "blob"]) == [-4, 8]


def test_a_multiplier_only_changes_its_holders_score():
    assert scores(["gazobu"], ["gazobu", "gazobu", "multiplier-gazobu"]) == [-3, 20]


def test_a_multiplier_for_a_family_the_player_lacks_is_worthless():
    assert scores(["yoo", "multiplier-blob"], ["blob"]) == [6, 8]
    assert breakdown([["yoo", "multiplier-blob"], ["blob"]], 0)["multipliers"] == [
        {"card": "multiplier-blob", "family": "blob", "counts": False}
    ]


def test_the_multiplier_at_choice_goes_on_the_best_family():
    ann = ["gazobu", "gazobu", "blob", "yoo", "yoo", "multiplier-any"]
    bob = ["gazobu", "blob", "blob", "yoo"]
    # Gazobu +10 is the best to double; Blob -2, Yoo +6.
    assert scores(ann, bob) == [20 - 2 + 6, -3 + 8 - 1]
    assert breakdown([ann, bob], 0)["multipliers"] == [
        {"card": "multiplier-any", "family": "gazobu", "counts": True}
    ]


def test_a_second_multiplier_on_the_same_family_is_worthless():
    ann = ["blob", "blob", "yoo", "multiplier-blob", "multiplier-any"]
    bob = ["blob", "yoo", "yoo"]
    # The choice multiplier would double a Yoo loss, so it lies uselessly on the Blob pile.
    assert scores(ann, bob) == [16 - 1, -2 + 6]
    assert breakdown([ann, bob], 0)["multipliers"] == [
        {"card": "multiplier-blob", "family": "blob", "counts": True},
        {"card": "multiplier-any", "family": "blob", "counts": False},
    ]


def test_the_multiplier_at_choice_must_double_a_loss_when_nothing_else_is_held():
    assert scores(["yoo", "yoo", "multiplier-any"], ["yoo"] * 3) == [-4, 6]


def test_the_multiplier_at_choice_is_worthless_without_gazobu_blob_or_yoo():
    assert scores(["twini", "multiplier-any"], ["twini", "twini"]) == [-2, 5]
    assert breakdown([["twini", "multiplier-any"], []], 0)["multipliers"] == [
        {"card": "multiplier-any", "family": None, "counts": False}
    ]


def test_multipliers_never_double_twini_or_twinax():
    assert scores(["twinax", "twinax", "multiplier-any"], []) == [5, 0]


# Scoring: extra monsters


def test_an_extra_monster_counts_as_one_card_of_a_family():
    assert scores(["gazobu", "gazobu", "extra-monster"], ["gazobu"] * 3) == [-9, -9]


def test_extra_monsters_go_where_they_score_best():
    ann = ["gazobu", "gazobu", "blob", "blob", "extra-monster"]
    bob = ["gazobu", "gazobu", "blob", "blob", "blob"]
    # On the Gazobu pile: Gazobu +10, Blob -4. On the Blob pile it would only tie.
    assert scores(ann, bob) == [10 - 4, -6 + 8]
    assert breakdown([ann, bob], 0)["families"]["gazobu"]["extra_monsters"] == 1


def test_extra_monsters_may_be_shared_between_piles():
    ann = ["gazobu", "blob", "extra-monster", "extra-monster"]
    bob = ["gazobu", "blob"]
    assert scores(ann, bob) == [10 + 8, -3 - 2]


def test_extra_monsters_never_join_twini_or_twinax():
    ann = ["twini", "gazobu", "extra-monster"]
    bob = ["twini", "gazobu", "gazobu"]
    # The extra monster cannot break the Twini tie; on the Gazobu pile it only ties 2-2.
    assert scores(ann, bob) == [-6 - 2, -6 - 2]


def test_extra_monsters_without_a_gazobu_blob_or_yoo_pile_are_worthless():
    assert scores(["twinax", "twinax", "extra-monster"], ["gazobu"]) == [5, 10]
    assert breakdown([["twinax", "extra-monster"], []], 0)["extra_monsters"] == 1


def test_extra_monsters_must_be_placed_even_where_they_add_a_loss():
    assert scores(["yoo", "extra-monster"], ["yoo"] * 3) == [-2, 6]


def test_each_players_extra_monsters_answer_the_others():
    ann = ["gazobu", "gazobu", "extra-monster"]
    bob = ["gazobu", "gazobu", "blob", "extra-monster"]
    # Ann can only grow her Gazobu pile to 3; Bob's best answer is the Blob pile.
    assert scores(ann, bob) == [10, -6 + 8]
    assert breakdown([ann, bob], 1)["families"]["blob"]["extra_monsters"] == 1


ANN_LOOPS = ["gazobu", "yoo", "blob", "extra-monster", "extra-monster"]
BOB_LOOPS = ["blob", "blob", "yoo", "extra-monster", "extra-monster"]


def test_extra_monsters_are_placed_where_no_player_could_score_more_by_changing_only_their_own():
    # Ann Yoo+Yoo, Bob Blob+Blob: Ann Gazobu +10, Blob -2, Yoo 3-1 +6; Bob Blob +8, Yoo -1.
    # Answering each other in turn goes round in a loop and never reaches it.
    assert scores(ANN_LOOPS, BOB_LOOPS) == [14, 7]
    result = rules.outcome(final([ANN_LOOPS, BOB_LOOPS]))
    assert result.winners == [0]
    ann, bob = result.details["seats"]
    assert ann["families"]["yoo"]["extra_monsters"] == 2
    assert bob["families"]["blob"]["extra_monsters"] == 2


def test_a_game_started_under_version_1_keeps_the_placement_by_rounds_of_answers():
    result = rules.outcome(final_under_version_1([ANN_LOOPS, BOB_LOOPS]))
    assert result.scores == [6, 14] and result.winners == [1]


def test_of_several_placements_nobody_would_leave_the_highest_total_is_taken():
    ann = ["gazobu", "blob", "extra-monster"]
    bob = ["gazobu", "blob", "blob", "extra-monster"]
    # Ann on Blob, Bob on Gazobu (-7, 6) is as settled as Ann on Gazobu, Bob on Blob (8, 5).
    assert scores(ann, bob) == [8, 5]


def test_of_settled_placements_with_the_same_total_the_first_seat_gets_its_best():
    hand = ["blob", "yoo", "extra-monster"]
    # Either player's extra monster on Blob and the other's on Yoo: 7 to 4 or 4 to 7.
    assert scores(hand, list(hand)) == [7, 4]


NOBODY_SETTLES = [
    ["gazobu", "gazobu", "blob", "blob", "extra-monster", "extra-monster"],
    ["gazobu", "blob", "extra-monster", "extra-monster"],
]


def test_when_no_placement_settles_each_player_places_once_after_the_one_who_ended_the_game():
    # Ann wants her piles to outgrow Bob's where his grow; Bob wants the other pile.
    # Ann ended the game: Bob places first (Gazobu+Gazobu) and Ann answers (Gazobu+Gazobu).
    assert rules.outcome(final(NOBODY_SETTLES, ended_by=0)).scores == [18, -11]
    # Bob ended it: Ann places first (Gazobu+Gazobu) and Bob answers (Blob+Blob).
    assert rules.outcome(final(NOBODY_SETTLES, ended_by=1)).scores == [6, 5]


def test_the_game_remembers_who_played_the_last_turn():
    state = position(3, pills=[3, 4, 0], turn=0)
    state = play(state, 0, "take 1", "place 1", "place 2")
    assert state["ended_by"] == 0 and state["last_draw"]["seat"] == 2
    unfinished = position(3, pills=[0, 4, 0], draw=["gazobu", "yoo", "blob"], turn=2)
    state = play(unfinished, 2, "draw", "place 1", "place 2")
    assert state["ending"] == "draw pile" and state["ended_by"] == 2


def test_a_version_1_game_is_set_up_and_played_exactly_as_before():
    old = rules.setup(3, {}, Rng("v1"), version=1)
    assert "version" not in old and "ended_by" not in old
    new = rules.setup(3, {}, Rng("v1"))
    assert new["version"] == 2 and new["ended_by"] is None
    assert {key: value for key, value in new.items() if key in old} == old
    assert games.setup_at(rules, 3, {}, Rng("v1"), 1) == old
    with pytest.raises(IllegalMove, match="versions 1, 2"):
        rules.setup(3, {}, Rng("v1"), version=3)
    # Nothing is added at the end of a version-1 game either.
    state = position(2, hands=[["gazobu"], ["blob"]], pills=[3, 0])
    del state["version"], state["ended_by"]
    over = play(state, 0, "take 1", "place 1", "place 2")
    assert rules.outcome(over) is not None
    assert "ended_by" not in over and "version" not in over


def test_extra_monsters_and_the_multiplier_at_choice_are_chosen_together():
    ann = ["gazobu", "yoo", "extra-monster", "multiplier-any"]
    bob = ["gazobu", "yoo", "yoo"]
    # Extra on Gazobu: Gazobu +10 doubled, Yoo -1 = 19. Extra on Yoo: tie -4, Gazobu tie -3.
    assert scores(ann, bob) == [19, -3 + 6]


def test_no_player_could_score_more_by_moving_their_extra_monsters():
    for n in range(40):
        rng = Rng(f"extras{n}")
        deck = list(rules.DECK)
        rng.shuffle(deck)
        hands = [deck[0:12], deck[12:24], deck[24:36]]
        hands = [[card for card in hand if card != "black-hole"] for hand in hands]
        result = rules.outcome(final(hands))
        for seat, hand in enumerate(hands):
            extras = hand.count("extra-monster")
            piles = [f for f in gazobu_cards.PILE_FAMILIES if f in hand]
            for placement in extra_placements(extras, piles):
                trial = copy.deepcopy(hands)
                trial[seat] = [c for c in hand if c != "extra-monster"] + [
                    family
                    for family, extra in zip(gazobu_cards.PILE_FAMILIES, placement, strict=True)
                    for _ in range(extra)
                ]
                others_fixed = [
                    breakdown_without_extras(result, other, hands[other])
                    if other != seat
                    else trial[seat]
                    for other in range(len(hands))
                ]
                assert scores(*others_fixed)[seat] <= result.scores[seat]


def breakdown_without_extras(result, seat: int, hand: list[str]) -> list[str]:
    """A seat's hand with its extra monsters turned into the cards they were placed as."""
    placed = result.details["seats"][seat]["families"]
    turned = [c for c in hand if c != "extra-monster"]
    for family, pile in placed.items():
        turned += [family] * pile["extra_monsters"]
    return turned


# Winners and breakdown


def test_the_highest_score_wins():
    result = rules.outcome(final([["gazobu"], ["blob"], ["yoo"]]))
    assert result.scores == [10, 8, 6] and result.winners == [0]


def test_players_tied_on_the_highest_score_share_the_win():
    assert rules.outcome(final([["gazobu"], ["blob", "bonus+2"], []])).winners == [0, 1]


def test_the_breakdown_shows_every_pile_and_the_total():
    ann = ["gazobu", "gazobu", "extra-monster", "multiplier-gazobu", "bonus+3", "yoo"]
    seat = breakdown([ann, ["gazobu", "gazobu", "yoo", "yoo"]], 0)
    assert seat["families"]["gazobu"] == {
        "cards": 2,
        "extra_monsters": 1,
        "count": 3,
        "majority": True,
        "multiplied": True,
        "points": 20,
    }
    assert seat["families"]["yoo"]["points"] == -1
    assert seat["total"] == 20 - 1 + 3 and seat["name"] == "Ann"
    json.dumps(rules.outcome(final([ann, []])).details)


def test_there_is_no_outcome_while_play_goes_on():
    assert rules.outcome(position(2)) is None


def test_the_outcome_tells_how_the_game_ended():
    details = rules.outcome(last_turn([["yoo"], ["black-hole", "blob"]])).details
    assert details["ending"] == "pills"
    assert details["last_draw"] == {"seat": 1, "cards": []}
    assert details["black_holes"][0]["cards"] == ["blob"]


# View: hands are secret, the rest is public


def test_a_player_sees_their_own_hand_and_only_the_size_of_the_others():
    state = position(3, hands=[["blob", "gazobu"], ["yoo"], []], pills=[1, 1, 0])
    shown = rules.view(state, 0)
    assert shown["hand"] == ["gazobu", "blob"]
    assert shown["hand_sizes"] == [2, 1, 0]
    assert "yoo" not in json.dumps({k: v for k, v in shown.items() if k not in PUBLIC_KEYS})
    assert "hands" not in shown


PUBLIC_KEYS = {"columns", "card_names"}


def test_a_spectator_sees_no_hand():
    shown = rules.view(position(2, hands=[["blob"], ["yoo"]]), None)
    assert shown["hand"] is None and shown["hand_sizes"] == [1, 1]


def test_columns_pills_drawn_cards_and_the_draw_pile_size_are_public():
    state = play(position(2, pills=[2, 3], draw=["yoo", "blob", "gazobu"]), 0, "draw")
    shown = rules.view(state, 1)
    assert shown["columns"] == [["blob"], ["yoo"]]
    assert shown["drawn"] == ["gazobu", "blob"]
    assert shown["pills"] == [2, 3] and shown["draw_pile"] == 1
    assert shown["to_act"] == [0] and shown["out"] == [False, False]


def test_the_view_reveals_nothing_about_other_hands_or_the_draw_pile_order():
    state = position(3, hands=[["blob", "gazobu"], ["yoo", "twini"], ["bonus+5"]])
    other = copy.deepcopy(state)
    other["hands"][1] = ["black-hole", "extra-monster"]
    other["hands"][2] = ["malus-5"]
    other["draw"].reverse()
    for seat in (0, None):
        assert rules.view(state, seat) == rules.view(other, seat)


def test_a_players_own_hand_does_not_show_the_order_it_was_taken_in():
    one = position(2, hands=[["yoo", "blob", "gazobu"], []])
    two = position(2, hands=[["gazobu", "yoo", "blob"], []])
    assert rules.view(one, 0) == rules.view(two, 0)


def test_everything_is_shown_once_the_game_is_over():
    state = last_turn([["blob", "gazobu"], ["black-hole", "twini"]])
    shown = rules.view(state, None)
    assert shown["hands"] == [["gazobu", "blob", "yoo"], []]
    assert shown["removed"] == ["twini", "black-hole"]
    assert shown["scores"] == rules.outcome(state).scores
    assert shown["details"]["seats"][0]["total"] == shown["scores"][0]


def test_the_undealt_draw_pile_is_shown_card_by_card_once_the_game_is_over():
    draw = ["twinax", "malus-5", "gazobu", "yoo", "bonus+5", "blob", "blob"]
    state = position(2, pills=[3, 0], draw=draw)
    assert "draw_pile_cards" not in rules.view(state, 0)
    state = play(state, 0, "take 1", "place 1", "place 2")
    assert state["last_draw"]["cards"] == ["bonus+5", "yoo", "gazobu"]
    for viewer in (None, 0, 1):
        shown = rules.view(state, viewer)
        assert shown["draw_pile_cards"] == ["malus-5", "twinax"]
        assert shown["draw_pile"] == 2
    assert "Draw pile, top first: malus -5, Twinax" in rules.view_text(state, None)


def test_an_empty_draw_pile_reads_empty_once_the_game_is_over():
    state = play(position(2, pills=[3, 0], draw=["yoo", "blob", "gazobu"]), 0, "take 1")
    state = play(state, 0, "place 1", "place 2")
    assert rules.view(state, 1)["draw_pile_cards"] == []
    assert "Draw pile, top first: empty" in rules.view_text(state, 1)


# Describe


def test_the_log_names_the_cards_taken_only_to_the_player_who_took_them():
    before = position(2, columns=[["blob", "gazobu"], ["yoo"]], draw=["yoo", "twini", "bonus+5"])
    after = play(copy.deepcopy(before), 0, "take 1")
    move = {"kind": "take", "column": 1}
    mine = rules.describe(before, 0, move, after, 0)
    theirs = rules.describe(before, 0, move, after, 1)
    assert (
        mine == "You take column 1 (Gazobu and Blob) and pill 1 of 4, then draw bonus +5 and Twini."
    )
    assert theirs == "Ann takes column 1 (2 cards) and pill 1 of 4, then draws bonus +5 and Twini."
    assert rules.describe(before, 0, move, after, None) == theirs


def test_the_log_tells_everyone_what_was_drawn_and_placed():
    before = position(2, draw=["yoo", "twini", "bonus+5"])
    after = play(copy.deepcopy(before), 0, "draw")
    assert rules.describe(before, 0, {"kind": "draw"}, after, 1) == (
        "Ann takes no column and draws bonus +5 and Twini."
    )
    move = {"kind": "place", "card": "twini", "column": 2}
    placed = play(copy.deepcopy(after), 0, "place twini 2")
    assert rules.describe(after, 0, move, placed, 1) == "Ann places the Twini under column 2."


def test_the_log_tells_when_the_last_card_recreates_the_taken_column():
    before = play(position(2, draw=["yoo", "yoo", "yoo", "blob", "gazobu"]), 0, "take 1")
    move = {"kind": "place", "card": "gazobu", "column": 2}
    after = rules.apply(copy.deepcopy(before), 0, move, Rng("x"))
    assert rules.describe(before, 0, move, after, 1) == (
        "Ann places the Gazobu under column 2 and the Blob under column 1 to recreate it."
    )


def test_the_log_tells_the_fourth_pill_and_the_end_of_the_game():
    before = position(2, pills=[3, 0], draw=["yoo", "blob", "gazobu", "twini"])
    taken = play(copy.deepcopy(before), 0, "take 1")
    assert rules.describe(before, 0, {"kind": "take", "column": 1}, taken, 0).endswith(
        "This is your last turn."
    )
    middle = play(taken, 0, "place 1")
    move = {"kind": "place", "card": "gazobu", "column": 2}
    end = play(copy.deepcopy(middle), 0, "place gazobu 2")
    text = rules.describe(middle, 0, move, end, 1)
    assert text.startswith("Ann places the Gazobu under column 2. Ann is out of play.")
    assert "only you are still in play; you take Blob and Yoo from the draw pile." in text
    assert text.endswith("Final scores: Ann -2, Bob 4. Bob wins.")


def test_the_log_tells_what_the_black_holes_removed():
    state = last_turn([["yoo", "yoo"], ["black-hole", "blob"]])
    assert "Bob had a black hole: Ann removes Blob from the game." in describe_last(state)


def describe_last(state: dict) -> str:
    before = copy.deepcopy(state)
    before["phase"], before["turn"], before["drawn"] = "place", 0, ["malus-2"]
    move = {"kind": "place", "card": "malus-2", "column": 2}
    return rules.describe(before, 0, move, state, None)


# Notation


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("take 1", {"kind": "take", "column": 1}),
        ("  TAKE   column 2. ", {"kind": "take", "column": 2}),
        ("t1", {"kind": "take", "column": 1}),
        ("Take col. 2!", {"kind": "take", "column": 2}),
        ("draw", {"kind": "draw"}),
        ("Draw 2", {"kind": "draw"}),
        ("no", {"kind": "draw"}),
        ("don't take", {"kind": "draw"}),
    ],
)
def test_the_notation_forgives_case_spaces_and_punctuation_when_taking(text, move):
    assert rules.parse_move(text, position(2), 0) == move


@pytest.mark.parametrize(
    ("text", "card", "column"),
    [
        ("place 1", "bonus+5", 1),
        ("Place under column 2", "bonus+5", 2),
        ("p2", "bonus+5", 2),
        ("2", "bonus+5", 2),
        ("place black hole 1", "black-hole", 1),
        ("PLACE the Black-Hole under column 2.", "black-hole", 2),
        ("place +5 1", "bonus+5", 1),
        ("place bonus +5 2", "bonus+5", 2),
        ("place malus -2 1", "malus-2", 1),
        ("place x2 blob 1", "multiplier-blob", 1),
        ("place multiplier-any 2", "multiplier-any", 2),
        ("place extra 1", "extra-monster", 1),
        ("put yoo on 2", "yoo", 2),
    ],
)
def test_the_notation_names_the_card_to_place_or_takes_the_first_drawn(text, card, column):
    state = position(2, drawn=["bonus+5", "black-hole"])
    assert rules.parse_move(text, state, 0) == {"kind": "place", "card": card, "column": column}


def test_every_legal_move_round_trips_through_the_notation():
    state = position(2, drawn=["multiplier-any", "malus-5"])
    state["phase"] = "place"
    for drawn in (["multiplier-any", "malus-5"], ["bonus+1", "extra-monster"], ["black-hole"]):
        state["drawn"] = drawn
        for move in rules.legal_moves(state, 0):
            assert rules.parse_move(rules.format_move(move, state, 0), state, 0) == move
    for move in rules.legal_moves(position(2), 0):
        assert rules.parse_move(rules.format_move(move, position(2), 0), position(2), 0) == move


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        ("fly", "'fly' is not a Gazobu move; try 'take 1', 'take 2', 'draw'."),
        ("", "is not a Gazobu move"),
        ("take", "Say which column to take"),
        ("take one", "Say which column to take"),
        ("place", "Say which column to place under"),
    ],
)
def test_the_notation_refuses_what_it_does_not_understand_with_a_hint(text, hint):
    with pytest.raises(IllegalMove, match=hint.replace("(", r"\(").replace(")", r"\)")):
        rules.parse_move(text, position(2), 0)


def test_placing_an_unknown_card_is_refused_with_the_drawn_cards():
    state = position(2, drawn=["yoo", "blob"])
    with pytest.raises(IllegalMove, match="not a Gazobu card; you have drawn Yoo and Blob"):
        rules.parse_move("place dragon 1", state, 0)


def test_placing_before_drawing_is_refused_by_the_notation():
    with pytest.raises(IllegalMove, match="no drawn card"):
        rules.parse_move("place 1", position(2), 0)


def test_the_notation_help_gives_examples():
    help_text = rules.notation_help()
    for example in ("take 1", "draw", "place 1", "place yoo 2"):
        assert example in help_text


# The service's extras


def test_no_seat_can_be_skipped_in_gazobu():
    assert rules.skip_move(position(2), 0) is None


def test_the_standing_is_the_score_if_the_game_ended_now():
    state = position(2, hands=[["gazobu", "gazobu", "black-hole"], ["gazobu"]])
    assert rules.standing(state, 0) == 10 and rules.standing(state, 1) == -3
    over = final([["gazobu"], ["blob"]])
    assert rules.standing(over, 1) == 8


def test_the_greedy_bot_takes_the_column_that_scores_best():
    state = position(2, hands=[[], ["gazobu"]], columns=[["yoo"], ["gazobu", "gazobu"]])
    assert greedy_move(rules, state, 0, Rng("greedy")) == {"kind": "take", "column": 2}


def test_a_state_that_went_through_json_plays_on_exactly_alike():
    state = rules.setup(3, {}, Rng("json"))
    for n in range(30):
        if not rules.to_act(state):
            break
        seat = rules.to_act(state)[0]
        move = rules.legal_moves(state, seat)[n % len(rules.legal_moves(state, seat))]
        copied = json.loads(json.dumps(state))
        state = rules.apply(state, seat, move, Rng(f"j{n}"))
        copied = rules.apply(copied, seat, move, Rng(f"j{n}"))
        assert canonical(copied) == canonical(state)
