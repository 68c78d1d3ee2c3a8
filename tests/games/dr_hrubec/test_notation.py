"""Dr. Hrubec: the email notation, and refusals a player understands."""

from __future__ import annotations

import pytest

import games
from tests.games.dr_hrubec.positions import card, position, refused, rules


def watt_position() -> dict:
    return position(
        players=3,
        hands=[["alpine_doctor", "bribe", "blackout", "euthanasia"], [], []],
        teams=[["dr_molar"], ["dr_acula", "dr_freud"], []],
        waiting=["geek"],
    )


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("draw", {"kind": "draw"}),
        ("  SKIP  ", {"kind": "skip"}),
        ("neither", {"kind": "skip"}),
        ("hire Alpine Doctor", {"kind": "hire", "doctor": "alpine_doctor"}),
        ("hire alpine", {"kind": "hire", "doctor": "alpine_doctor"}),
        ("Bribe Dr. Acula", card("bribe", doctor="dr_acula")),
        ("play bribe dracula", card("bribe", doctor="dr_acula")),
        ("bribe: acula!", card("bribe", doctor="dr_acula")),
        ("blackout Yrfing", card("blackout", player=1)),
        ("blackout seat 3", card("blackout", player=2)),
        ("Blackout on ester", card("blackout", player=2)),
        ("euth geek", card("euthanasia", patient="geek")),
    ],
)
def test_the_notation_forgives_case_spaces_punctuation_and_short_names(text, move):
    assert rules.parse_move(text, watt_position(), 0) == move


def test_hiring_into_a_full_team_names_the_doctor_fired():
    team = ["dr_molar", "dr_freud", "dr_pimple", "dr_bones"]
    state = position(hands=[["butcher"], []], teams=[team, []])
    move = {"kind": "hire", "doctor": "butcher", "fire": "dr_freud"}
    assert rules.format_move(move, state, 0) == "hire Butcher, fire Dr. Freud"
    assert rules.parse_move("hire butcher fire freud", state, 0) == move


def test_operate_may_leave_out_a_single_specialization():
    state = position(tables=["leper", None], phase="operate")
    assert rules.parse_move("operate", state, 0) == {"kind": "operate", "spec": "dermatology"}
    assert rules.parse_move("op derm", state, 0) == {"kind": "operate", "spec": "dermatology"}
    two = position(tables=["sunburn", None], phase="operate")
    with pytest.raises(games.IllegalMove, match="surgery or dermatology"):
        rules.parse_move("operate", two, 0)


def test_every_legal_move_reads_back_from_its_notation():
    state = watt_position()
    for move in rules.legal_moves(state, 0):
        text = rules.format_move(move, state, 0)
        assert rules.parse_move(text, state, 0) == move, text


def test_players_with_the_same_name_are_named_by_seat():
    state = position(players=3, hands=[["blackout"], [], []])
    state["players"] = ["Ann", "Bob", "bob"]
    move = card("blackout", player=2)
    assert rules.format_move(move, state, 0) == "Blackout seat 3"
    assert rules.parse_move("Blackout seat 3", state, 0) == move


def test_what_is_not_understood_is_answered_with_the_moves_possible():
    with pytest.raises(games.IllegalMove) as refusal:
        rules.parse_move("fly to the moon", watt_position(), 0)
    assert "fly to the moon" in str(refusal.value) and "draw" in str(refusal.value)
    with pytest.raises(games.IllegalMove, match="no doctor called 'house'"):
        rules.parse_move("bribe house", watt_position(), 0)
    with pytest.raises(games.IllegalMove, match="could be"):
        rules.parse_move("dis", watt_position(), 0)


def test_notation_help_gives_examples():
    text = rules.notation_help()
    assert "hire Alien" in text and "operate dermatology" in text and "castle" in text


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (None, "A move is an object"),
        ({"kind": "fly"}, "'fly' is not a move"),
        ({"kind": "draw", "card": "x"}, "has no 'card'"),
        ({"kind": "hire"}, "needs a 'doctor'"),
        ({"kind": "hire", "doctor": "butcher"}, "not a doctor in your hand"),
        ({"kind": "operate", "spec": "surgery"}, "Morning administration"),
        (card("nurse"), "no Nurse in your hand"),
        (card("bribe", doctor="dr_bones"), "can target"),
        (card("bribe"), "needs: doctor"),
        ({"kind": "send", "player": 1}, "Nothing asks you to send"),
    ],
)
def test_refusals_say_what_is_wrong_and_leave_the_state_alone(move, message):
    assert message in refused(watt_position(), 0, move)


def test_a_seat_that_is_not_waited_for_is_told_whose_turn_it_is():
    assert "Dr. Watt's turn" in refused(watt_position(), 2, {"kind": "draw"})
    assert "no seat" in refused(watt_position(), 7, {"kind": "draw"})
    assert "no seat" in refused(watt_position(), True, {"kind": "draw"})


def test_a_boolean_is_not_taken_for_a_seat_number():
    state = watt_position()
    assert card("blackout", player=1) in rules.legal_moves(state, 0)
    assert refused(state, 0, card("blackout", player=True))
