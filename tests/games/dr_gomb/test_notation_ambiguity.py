"""No line a Dr. Gomb email prints can be read as two different moves, or as another move.

Dr. Gomb's reader gives one move per line; what could go wrong is two moves printed alike, or
a printed line read back as a different move: both are checked over random playouts.
"""

from __future__ import annotations

import pytest

import games
from tests.helpers.notation_ambiguity import check_playouts


@pytest.mark.parametrize("players", [2, 3, 5])
def test_no_printed_line_reads_as_two_moves_in_positions_from_playouts(players):
    assert check_playouts(games.get("dr_gomb"), players, seeds=6, every=2) > 100
