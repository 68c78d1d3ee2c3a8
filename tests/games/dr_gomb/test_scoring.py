"""Dr. Gomb scoring: runs from 1, the odd one out, jokers, and the extra set of odd ones out."""

from __future__ import annotations

import pytest

from games import dr_gomb as rules
from games.dr_gomb.scoring import score_player
from tests.games.dr_gomb.test_rules import position, seq


def scored(**by_colour: str) -> dict:
    """One player's breakdown, sequences given by colour as card codes."""
    return score_player(seq(**by_colour).split("/"))


def points(**by_colour: str) -> list[int]:
    return [sequence["points"] for sequence in scored(**by_colour)["sequences"]]


def test_anna_scores_46_points_as_in_the_rulebooks_example():
    anna = seq(
        blue="p1b2b3b4b5",  # 1-5 with the pink 1 as odd one out: 11
        red="r1g*r3r5",  # the green joker is the 2 and the odd one out; 5 is beyond the gap: 5
        green="g1g2y3g4",  # 1-4 with the yellow 3 as odd one out: 8
        pink="p1p2r4p5",  # no 3: red 4 and pink 5 are set aside, no odd one out is left: 0
        yellow="y1y3p4y3r!y2",  # the broken button covered a second 3: 0
    )
    state = position(mode="normal", step="over", sequences={0: anna})
    result = rules.outcome(state)
    breakdown = result.details["players"][0]
    by_colour = {sequence["colour"]: sequence for sequence in breakdown["sequences"]}
    assert [
        by_colour[colour]["points"] for colour in ("blue", "red", "green", "pink", "yellow")
    ] == [
        11,
        5,
        8,
        0,
        0,
    ]
    assert breakdown["extra"] == {
        "cards": ["pink 1", "green joker", "yellow 3"],
        "run": 3,
        "points": 22,
        "note": "",
    }
    assert breakdown["total"] == result.scores[0] == 46
    assert by_colour["red"]["jokers"] == [{"card": "green joker", "value": 2}]
    assert by_colour["red"]["odd_one_out"] == {"card": "green joker", "number": 2}
    assert by_colour["red"]["set_aside"] == ["red 5"]
    assert by_colour["pink"]["set_aside"] == ["red 4", "pink 5"]
    assert by_colour["pink"]["note"] == "no odd one out"
    assert by_colour["yellow"]["note"] == "3 twice"
    assert by_colour["yellow"]["set_aside"] == ["red broken"]


@pytest.mark.parametrize(
    "cards, score",
    [("b1", 1), ("r1b2", 3), ("r1b2r3", 5), ("r1b2r3r4", 8), ("r1b2r3r4r5", 11)],
)
def test_a_run_from_1_scores_1_3_5_8_or_11_by_its_length(cards, score):
    assert points(red=cards)[0] == score


@pytest.mark.parametrize(
    "sequences, extra",
    [
        ({"red": "b1"}, 1),
        ({"red": "b1", "green": "g1r2"}, 11),
        ({"red": "b1", "green": "g1r2", "blue": "b1b2y3"}, 22),
        ({"red": "b1", "green": "g1r2", "blue": "b1b2y3", "pink": "p1p2p3g4"}, 33),
        (
            {
                "red": "b1",
                "green": "g1r2",
                "blue": "b1b2y3",
                "pink": "p1p2p3g4",
                "yellow": "y1y2y3y4p5",
            },
            44,
        ),
    ],
)
def test_the_odd_ones_out_score_1_11_22_33_or_44_extra_by_the_length_of_their_run(sequences, extra):
    assert scored(**sequences)["extra"]["points"] == extra


def test_cards_beyond_a_gap_are_set_aside():
    red = scored(red="r1b2r4r5")["sequences"][0]
    assert (red["run"], red["points"], red["set_aside"]) == (2, 3, ["red 4", "red 5"])


def test_a_sequence_without_a_1_scores_nothing():
    red = scored(red="b2r3r4r5")["sequences"][0]
    assert (red["points"], red["note"]) == (0, "no 1")


def test_a_sequence_whose_odd_one_out_lies_beyond_the_gap_scores_nothing():
    red = scored(red="r1r2b4")["sequences"][0]
    assert (red["points"], red["note"], red["set_aside"]) == (0, "no odd one out", ["blue 4"])


def test_a_sequence_without_an_odd_one_out_scores_nothing():
    assert points(red="r1r2r3r4r5") == [0, 0, 0, 0, 0]


def test_a_sequence_with_two_odd_ones_out_scores_nothing():
    red = scored(red="r1b2g3")["sequences"][0]
    assert (red["points"], red["note"]) == (0, "more than one odd one out")


def test_a_second_odd_one_out_beyond_the_gap_is_only_set_aside():
    red = scored(red="r1b2g4")["sequences"][0]
    assert (red["points"], red["set_aside"]) == (3, ["green 4"])


def test_a_number_twice_in_the_run_spoils_the_sequence():
    red = scored(red="r1b2r2r3")["sequences"][0]
    assert (red["points"], red["note"]) == (0, "2 twice")


def test_a_number_twice_beyond_the_run_does_not_matter():
    assert points(red="r1b2r4r4")[0] == 3


def test_two_odd_ones_out_of_one_colour_score_no_extra_but_keep_their_sequences():
    result = scored(red="b1", green="g1b2")
    assert [sequence["points"] for sequence in result["sequences"][:2]] == [1, 3]
    assert result["extra"]["points"] == 0
    assert result["extra"]["note"] == "two odd ones out of one colour"
    assert result["total"] == 4


def test_two_odd_ones_out_with_one_number_score_no_extra():
    result = scored(red="b1", green="r1")
    assert result["extra"]["points"] == 0
    assert result["extra"]["note"] == "two odd ones out with one number"
    assert result["total"] == 2


def test_odd_ones_out_without_a_1_score_no_extra():
    result = scored(red="r1b2", green="g1g2y3")
    assert result["extra"] == {
        "cards": ["blue 2", "yellow 3"],
        "run": 0,
        "points": 0,
        "note": "no 1",
    }
    assert result["total"] == 3 + 5


def test_odd_ones_out_with_a_gap_score_the_run_below_it():
    result = scored(red="b1", green="g1r2", blue="b1b2b3p4")
    assert result["extra"]["run"] == 2 and result["extra"]["points"] == 11


def test_the_odd_one_out_of_a_spoiled_sequence_does_not_join_the_extra_set():
    result = scored(red="b1", green="g1r2g2")
    assert result["extra"]["cards"] == ["blue 1"]
    assert result["total"] == 1 + 1


def test_a_joker_takes_the_missing_number_that_scores_best():
    red = scored(red="r1r*r3r4b5")["sequences"][0]
    assert red["jokers"] == [{"card": "red joker", "value": 2}]
    assert red["points"] == 11


def test_a_joker_value_is_chosen_for_the_extra_set_too():
    # The blue joker could be the 3 (a run of 3 in red) or the 4, 5 (a run of 2); as the 3 it
    # also completes the odd ones out 1, 2, 3.
    result = scored(red="r1r2b*", green="g1p2", blue="y1b2")
    assert result["sequences"][0]["jokers"] == [{"card": "blue joker", "value": 3}]
    assert result["total"] == 5 + 3 + 3 + 22


def test_a_joker_gives_up_its_own_run_when_the_extra_set_pays_more():
    # As the 3 the green joker would give red 5 points but repeat the number 3 among the odd
    # ones out (blue 3 in yellow), which would cost the 33 extra points.
    result = scored(red="r1r2g*", green="g1g2g3r4", blue="p1", pink="p1y2", yellow="y1y2b3")
    assert result["sequences"][0]["jokers"] == [{"card": "green joker", "value": 4}]
    assert result["sequences"][0]["points"] == 0
    assert result["extra"]["points"] == 33
    assert result["total"] == 0 + 8 + 1 + 3 + 5 + 33


def test_a_joker_can_only_take_a_number_its_sequence_lacks():
    red = scored(red="r1r2r3r4r5b*")["sequences"][0]
    assert red["jokers"] == [{"card": "blue joker", "value": None}]
    assert (red["points"], red["note"]) == (0, "no odd one out")
    assert red["set_aside"] == ["blue joker"]


def test_two_jokers_in_a_sequence_take_different_numbers():
    red = scored(red="r1r*b*r4r5")["sequences"][0]
    assert sorted(joker["value"] for joker in red["jokers"]) == [2, 3]
    assert red["points"] == 11


def test_a_covering_broken_button_is_set_aside_and_the_cards_under_it_count():
    red = scored(red="r1b2y!r3")["sequences"][0]
    assert (red["points"], red["set_aside"]) == (5, ["yellow broken"])


def test_an_empty_hand_of_sequences_scores_nothing():
    result = scored()
    assert result["total"] == 0 and result["extra"]["note"] == ""
