"""Dr. Hrubec: 500 seeded random games per player count through the shared playout harness.

Every game ends, every offered move is accepted, junk is refused with the state untouched,
the notation reads back, replays are byte-identical, and all 84 cards are accounted for at
every step.
"""

from __future__ import annotations

import pytest

from games.dr_hrubec.cards import BY_SLUG
from tests.rules.dr_hrubec_positions import assert_all_cards_accounted
from tests.rules.playout import play_random_games

GAMES_PER_PLAYER_COUNT = 500


def cards_and_places_hold(state: dict) -> None:
    assert_all_cards_accounted(state)
    assert all(len(team) <= 4 or state["pending"] for team in state["teams"])
    assert len(state["waiting"]) <= state["places"]
    assert all(BY_SLUG[card].kind == "doctor" for team in state["teams"] for card in team)
    assert all(BY_SLUG[card].kind != "patient" for card in state["deck"] + state["discard"])
    for hand in state["hands"]:
        assert all(BY_SLUG[card].kind != "patient" for card in hand)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_with_every_card_accounted_for(players):
    finals = play_random_games(
        "dr_hrubec", players, GAMES_PER_PLAYER_COUNT, invariant=cards_and_places_hold
    )
    assert len(finals) == GAMES_PER_PLAYER_COUNT
    assert all(state["phase"] == "over" for state in finals)
