"""Dr. Hrubec: setup, the turn, the rulebook's examples, the end of the game and scoring."""

from __future__ import annotations

import json

import pytest

import games
from games import Rng
from games.bots import greedy_move
from games.dr_hrubec.cards import BY_SLUG, CLOSING, full_set
from tests.games.dr_hrubec.positions import (
    assert_all_cards_accounted,
    card,
    operate,
    play,
    position,
    refused,
    rolling,
    rules,
)

# Setup


@pytest.mark.parametrize(
    ("players", "tiers"), [(2, (4, 6, 3)), (3, (6, 9, 3)), (4, (8, 10, 3)), (5, (10, 12, 3))]
)
def test_the_patient_queue_follows_the_table_for_the_player_count(players, tiers):
    state = rules.setup(players, {}, Rng(f"setup-{players}"))
    queue = state["queue"]
    assert queue[-1] == CLOSING
    backs = [BY_SLUG[patient].tier for patient in queue[:-1]]
    assert backs == [1] * tiers[0] + [2] * tiers[1] + [3] * tiers[2]
    assert len(state["box"]) == 25 - sum(tiers)
    assert_all_cards_accounted(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_everyone_starts_with_a_doctor_and_three_more_cards(players):
    state = rules.setup(players, {}, Rng(f"deal-{players}"))
    for hand in state["hands"]:
        assert len(hand) == 4
        assert any(BY_SLUG[c].kind == "doctor" for c in hand)
    assert all(BY_SLUG[c].kind != "patient" for c in state["deck"])
    assert len(state["deck"]) == 59 - 4 * players
    assert state["teams"] == [[]] * players and state["waiting"] == []


def test_two_players_have_three_places_in_the_waiting_room():
    assert rules.setup(2, {}, Rng("a"))["places"] == 3
    assert rules.setup(3, {}, Rng("a"))["places"] == 4


def test_setup_takes_names_and_refuses_a_sixth_player():
    state = rules.setup(["Dr. Watt", "Yrfing"], {}, Rng("names"))
    assert state["players"] == ["Dr. Watt", "Yrfing"]
    with pytest.raises(games.IllegalMove, match="2 to 5 players"):
        rules.setup(6, {}, Rng("six"))
    with pytest.raises(games.IllegalMove):
        rules.setup(2, {"mode": "x"}, Rng("opts"))


def test_the_first_player_is_drawn_at_random():
    firsts = {rules.setup(4, {}, Rng(f"first-{n}"))["active"] for n in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_the_same_seed_deals_the_same_game():
    assert games.canonical(rules.setup(3, {}, Rng("s"))) == games.canonical(
        rules.setup(3, {}, Rng("s"))
    )


# Morning administration


def test_morning_administration_offers_draw_hire_or_neither():
    state = position(hands=[["butcher", "nurse"], []])
    kinds = [m["kind"] for m in rules.legal_moves(state, 0)]
    assert kinds == ["draw", "skip", "hire", "play"]


def test_drawing_needs_fewer_than_five_cards():
    state = position(hands=[["nurse"] * 5, []])
    assert {"kind": "draw"} not in rules.legal_moves(state, 0)
    assert "fewer than 5" in refused(state, 0, {"kind": "draw"})


def test_only_one_of_draw_or_hire_then_admittance():
    state = position(hands=[["butcher", "dr_zero"], []])
    state = play(state, 0, {"kind": "hire", "doctor": "butcher"})
    assert state["phase"] == "admittance"
    assert "Patient admittance" in refused(state, 0, {"kind": "draw"})
    assert "Patient admittance" in refused(state, 0, {"kind": "hire", "doctor": "dr_zero"})


def test_hiring_a_fifth_doctor_fires_one_to_the_discard_pile():
    team = ["dr_molar", "dr_freud", "dr_pimple", "dr_bones"]
    state = position(hands=[["butcher"], []], teams=[team, []])
    assert {"kind": "hire", "doctor": "butcher"} not in rules.legal_moves(state, 0)
    assert "fire one" in refused(state, 0, {"kind": "hire", "doctor": "butcher"})
    state = play(state, 0, {"kind": "hire", "doctor": "butcher", "fire": "dr_freud"})
    assert state["teams"][0] == ["dr_molar", "dr_pimple", "dr_bones", "butcher"]
    assert state["discard"] == ["dr_freud"]


def test_skipping_morning_administration_goes_to_admittance():
    state = play(position(hands=[["nurse"], []]), 0, {"kind": "skip"})
    assert state["phase"] == "admittance" and state["hands"][0] == ["nurse"]


def test_an_empty_deck_is_refilled_from_the_shuffled_discard_pile():
    elsewhere = [c for c in full_set() if BY_SLUG[c].kind != "patient"]
    elsewhere.remove("nurse")
    elsewhere.remove("bribe")
    state = position(deck=[], discard=["nurse", "bribe"], hands=[[], elsewhere])
    state = play(state, 0, {"kind": "draw"})
    assert len(state["hands"][0]) == 1 and len(state["deck"]) == 1 and state["discard"] == []
    assert state["events"][0]["e"] == "reshuffle"


def test_no_draw_is_offered_when_deck_and_discard_are_empty():
    state = position(hands=[[], []])
    state["hands"][1] = state["deck"]
    state["deck"] = []
    assert {"kind": "draw"} not in rules.legal_moves(state, 0)
    assert "no card left" in refused(state, 0, {"kind": "draw"})


# Patient admittance


def test_admittance_calls_a_patient_from_the_queue_into_the_waiting_room():
    state = play(position(phase="admittance"), 0, {"kind": "queue"})
    assert state["waiting"] == ["hallucinations"]
    assert state["active"] == 1 and state["phase"] == "morning"


def test_admittance_may_take_a_waiting_patient_onto_the_table():
    state = position(phase="admittance", waiting=["leper"])
    state = play(state, 0, {"kind": "admit", "patient": "leper"})
    assert state["tables"][0] == "leper" and state["waiting"] == []
    assert state["active"] == 1


def test_a_full_waiting_room_forces_a_patient_onto_your_table():
    state = position(phase="admittance", waiting=["leper", "geek", "acne"], queue=[CLOSING])
    kinds = {m["kind"] for m in rules.legal_moves(state, 0)}
    assert kinds == {"admit"}
    assert "full" in refused(state, 0, {"kind": "queue"})


def test_a_player_with_a_patient_must_operate_and_skips_administration():
    state = position(active=1, tables=["toothache", None], hands=[["butcher"], []])
    state = play(state, 1, {"kind": "skip"})
    state = play(state, 1, {"kind": "queue"})
    assert state["active"] == 0 and state["phase"] == "operate"
    kinds = {m["kind"] for m in rules.legal_moves(state, 0)}
    assert kinds == {"operate"}
    assert "must operate" in refused(state, 0, {"kind": "draw"})


# Operation


def test_a_patient_with_two_specializations_offers_both():
    state = position(tables=["sunburn", None], phase="operate")
    assert [m for m in rules.legal_moves(state, 0) if m["kind"] == "operate"] == [
        operate("surgery"),
        operate("dermatology"),
    ]
    assert "can be operated in" in refused(state, 0, operate("psychiatry"))


def test_a_total_equal_to_the_difficulty_cures_and_one_less_kills():
    state = position(tables=["toothache", None], phase="operate", teams=[["dr_smile"], []])
    state = play(state, 0, operate("stomatology"), rolling(1))
    assert state["last"]["total"] == 3 and state["cured"][0] == ["toothache"]
    state = position(tables=["toothache", None], phase="operate", teams=[["dr_kindly"], []])
    state = play(state, 0, operate("stomatology"), rolling(1))
    assert state["last"]["total"] == 2 and state["morgue"][0] == ["toothache"]


def test_example_successful_operation_roll_1_plus_dermatology_6_cures_a_difficulty_6():
    team = ["dr_pimple", "dr_rash", "dr_nightingale"]  # dermatology 3 + 2 + 1 = 6
    state = position(tables=["acne", None], phase="operate", teams=[team, []])
    state = play(state, 0, operate("dermatology"), rolling(1))
    assert state["last"]["total"] == 7 > BY_SLUG["acne"].difficulty["dermatology"] == 6
    assert state["cured"][0] == ["acne"] and rules.standing(state, 0) == 2


def test_example_failed_operation_a_stomatology_total_of_1_against_3_dies():
    team = ["dr_pimple", "dr_freud"]  # stomatology 0 + 0
    state = position(tables=["toothache", None], phase="operate", teams=[team, []])
    state = play(state, 0, operate("stomatology"), rolling(1))
    assert state["last"]["total"] == 1 < BY_SLUG["toothache"].difficulty["stomatology"] == 3
    assert state["morgue"][0] == ["toothache"] and rules.standing(state, 0) == -2


def test_every_doctor_counts_positive_and_negative_skills():
    team = ["dr_scalpel", "dr_freud", "butcher"]  # psychiatry -1 + 3 - 2 = 0
    state = position(tables=["geek", None], phase="operate", teams=[team, []])
    state = play(state, 0, operate("psychiatry"), rolling(3))
    assert state["last"]["skill"] == 0 and state["last"]["total"] == 3
    assert state["cured"][0] == ["geek"]


def test_cards_played_after_the_roll_do_not_change_the_operation():
    state = position(tables=["leper", None], phase="operate", hands=[["nurse", "nurse"], []])
    state = play(state, 0, operate("dermatology"), rolling(6))
    assert state["last"]["bonus"] == 0 and state["morgue"][0] == ["leper"]
    assert state["phase"] == "after"
    state = play(state, 0, card("nurse"))
    assert state["morgue"][0] == ["leper"] and state["bonus"][0] == 2
    state = play(state, 0, {"kind": "end"})
    assert state["active"] == 1


def test_the_turn_ends_by_itself_after_the_roll_with_an_empty_hand():
    state = position(tables=["toothache", None], phase="operate")
    state = play(state, 0, operate("stomatology"), rolling(6))
    assert state["active"] == 1 and state["phase"] == "morning"


def test_a_patient_sent_away_before_the_roll_means_no_operation_this_turn():
    state = position(tables=["acne", None], phase="operate", hands=[["lunch_break", "nurse"], []])
    state = play(state, 0, card("lunch_break"))
    assert state["phase"] == "after" and state["waiting"] == ["acne"]
    assert {m["kind"] for m in rules.legal_moves(state, 0)} == {"end", "play"}


def test_action_cards_are_refused_on_someone_elses_turn():
    state = position(hands=[[], ["nurse"]])
    assert rules.legal_moves(state, 1) == []
    assert "Dr. Watt's turn" in refused(state, 1, card("nurse"))


# The rulebook's examples


def test_example_dr_watt_hires_alpine_doctor_bribes_dr_acula_calls_a_patient_and_ends_her_turn():
    state = position(
        hands=[["alpine_doctor", "bribe", "nurse"], ["heart_attack"]],
        teams=[["dr_molar"], ["dr_acula", "dr_freud"]],
    )
    state = play(state, 0, {"kind": "hire", "doctor": "alpine_doctor"})
    state = play(state, 0, card("bribe", doctor="dr_acula"))
    assert state["teams"] == [["dr_molar", "alpine_doctor", "dr_acula"], ["dr_freud"]]
    assert rules.view(state, 0)["skills"][0] == {
        "surgery": 2,
        "psychiatry": 0,
        "stomatology": 6,
        "dermatology": 0,
    }
    state = play(state, 0, {"kind": "queue"})
    assert state["waiting"] == ["hallucinations"] and state["discard"] == ["bribe"]
    assert rules.to_act(state) == [0] and state["phase"] == "after"
    assert rules.legal_moves(state, 0) == [card("nurse"), {"kind": "end"}]
    state = play(state, 0, {"kind": "end"})
    assert state["active"] == 1 and state["phase"] == "morning"


def test_example_ester_plays_alternative_treatment_to_draw_then_must_admit_blisters():
    hand = ["dr_molar", "alternative_treatment", "nurse", "bribe", "castling"]
    state = position(
        players=3,
        active=2,
        hands=[[], [], hand],
        waiting=["geek", "blisters", "acne", "leper"],
        queue=[CLOSING],
    )
    assert "fewer than 5" in refused(state, 2, {"kind": "draw"})
    state = play(state, 2, card("alternative_treatment"))
    assert state["ongoing"] == "alternative_treatment"
    state = play(state, 2, {"kind": "draw"})
    assert len(state["hands"][2]) == 5
    assert {m["kind"] for m in rules.legal_moves(state, 2)} == {"admit", "play"}
    state = play(state, 2, {"kind": "admit", "patient": "blisters"})
    assert state["tables"][2] == "blisters" and state["active"] == 2
    state = play(state, 2, {"kind": "end"})
    assert state["active"] == 0


# The turn goes on after admittance (version 2): action cards "anytime during your turn"


def test_after_calling_a_patient_the_turn_goes_on_until_the_player_ends_it():
    state = play(position(phase="admittance", hands=[["nurse"], []]), 0, {"kind": "queue"})
    assert state["waiting"] == ["hallucinations"]
    assert rules.to_act(state) == [0] and state["phase"] == "after"
    assert [m["kind"] for m in rules.legal_moves(state, 0)] == ["play", "end"]
    assert "end your turn" in refused(state, 0, {"kind": "queue"})
    state = play(state, 0, {"kind": "end"})
    assert state["active"] == 1 and state["phase"] == "morning"


def test_after_admitting_a_patient_action_cards_may_still_be_played():
    hand = ["nurse", "blackout", "bribe"]
    state = position(phase="admittance", waiting=["leper"], hands=[hand, []])
    state = play(state, 0, {"kind": "admit", "patient": "leper"})
    assert state["tables"][0] == "leper" and rules.to_act(state) == [0]
    state = play(state, 0, card("nurse"))
    state = play(state, 0, card("blackout", player=1))
    assert state["bonus"] == [2, 0] and state["blackout"] == [False, True]
    assert state["active"] == 0 and state["phase"] == "after"
    assert rules.legal_moves(state, 0) == [{"kind": "end"}]  # nobody to bribe


def test_a_patient_just_admitted_may_be_sent_back_by_lunch_break_in_the_same_turn():
    state = position(phase="admittance", waiting=["leper"], hands=[["lunch_break", "nurse"], []])
    state = play(state, 0, {"kind": "admit", "patient": "leper"})
    state = play(state, 0, card("lunch_break"))
    assert state["tables"][0] is None and state["waiting"] == ["leper"]
    assert rules.to_act(state) == [0]


def test_the_turn_ends_by_itself_after_admittance_with_an_empty_hand():
    state = play(position(phase="admittance"), 0, {"kind": "queue"})
    assert state["active"] == 1 and state["phase"] == "morning"
    state = position(phase="admittance", waiting=["leper"], hands=[["nurse"], []])
    state = play(state, 0, card("nurse"))
    state = play(state, 0, {"kind": "admit", "patient": "leper"})
    assert state["active"] == 1 and state["tables"][0] == "leper"


def test_the_turn_ends_by_itself_when_the_last_card_is_played_after_admittance():
    state = play(position(phase="admittance", hands=[["nurse"], []]), 0, {"kind": "queue"})
    state = play(state, 0, card("nurse"))
    assert state["active"] == 1 and state["bonus"] == [2, 0]


def test_a_hand_with_no_playable_card_still_waits_for_end_so_nobody_learns_what_it_holds():
    seen_by_yrfing = []
    for hand in (["dr_molar"], ["bribe"], ["nurse"]):  # nobody has a doctor to bribe
        state = play(position(phase="admittance", hands=[hand, []]), 0, {"kind": "queue"})
        assert {"kind": "end"} in rules.legal_moves(state, 0)
        seen_by_yrfing.append((rules.to_act(state), json.dumps(rules.view(state, 1))))
    assert seen_by_yrfing[0] == seen_by_yrfing[1] == seen_by_yrfing[2]
    assert seen_by_yrfing[0][0] == [0]


def test_turning_up_the_closing_card_leaves_no_time_for_action_cards():
    state = position(phase="admittance", queue=[CLOSING], tables=[None, "geek"])
    state["hands"][0] = ["nurse"]
    state["deck"].remove("nurse")
    state = play(state, 0, {"kind": "queue"})
    assert state["closing"] is not None and rules.to_act(state) == [1]


def test_a_deadline_after_admittance_ends_the_turn():
    state = play(position(phase="admittance", hands=[["nurse"], []]), 0, {"kind": "queue"})
    assert rules.skip_move(state, 0) == {"kind": "end"}


# Version 1, kept for games started under it


def test_new_games_start_under_version_2_and_old_games_keep_version_1():
    assert rules.versions == (1, 2) and rules.version == 2
    assert rules.setup(2, {}, Rng("v"))["version"] == 2
    old = rules.setup(2, {}, Rng("v"), version=1)
    assert "version" not in old
    assert {**old, "version": 2} == rules.setup(2, {}, Rng("v"), version=2)
    with pytest.raises(games.IllegalMove, match="versions 1, 2"):
        rules.setup(2, {}, Rng("v"), version=3)


def test_version_1_ends_the_turn_as_soon_as_a_patient_is_called_or_admitted():
    state = position(version=1, phase="admittance", hands=[["nurse"], []])
    state = play(state, 0, {"kind": "queue"})
    assert state["active"] == 1 and state["phase"] == "morning" and "version" not in state
    state = position(version=1, phase="admittance", waiting=["leper"], hands=[["nurse"], []])
    state = play(state, 0, {"kind": "admit", "patient": "leper"})
    assert state["active"] == 1 and state["tables"][0] == "leper"


def test_version_1_still_waits_for_end_after_the_roll():
    state = position(version=1, tables=["leper", None], phase="operate", hands=[["nurse"], []])
    state = play(state, 0, operate("dermatology"), rolling(6))
    assert rules.to_act(state) == [0] and state["phase"] == "after"


# Game end and scoring


def test_turning_up_the_closing_card_starts_the_last_operations_clockwise():
    state = position(
        players=4,
        active=1,
        phase="admittance",
        queue=[CLOSING],
        tables=["acne", None, None, "geek"],
        hands=[["nurse"], [], [], ["nurse"]],
    )
    state = play(state, 1, {"kind": "queue"})
    assert state["closing"] is not None and state["active"] == 3
    assert rules.legal_moves(state, 3) == [operate("psychiatry")]
    assert "closed" in refused(state, 3, card("nurse"))
    state = play(state, 3, operate("psychiatry"), rolling(6))
    assert state["active"] == 0 and state["phase"] == "operate"
    state = play(state, 0, operate("dermatology"), rolling(1))
    assert state["phase"] == "over" and rules.to_act(state) == []
    assert all(rules.legal_moves(state, seat) == [] for seat in range(4))
    assert "over" in refused(state, 0, {"kind": "draw"})


def test_the_hospital_closes_at_once_when_no_table_holds_a_patient():
    state = position(phase="admittance", queue=[CLOSING], waiting=["leper"])
    state = play(state, 0, {"kind": "queue"})
    assert state["phase"] == "over"
    assert rules.outcome(state).details["left_in_waiting_room"] == ["leper"]


def test_the_last_ongoing_card_stays_in_effect_for_the_last_operations():
    state = position(
        phase="admittance",
        queue=[CLOSING],
        tables=[None, "geek"],
        ongoing="alternative_treatment",
    )
    state = play(state, 0, {"kind": "queue"})
    state = play(state, 1, operate("psychiatry"), rolling(4))
    assert state["last"]["counted"] == 6


def test_an_alcoholic_landing_after_its_turn_in_the_last_round_is_not_operated():
    state = position(
        players=3,
        active=0,
        phase="admittance",
        queue=[CLOSING],
        tables=[None, None, "alcoholic"],
    )
    state = play(state, 0, {"kind": "queue"})
    state = play(state, 2, operate("psychiatry"), rolling(1))
    assert state["tables"] == [None, "alcoholic", None]
    assert state["phase"] == "over"
    assert rules.outcome(state).details["left_on_tables"] == ["alcoholic"]


def test_score_is_cured_points_minus_two_per_dead_patient_with_a_breakdown():
    state = position(
        players=3,
        cured=[["acne", "siamese_twins", "geek"], ["leper"], []],
        morgue=[["toothache"], [], ["fracture", "blisters"]],
        phase="over",
        active=None,
        queue=[],
    )
    result = rules.outcome(state)
    assert result.scores == [2 + 5 + 1 - 2, 3, -4]
    assert result.winners == [0]
    assert result.details["players"][0] == {
        "cured": ["acne", "siamese_twins", "geek"],
        "cured_points": 8,
        "dead": ["toothache"],
        "dead_penalty": -2,
        "total": 6,
    }


def test_tied_players_share_the_victory():
    state = position(cured=[["acne"], ["gallstones"]], phase="over", active=None, queue=[])
    assert rules.outcome(state).winners == [0, 1]


def test_outcome_is_none_while_play_goes_on():
    assert rules.outcome(position()) is None


# Skipping at a deadline


def test_skip_move_does_neither_in_the_morning_and_ends_the_turn_after_a_roll():
    assert rules.skip_move(position(), 0) == {"kind": "skip"}
    assert rules.skip_move(position(phase="after", hands=[["nurse"], []]), 0) == {"kind": "end"}
    assert rules.skip_move(position(phase="admittance"), 0) is None
    assert rules.skip_move(position(tables=["acne", None], phase="operate"), 0) is None
    assert rules.skip_move(position(), 1) is None


def test_skip_move_declines_siamese_twins_offer():
    state = position(
        pending=[{"do": "siamese", "seat": 0, "card": "siamese_twins"}],
        phase="after",
        waiting=["acne"],
    )
    assert rules.skip_move(state, 0) == {"kind": "decline"}


# Plain data


def test_a_state_through_json_plays_on_exactly_like_the_original():
    original = rules.setup(3, {}, games.step_rng("json", 0))
    through_json = json.loads(json.dumps(original))
    bot = Rng("json-bot")
    n = 0
    while rules.to_act(original):
        seat = bot.choice(rules.to_act(original))
        move = bot.choice(rules.legal_moves(original, seat))
        assert rules.legal_moves(through_json, seat) == rules.legal_moves(original, seat)
        n += 1
        original = rules.apply(original, seat, move, games.step_rng("json", n))
        through_json = rules.apply(through_json, seat, move, games.step_rng("json", n))
        through_json = json.loads(json.dumps(through_json))
        assert games.canonical(through_json) == games.canonical(original)


def test_the_greedy_bot_can_play_a_whole_game_on_the_running_score():
    state = rules.setup(2, {}, games.step_rng("greedy", 0))
    bot = Rng("greedy-bot")
    n = 0
    while rules.to_act(state):
        seat = rules.to_act(state)[0]
        move = greedy_move(rules, state, seat, bot)
        n += 1
        state = rules.apply(state, seat, move, games.step_rng("greedy", n))
    assert rules.outcome(state).scores == [rules.standing(state, 0), rules.standing(state, 1)]
