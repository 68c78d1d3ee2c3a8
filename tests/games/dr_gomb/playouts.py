"""Dr. Gomb's own laws in the random playouts of tests/games/test_playouts.py: the 120 cards
are accounted for at every step, sequences keep their rules, and nobody ever sees a secret
(the talon, the deck order, a covered number)."""

from __future__ import annotations

from games.dr_gomb.cards import LETTERS, cards
from games.dr_gomb.rules import CARD_LIMIT
from tests.games.dr_gomb.test_rules import assert_all_cards_accounted_for
from tests.games.dr_gomb.test_views import assert_no_secret_shows
from tests.helpers.playout import Playouts

PLAYOUTS = [Playouts(games=100, options={"mode": mode}) for mode in ("basic", "normal")]
# The first games of a batch are also searched for secrets in every view at every step.
SECRET_CHECKED_GAMES = 10


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


class Checks:
    def __init__(self, players: int, options: dict | None) -> None:
        pass

    def step(self, n: int, state: dict) -> None:
        assert_sound_position(state)
        if n < SECRET_CHECKED_GAMES:
            assert_no_secret_shows(state)

    def finished(self, finals: list[dict]) -> None:
        assert all(final["step"] == "over" and final["deck"] == "" for final in finals)
