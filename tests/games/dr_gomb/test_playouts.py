"""Dr. Gomb random playouts: every game ends, every offered move is accepted, junk is refused
with the state untouched, the 120 cards are accounted for at every step, replays are identical,
and nobody ever sees a secret."""

from __future__ import annotations

import pytest

from games.dr_gomb.cards import LETTERS, cards
from games.dr_gomb.rules import CARD_LIMIT
from tests.games.dr_gomb.test_rules import assert_all_cards_accounted_for
from tests.games.dr_gomb.test_views import assert_no_secret_shows
from tests.helpers.playout import play_random_games

GAMES = 500
SECRET_CHECKED_GAMES = 10
PLAYER_COUNTS = [2, 3, 4, 5]
MODES = ["basic", "normal"]


def assert_sound_position(state: dict) -> None:
    assert_all_cards_accounted_for(state)
    for seat in state["sequences"]:
        sequences = seat.split("/")
        assert len(sequences) == len(LETTERS)
        assert sum(len(sequence) for sequence in sequences) // 2 <= CARD_LIMIT
        for letter, sequence in zip(LETTERS, sequences, strict=True):
            assert "?" not in sequence[1::2], "a surprise button was played into a sequence"
            broken = [code for code in cards(sequence) if code[1] == "!"]
            if state["mode"] == "basic":
                assert not broken, "a broken button was played in basic mode"
            assert all(code[0] != letter for code in broken), "a broken button on its colour"
    if state["step"] in ("turn", "three", "over"):
        assert state["held"] == "" and not state["used"]
    if state["step"] == "turn":
        assert state["deck"], "a turn began with an empty deck"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_end_with_every_card_accounted_for_at_every_step(players, mode):
    finals = play_random_games("dr_gomb", players, GAMES, {"mode": mode}, assert_sound_position)
    assert len(finals) == GAMES
    assert all(final["step"] == "over" and final["deck"] == "" for final in finals)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_random_games_never_show_the_talon_the_deck_order_or_a_covered_number(players, mode):
    play_random_games(
        "dr_gomb", players, SECRET_CHECKED_GAMES, {"mode": mode}, assert_no_secret_shows, detailed=0
    )
