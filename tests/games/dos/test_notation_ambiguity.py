"""No line a DOS email prints can be read as two different moves, or as another move."""

from __future__ import annotations

import pytest

from games import dos
from tests.games.dos.test_rules import position
from tests.helpers.notation_ambiguity import check_playouts, check_position


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_printed_line_reads_as_two_moves_in_positions_from_playouts(players):
    assert check_playouts(dos, players, seeds=10, every=2, most_steps=400) > 1000


def test_no_printed_line_reads_as_two_moves_with_wilds_on_both_sides():
    hands = [["blue 3", "red 3", "yellow 4", "yellow 7", "red #", "yellow #", "DOS"], ["blue 1"]]
    state = position(hands, ["blue #", "DOS", "red 7", "blue 7", "yellow 4"])
    assert check_position(dos, state, 0) > 100


def test_no_printed_line_reads_as_two_moves_when_both_rows_hold_the_same_cards():
    state = position([["red 7", "blue 7", "green 3", "green 4"], ["blue 1"]], ["red 7", "blue 7"])
    assert check_position(dos, state, 0) > 10
