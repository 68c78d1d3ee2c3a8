"""Dr. Hrubec: every card of the set does what its text says (one test or more per card)."""

from __future__ import annotations

import copy

import pytest

from games.dr_hrubec.cards import (
    ACTIONS,
    BY_SLUG,
    CARDS,
    DOCTORS,
    PATIENTS,
    SPECIALIZATIONS,
    full_set,
)
from tests.games.dr_hrubec.positions import (
    card,
    operate,
    play,
    position,
    refused,
    rolling,
    rules,
)


def operating(players: int = 2, patient: str = "leper", team=(), **changes) -> dict:
    """Seat 0 about to operate on `patient` with `team`."""
    layout = {
        "tables": [patient] + [None] * (players - 1),
        "teams": [list(team)] + [[] for _ in range(players - 1)],
        "phase": "operate",
    }
    return position(players, **{**layout, **changes})


def kinds(state: dict, seat: int) -> set[str]:
    return {move["kind"] for move in rules.legal_moves(state, seat)}


# The house-data table


def test_the_set_has_25_doctors_25_patients_and_34_action_cards():
    assert len(DOCTORS) == 25 and len(PATIENTS) == 25
    assert sum(BY_SLUG[slug].copies for slug in ACTIONS) == 34
    assert len(full_set()) == 84
    assert len({c.name for c in CARDS}) == len(CARDS), "card names must be unique for the notation"


def test_doctor_skills_stay_within_minus_two_and_three():
    for slug in DOCTORS:
        doctor = BY_SLUG[slug]
        assert len(doctor.skills) == 4 and all(-2 <= s <= 3 for s in doctor.skills), slug
        assert doctor.gender in ("man", "woman")


@pytest.mark.parametrize(
    ("tier", "count", "difficulties", "points"),
    [(1, 10, range(3, 6), (1, 2)), (2, 12, range(5, 9), (2, 3, 4)), (3, 3, range(8, 12), (5, 6))],
)
def test_patient_tiers_keep_their_difficulties_and_points(tier, count, difficulties, points):
    patients = [BY_SLUG[slug] for slug in PATIENTS if BY_SLUG[slug].tier == tier]
    assert len(patients) == count
    for patient in patients:
        assert all(value in difficulties for value in patient.difficulty.values()), patient.slug
        assert set(patient.difficulty) <= set(SPECIALIZATIONS)
        assert patient.points in points


# Doctors


def test_lawyer_takes_the_dead_patient_to_the_morgue_of_another_player():
    state = operating(3, "leper", ["lawyer"])
    state = play(state, 0, operate("dermatology"), rolling(1))
    assert rules.to_act(state) == [0]
    assert rules.legal_moves(state, 0) == [
        {"kind": "send", "player": 1},
        {"kind": "send", "player": 2},
    ]
    state = play(state, 0, {"kind": "send", "player": 2})
    assert state["morgue"] == [[], [], ["leper"]] and state["teams"] == [[], [], ["lawyer"]]
    assert rules.standing(state, 0) == 0 and rules.standing(state, 2) == -2


def test_lawyer_arriving_in_a_full_team_makes_its_owner_discard_one():
    full = ["dr_incognito", "dr_molar", "dr_freud", "dr_bones"]
    state = operating(2, "leper", ["lawyer"], teams=[["lawyer"], full])
    state = play(state, 0, operate("dermatology"), rolling(1))
    assert state["morgue"][1] == ["leper"], "with two players the Lawyer goes to the other one"
    assert rules.to_act(state) == [1]
    offered = [move["doctor"] for move in rules.legal_moves(state, 1)]
    assert offered == ["dr_molar", "dr_freud", "dr_bones", "lawyer"]
    state = play(state, 1, {"kind": "fire", "doctor": "lawyer"})
    assert state["teams"][1] == full and state["discard"] == ["lawyer"]


def test_lawyer_goes_alone_when_butcher_took_the_patient_out_of_the_game():
    state = operating(2, "leper", ["lawyer", "butcher"])
    state = play(state, 0, operate("dermatology"), rolling(1))
    assert state["gone"] == ["leper"] and state["morgue"] == [[], []]
    assert state["teams"] == [["butcher"], ["lawyer"]]


def test_alpine_doctor_moves_to_another_player_after_a_successful_operation():
    state = operating(3, "toothache", ["alpine_doctor", "dr_molar"])
    state = play(state, 0, operate("stomatology"), rolling(3))
    assert state["cured"][0] == ["toothache"] and rules.to_act(state) == [0]
    state = play(state, 0, {"kind": "send", "player": 1})
    assert state["teams"] == [["dr_molar"], ["alpine_doctor"], []]


def test_alpine_doctor_stays_after_a_failed_operation():
    state = operating(2, "brain_transplant", ["alpine_doctor"])
    state = play(state, 0, operate("psychiatry"), rolling(1))
    assert state["teams"][0] == ["alpine_doctor"]


def test_dr_acula_keeps_other_players_euthanasia_and_holiday_off_his_patient():
    state = position(
        players=3,
        tables=[None, "acne", None],
        teams=[[], ["dr_acula"], []],
        hands=[["euthanasia"], [], []],
        waiting=["geek"],
    )
    assert card("euthanasia", patient="acne") not in rules.legal_moves(state, 0)
    assert "Dr. Acula" in refused(state, 0, card("euthanasia", patient="acne"))
    assert card("euthanasia", patient="geek") in rules.legal_moves(state, 0)
    state = position(
        players=3,
        tables=["acne", None, None],
        teams=[[], ["dr_acula"], []],
        hands=[["holiday"], [], []],
        phase="operate",
    )
    assert [m for m in rules.legal_moves(state, 0) if m["kind"] == "play"] == [
        card("holiday", player=2)
    ]
    assert "Dr. Acula" in refused(state, 0, card("holiday", player=1))


def test_dr_acula_does_not_stop_your_own_cards_on_your_own_patient():
    state = operating(2, "acne", ["dr_acula"], hands=[["euthanasia"], []])
    state = play(state, 0, card("euthanasia", patient="acne"))
    assert state["gone"] == ["acne"]


def test_dr_acula_is_reached_by_blackout_and_dr_hrubec_on_duty():
    state = position(
        tables=[None, "acne"],
        teams=[[], ["dr_acula", "dr_pimple"]],
        hands=[["blackout", "dr_hrubec_on_duty"], []],
    )
    state = play(state, 0, card("blackout", player=1))
    assert state["blackout"] == [False, True]
    state = play(state, 0, card("dr_hrubec_on_duty"))
    assert state["morgue"][1] == ["acne"]


def test_dr_incognito_cannot_be_bribed_stolen_or_discarded_by_effects():
    state = position(
        teams=[["dr_molar"], ["dr_incognito", "dr_freud"]],
        hands=[["bribe", "heroic_act"], []],
    )
    assert card("bribe", doctor="dr_incognito") not in rules.legal_moves(state, 0)
    assert "Dr. Incognito" in refused(state, 0, card("bribe", doctor="dr_incognito"))
    state = operating(2, "schizoid", teams=[["dr_freud", "dr_couch"], ["dr_incognito"]])
    state = play(state, 0, operate("psychiatry"), rolling(6))
    assert state["teams"] == [["dr_freud", "dr_couch"], ["dr_incognito"]], "nothing to steal"
    state = operating(2, "infected_prostitute", ["dr_incognito"])
    state = play(state, 0, operate("dermatology"), rolling(1))
    assert state["teams"][0] == ["dr_incognito"]


def test_dr_incognito_may_be_fired_to_hire_and_passed_in_castling():
    team = ["dr_incognito", "dr_molar", "dr_freud", "dr_bones"]
    state = position(teams=[team, []], hands=[["butcher", "castling"], []])
    assert {"kind": "hire", "doctor": "butcher", "fire": "dr_incognito"} in rules.legal_moves(
        state, 0
    )
    state = play(state, 0, card("castling"))
    state = play(state, 0, {"kind": "castle", "doctor": "dr_incognito"})
    assert state["teams"][1] == ["dr_incognito"]


def test_md_brutal_draws_a_card_after_a_failed_operation():
    state = operating(2, "brain_transplant", ["md_brutal"])
    state = play(state, 0, operate("psychiatry"), rolling(2))
    assert len(state["hands"][0]) == 1 and state["events"][-1]["e"] == "draw"
    state = operating(2, "toothache", ["md_brutal"])
    state = play(state, 0, operate("stomatology"), rolling(2))
    assert state["hands"][0] == []


def test_dr_zero_draws_a_card_when_hired():
    state = position(hands=[["dr_zero"], []])
    state = play(state, 0, {"kind": "hire", "doctor": "dr_zero"})
    assert state["teams"][0] == ["dr_zero"] and len(state["hands"][0]) == 1


def test_md_silicon_has_skills_minus_2_2_0_3_with_a_woman_in_the_team():
    sheets = rules.view(position(teams=[["md_silicon", "dr_scalpel"], []]), 0)["skills"]
    assert sheets[0] == {"surgery": 4, "psychiatry": -2, "stomatology": 1, "dermatology": 0}
    sheets = rules.view(position(teams=[["md_silicon", "dr_molar"], []]), 0)["skills"]
    assert sheets[0] == {"surgery": -3, "psychiatry": 2, "stomatology": 3, "dermatology": 3}
    state = operating(2, "acne", ["md_silicon", "dr_molar"])
    state = play(state, 0, operate("dermatology"), rolling(3))
    assert state["last"]["skill"] == 3 and state["cured"][0] == ["acne"]


def test_young_intern_moves_to_another_player_after_a_failed_operation():
    state = operating(3, "brain_transplant", ["young_intern", "dr_bones"])
    state = play(state, 0, operate("psychiatry"), rolling(1))
    assert rules.to_act(state) == [0]
    state = play(state, 0, {"kind": "send", "player": 2})
    assert state["teams"] == [["dr_bones"], [], ["young_intern"]]


def test_young_intern_stays_after_a_success():
    state = operating(2, "toothache", ["young_intern"])
    state = play(state, 0, operate("stomatology"), rolling(5))
    assert state["teams"][0] == ["young_intern"]


def test_butcher_takes_the_patient_out_of_the_game_on_a_failed_roll_of_1():
    state = operating(2, "leper", ["butcher"])
    state = play(state, 0, operate("dermatology"), rolling(1))
    assert state["gone"] == ["leper"] and state["morgue"][0] == []
    assert rules.standing(state, 0) == 0
    state = operating(2, "leper", ["butcher"])
    state = play(state, 0, operate("dermatology"), rolling(2))
    assert state["morgue"][0] == ["leper"]


@pytest.mark.parametrize("ongoing", ["alternative_treatment", "lucky_day"])
def test_butcher_has_no_effect_under_alternative_treatment_or_lucky_day(ongoing):
    state = operating(2, "brain_transplant", ["butcher"], ongoing=ongoing)
    state = play(state, 0, operate("psychiatry"), rolling(1))
    assert state["morgue"][0] == ["brain_transplant"] and state["gone"] == []


def test_alien_discards_a_doctor_from_any_team_when_hired():
    state = position(
        players=3,
        hands=[["alien"], [], []],
        teams=[["dr_molar"], ["dr_incognito", "dr_freud"], []],
    )
    state = play(state, 0, {"kind": "hire", "doctor": "alien"})
    assert rules.to_act(state) == [0]
    assert rules.legal_moves(state, 0) == [
        {"kind": "fire", "doctor": "dr_molar"},
        {"kind": "fire", "doctor": "dr_freud"},
    ]
    state = play(state, 0, {"kind": "fire", "doctor": "dr_freud"})
    assert state["teams"] == [["dr_molar", "alien"], ["dr_incognito"], []]
    assert state["discard"] == ["dr_freud"] and state["phase"] == "admittance"


def test_alien_with_no_other_doctor_in_play_discards_nobody():
    state = play(position(hands=[["alien"], []]), 0, {"kind": "hire", "doctor": "alien"})
    assert state["teams"][0] == ["alien"] and state["pending"] == []


def test_gate_keeper_draws_a_card_after_a_successful_operation():
    state = operating(2, "toothache", ["gate_keeper"])
    state = play(state, 0, operate("stomatology"), rolling(2))
    assert state["cured"][0] == ["toothache"] and len(state["hands"][0]) == 1


PLAIN_DOCTORS = [slug for slug in DOCTORS if not BY_SLUG[slug].text]


@pytest.mark.parametrize("doctor", PLAIN_DOCTORS)
def test_every_plain_doctor_adds_the_printed_skills_and_nothing_else(doctor):
    state = operating(2, "brain_transplant", [doctor])
    state = play(state, 0, operate("psychiatry"), rolling(4))
    assert state["last"]["skill"] == BY_SLUG[doctor].skills[1]
    assert state["teams"][0] == [doctor] and state["hands"][0] == []


# Patients


def test_alcoholic_staggers_onto_the_table_of_the_player_to_the_right_after_a_failure():
    state = operating(3, "alcoholic")
    state = play(state, 0, operate("psychiatry"), rolling(1))
    assert state["tables"] == [None, None, "alcoholic"] and state["morgue"][0] == []


def test_alcoholic_leaves_the_game_when_the_right_hand_table_is_taken():
    state = operating(3, "alcoholic", tables=["alcoholic", None, "acne"])
    state = play(state, 0, operate("psychiatry"), rolling(1))
    assert state["gone"] == ["alcoholic"] and state["tables"] == [None, None, "acne"]


def test_alcoholic_staggers_only_once_so_two_hopeless_teams_cannot_pass_him_round_forever():
    state = operating(2, "alcoholic", alcoholic_staggered=True)
    state = play(state, 0, operate("psychiatry"), rolling(1))
    assert state["gone"] == ["alcoholic"] and state["tables"] == [None, None]


def test_exhibitionist_steals_a_woman_doctor_after_a_success():
    state = operating(
        3,
        "exhibitionist",
        ["dr_freud"],
        teams=[["dr_freud"], ["dr_molar", "dr_bones"], ["dr_smile"]],
    )
    state = play(state, 0, operate("psychiatry"), rolling(4))
    assert rules.legal_moves(state, 0) == [
        {"kind": "steal", "doctor": "dr_molar"},
        {"kind": "steal", "doctor": "dr_smile"},
    ]
    assert "woman" in refused(state, 0, {"kind": "steal", "doctor": "dr_bones"})
    state = play(state, 0, {"kind": "steal", "doctor": "dr_smile"})
    assert state["teams"] == [["dr_freud", "dr_smile"], ["dr_molar", "dr_bones"], []]


def test_exhibitionist_steals_nobody_for_a_team_of_four():
    team = ["dr_freud", "alien", "lawyer", "dr_grumpy"]
    state = operating(2, "exhibitionist", team, teams=[team, ["dr_molar"]])
    state = play(state, 0, operate("psychiatry"), rolling(1))
    assert state["cured"][0] == ["exhibitionist"] and state["teams"][1] == ["dr_molar"]


def test_leper_draws_a_card_after_a_success():
    state = operating(2, "leper", ["dr_pimple", "dr_rash"])
    state = play(state, 0, operate("dermatology"), rolling(2))
    assert state["cured"][0] == ["leper"] and len(state["hands"][0]) == 1


def test_infected_prostitute_makes_you_discard_a_doctor_after_a_failure():
    state = operating(2, "infected_prostitute", ["dr_molar", "dr_freud"])
    state = play(state, 0, operate("dermatology"), rolling(1))
    assert rules.legal_moves(state, 0) == [
        {"kind": "fire", "doctor": "dr_molar"},
        {"kind": "fire", "doctor": "dr_freud"},
    ]
    state = play(state, 0, {"kind": "fire", "doctor": "dr_freud"})
    assert state["teams"][0] == ["dr_molar"] and state["morgue"][0] == ["infected_prostitute"]


def test_geek_draws_a_card_after_a_failure():
    state = operating(2, "geek", ["butcher"])
    state = play(state, 0, operate("psychiatry"), rolling(2))
    assert state["morgue"][0] == ["geek"] and len(state["hands"][0]) == 1


@pytest.mark.parametrize("patient", ["blisters", "constipation"])
def test_blisters_and_constipation_make_you_discard_a_card_after_a_failure(patient):
    spec = next(iter(BY_SLUG[patient].difficulty))
    state = operating(2, patient, ["dr_freud"], hands=[["nurse", "bribe"], []])
    state = play(state, 0, operate(spec), rolling(1))
    assert rules.legal_moves(state, 0) == [
        {"kind": "discard", "card": "nurse"},
        {"kind": "discard", "card": "bribe"},
    ]
    state = play(state, 0, {"kind": "discard", "card": "bribe"})
    assert state["hands"][0] == ["nurse"] and state["discard"] == ["bribe"]


@pytest.mark.parametrize("patient", ["blisters", "constipation"])
def test_a_forced_discard_is_asked_even_from_a_hand_of_one_kind_of_card(patient):
    spec = next(iter(BY_SLUG[patient].difficulty))
    state = operating(2, patient, ["dr_freud"], hands=[["nurse", "nurse"], []])
    state = play(state, 0, operate(spec), rolling(1))
    assert rules.to_act(state) == [0] and state["hands"][0] == ["nurse", "nurse"]
    assert rules.legal_moves(state, 0) == [{"kind": "discard", "card": "nurse"}]
    state = play(state, 0, {"kind": "discard", "card": "nurse"})
    assert state["hands"][0] == ["nurse"] and state["discard"] == ["nurse"]


def test_a_forced_discard_from_a_one_card_hand_is_not_asked():
    state = operating(2, "blisters", hands=[["bribe"], []])
    state = play(state, 0, operate("dermatology"), rolling(1))
    assert state["hands"][0] == [] and state["discard"] == ["bribe"]
    assert state["active"] == 1


def test_version_1_discards_by_itself_from_a_hand_of_one_kind_of_card():
    state = operating(2, "fracture", version=1, hands=[["nurse", "nurse"], []])
    state = play(state, 0, operate("surgery"), rolling(3))
    assert state["hands"][0] == ["nurse"] and state["discard"] == ["nurse"]
    assert state["pending"] == [] and state["phase"] == "after"


def test_blisters_asks_nothing_of_an_empty_hand():
    state = operating(2, "blisters")
    state = play(state, 0, operate("dermatology"), rolling(1))
    assert state["pending"] == [] and state["active"] == 1


def test_schizoid_steals_any_doctor_after_a_success():
    team = ["dr_freud", "alien", "dr_couch"]
    state = operating(2, "schizoid", team, teams=[team, ["dr_bones", "dr_incognito"]])
    state = play(state, 0, operate("psychiatry"), rolling(1))
    assert state["teams"] == [team + ["dr_bones"], ["dr_incognito"]]


def test_siamese_twins_may_bring_a_waiting_patient_onto_your_table():
    team = ["butcher", "dr_scalpel", "md_brutal"]
    state = operating(2, "siamese_twins", team, waiting=["acne", "geek"])
    state = play(state, 0, operate("surgery"), rolling(2))
    assert rules.legal_moves(state, 0) == [
        {"kind": "admit", "patient": "acne"},
        {"kind": "admit", "patient": "geek"},
        {"kind": "decline"},
    ]
    admitted = play(copy.deepcopy(state), 0, {"kind": "admit", "patient": "geek"})
    assert admitted["tables"][0] == "geek" and admitted["waiting"] == ["acne"]
    assert admitted["active"] == 1
    declined = play(state, 0, {"kind": "decline"})
    assert declined["tables"][0] is None and declined["waiting"] == ["acne", "geek"]


def test_appendix_draws_a_card_after_a_success():
    state = operating(2, "appendix", ["dr_scalpel"])
    state = play(state, 0, operate("surgery"), rolling(2))
    assert state["cured"][0] == ["appendix"] and len(state["hands"][0]) == 1


def test_one_body_no_head_goes_to_the_morgue_of_another_player_after_a_success():
    state = operating(3, "one_body_no_head", ["butcher", "dr_scalpel"])
    state = play(state, 0, operate("surgery"), rolling(2))
    assert state["tables"][0] == "one_body_no_head" and rules.to_act(state) == [0]
    state = play(state, 0, {"kind": "send", "player": 1})
    assert state["morgue"] == [[], ["one_body_no_head"], []] and state["cured"][0] == []
    assert state["tables"][0] is None


def test_fracture_makes_you_discard_a_card_after_a_success():
    state = operating(2, "fracture", hands=[["nurse"], []])
    state = play(state, 0, operate("surgery"), rolling(3))
    assert state["cured"][0] == ["fracture"] and state["hands"][0] == []
    assert state["discard"] == ["nurse"]


PLAIN_PATIENTS = [slug for slug in PATIENTS if not BY_SLUG[slug].text]


@pytest.mark.parametrize("patient", PLAIN_PATIENTS)
def test_every_plain_patient_scores_its_points_when_cured(patient):
    spec, difficulty = next(iter(BY_SLUG[patient].difficulty.items()))
    state = operating(2, patient, bonus=[difficulty, 0])
    state = play(state, 0, operate(spec), rolling(1))
    assert state["cured"][0] == [patient]
    assert rules.standing(state, 0) == BY_SLUG[patient].points
    assert state["pending"] == [] and state["hands"][0] == []


# Action cards


def test_alternative_treatment_counts_1_to_3_as_0_and_4_to_6_as_6():
    for roll, counted in [(1, 0), (3, 0), (4, 6), (6, 6)]:
        state = operating(2, "toothache", ongoing="alternative_treatment")
        state = play(state, 0, operate("stomatology"), rolling(roll))
        assert state["last"]["counted"] == counted


def test_euthanasia_takes_a_patient_out_of_the_game_from_a_table_or_the_waiting_room():
    state = position(tables=[None, "acne"], waiting=["geek"], hands=[["euthanasia"] * 2, []])
    targets = [m for m in rules.legal_moves(state, 0) if m["kind"] == "play"]
    assert targets == [card("euthanasia", patient="acne"), card("euthanasia", patient="geek")]
    state = play(state, 0, card("euthanasia", patient="acne"))
    state = play(state, 0, card("euthanasia", patient="geek"))
    assert state["gone"] == ["acne", "geek"] and state["tables"] == [None, None]
    assert state["waiting"] == [] and state["discard"] == ["euthanasia", "euthanasia"]


def test_dr_hrubec_on_duty_kills_every_patient_on_a_table_with_no_effects():
    state = position(
        players=3,
        tables=[None, "alcoholic", "leper"],
        teams=[[], [], ["lawyer", "butcher"]],
        hands=[["dr_hrubec_on_duty"], [], []],
        waiting=["geek"],
    )
    state = play(state, 0, card("dr_hrubec_on_duty"))
    assert state["morgue"] == [[], ["alcoholic"], ["leper"]]
    assert state["tables"] == [None, None, None] and state["waiting"] == ["geek"]
    assert state["teams"][2] == ["lawyer", "butcher"] and state["pending"] == []


def test_dr_hrubec_on_duty_needs_a_patient_on_some_table():
    state = position(hands=[["dr_hrubec_on_duty"], []])
    assert "No operating table" in refused(state, 0, card("dr_hrubec_on_duty"))


def test_tools_delivery_gives_every_team_surgery_plus_1_and_psychiatry_minus_1():
    state = operating(2, "sunburn", ongoing="tools_delivery")
    state = play(state, 0, operate("surgery"), rolling(4))
    assert state["last"]["skill"] == 1 and state["cured"][0] == ["sunburn"]
    state = operating(2, "geek", ongoing="tools_delivery")
    state = play(state, 0, operate("psychiatry"), rolling(3))
    assert state["last"]["skill"] == -1 and state["morgue"][0] == ["geek"]


def test_castling_is_a_hidden_simultaneous_choice_then_everyone_passes_left():
    state = position(
        players=4,
        teams=[["dr_molar", "dr_freud"], ["dr_bones"], [], ["butcher", "alien"]],
        hands=[["castling"], [], [], []],
    )
    state = play(state, 0, card("castling"))
    assert rules.to_act(state) == [0, 3], "one doctor is no choice; no doctor, nothing to pass"
    assert rules.legal_moves(state, 3) == [
        {"kind": "castle", "doctor": "butcher"},
        {"kind": "castle", "doctor": "alien"},
    ]
    state = play(state, 3, {"kind": "castle", "doctor": "alien"})
    assert rules.to_act(state) == [0] and rules.legal_moves(state, 3) == []
    assert "chosen" in refused(state, 3, {"kind": "castle", "doctor": "butcher"})
    assert rules.view(state, 0)["castling"]["your_choice"] is None
    assert rules.view(state, 3)["castling"]["your_choice"] == "alien"
    state = play(state, 0, {"kind": "castle", "doctor": "dr_freud"})
    assert state["teams"] == [["dr_molar", "alien"], ["dr_freud"], ["dr_bones"], ["butcher"]]
    assert state["castling"] is None and rules.to_act(state) == [0]


def test_castling_refuses_other_moves_until_everyone_has_chosen():
    state = position(
        teams=[["dr_molar", "dr_freud"], ["dr_bones", "butcher"]], hands=[["castling", "nurse"], []]
    )
    state = play(state, 0, card("castling"))
    assert "Castling first" in refused(state, 0, card("nurse"))
    assert "not in your team" in refused(state, 0, {"kind": "castle", "doctor": "butcher"})


def test_holiday_moves_your_patient_to_another_players_empty_table():
    state = operating(3, "leper", hands=[["holiday"], [], []], tables=["leper", "acne", None])
    assert [m for m in rules.legal_moves(state, 0) if m["kind"] == "play"] == [
        card("holiday", player=2)
    ]
    assert "not empty" in refused(state, 0, card("holiday", player=1))
    state = play(state, 0, card("holiday", player=2))
    assert state["tables"] == [None, "acne", "leper"] and state["active"] == 1


def test_heroic_act_discards_your_doctor_for_plus_2_in_the_next_operation():
    team = ["dr_pimple", "dr_molar"]
    state = operating(2, "leper", team, hands=[["heroic_act"], []])
    state = play(state, 0, card("heroic_act", doctor="dr_molar"))
    assert state["teams"][0] == ["dr_pimple"] and state["discard"] == ["heroic_act", "dr_molar"]
    state = play(state, 0, operate("dermatology"), rolling(2))
    assert state["last"]["skill"] == 3 and state["last"]["bonus"] == 2
    assert state["last"]["total"] == 7 and state["cured"][0] == ["leper"]
    assert state["bonus"] == [0, 0]


def test_heart_attack_takes_a_waiting_patient_out_of_the_game():
    state = position(waiting=["acne", "geek"], hands=[["heart_attack"], []])
    state = play(state, 0, card("heart_attack", patient="geek"))
    assert state["waiting"] == ["acne"] and state["gone"] == ["geek"]
    assert "waiting room is empty" in refused(
        position(hands=[["heart_attack"], []]), 0, card("heart_attack", patient="geek")
    )


def test_infectious_eczema_gives_every_team_dermatology_minus_1():
    state = operating(2, "acne", ["dr_pimple"], ongoing="infectious_eczema")
    state = play(state, 0, operate("dermatology"), rolling(4))
    assert state["last"]["skill"] == 2 and state["last"]["total"] == 6


def test_clown_show_changes_every_teams_skills():
    expected = {"surgery": -1, "psychiatry": 1, "stomatology": -1, "dermatology": -1}
    for patient, spec in [
        ("fracture", "surgery"),
        ("geek", "psychiatry"),
        ("toothache", "stomatology"),
        ("blisters", "dermatology"),
    ]:
        state = operating(2, patient, ongoing="clown_show")
        state = play(state, 0, operate(spec), rolling(6))
        assert state["last"]["skill"] == expected[spec]


def test_lunch_break_sends_your_patient_back_to_the_waiting_room():
    state = operating(2, "leper", hands=[["lunch_break"], []], waiting=["acne"])
    state = play(state, 0, card("lunch_break"))
    assert state["waiting"] == ["acne", "leper"] and state["tables"][0] is None
    full = operating(2, "leper", hands=[["lunch_break"], []], waiting=["acne", "geek", "sunburn"])
    assert "waiting-room place" in refused(full, 0, card("lunch_break"))


def test_nurse_adds_2_to_your_next_operation_and_nurses_add_up():
    state = operating(2, "acne", hands=[["nurse", "nurse"], []])
    state = play(state, 0, card("nurse"))
    state = play(state, 0, card("nurse"))
    state = play(state, 0, operate("dermatology"), rolling(2))
    assert state["last"]["bonus"] == 4 and state["last"]["total"] == 6
    assert state["cured"][0] == ["acne"]


def test_bribe_steals_a_doctor_from_another_player():
    state = position(teams=[[], ["dr_molar", "dr_freud"]], hands=[["bribe"], []])
    state = play(state, 0, card("bribe", doctor="dr_freud"))
    assert state["teams"] == [["dr_freud"], ["dr_molar"]]


def test_bribe_needs_a_free_office():
    team = ["dr_pimple", "dr_bones", "dr_smile", "dr_itch"]
    state = position(teams=[team, ["dr_molar"]], hands=[["bribe"], []])
    assert "four doctors" in refused(state, 0, card("bribe", doctor="dr_molar"))


def test_blackout_makes_a_players_next_operation_count_the_die_alone():
    team = ["dr_pimple", "dr_rash"]
    state = position(
        tables=[None, "acne"], teams=[[], team], hands=[["blackout"], []], bonus=[0, 2]
    )
    state = play(state, 0, card("blackout", player=1))
    state["active"], state["phase"] = 1, "operate"
    state = play(state, 1, operate("dermatology"), rolling(5))
    assert state["last"]["total"] == 5 and state["last"]["blackout"]
    assert state["morgue"][1] == ["acne"]
    assert state["blackout"] == [False, False] and state["bonus"] == [0, 0]
    assert "another player" in refused(
        position(hands=[["blackout"], []]), 0, card("blackout", player=0)
    )


def test_lucky_day_counts_a_roll_of_1_or_2_as_3():
    for roll, counted in [(1, 3), (2, 3), (3, 3), (5, 5)]:
        state = operating(2, "toothache", ongoing="lucky_day")
        state = play(state, 0, operate("stomatology"), rolling(roll))
        assert state["last"]["counted"] == counted


def test_a_new_ongoing_card_replaces_the_old_one_on_the_discard_pile():
    state = position(hands=[["clown_show", "lucky_day"], []], ongoing="tools_delivery")
    state = play(state, 0, card("clown_show"))
    assert state["ongoing"] == "clown_show" and state["discard"] == ["tools_delivery"]
    state = play(state, 0, card("lucky_day"))
    assert state["ongoing"] == "lucky_day"
    assert state["discard"] == ["tools_delivery", "clown_show"]


def test_every_action_card_has_a_test_above():
    tested = {
        "alternative_treatment",
        "euthanasia",
        "dr_hrubec_on_duty",
        "tools_delivery",
        "castling",
        "holiday",
        "heroic_act",
        "heart_attack",
        "infectious_eczema",
        "clown_show",
        "lunch_break",
        "nurse",
        "bribe",
        "blackout",
        "lucky_day",
    }
    assert tested == set(ACTIONS)
    assert kinds(position(hands=[["nurse"], []]), 0) == {"skip", "draw", "play"}
