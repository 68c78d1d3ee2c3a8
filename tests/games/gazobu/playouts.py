"""Gazobu's own laws in the random playouts of tests/games/test_playouts.py: no card is ever
lost, nobody sees another hand or the order of the draw pile, and some games end by the pills."""

from __future__ import annotations

import copy
from collections import Counter

from games import gazobu as rules
from tests.helpers.playout import Playouts

# Gazobu's games are short: twice as many of them as of the other games.
PLAYOUTS = [Playouts(games=200)]
FULL_DECK = Counter(rules.DECK)


def every_card_accounted_for(state: dict) -> None:
    """The conservation law: draw pile, columns, drawn cards, hands and removed make 55 cards."""
    places = [state["draw"], *state["columns"], state["drawn"], *state["hands"], state["removed"]]
    assert sum(len(cards) for cards in places) == 55
    assert Counter(card for cards in places for card in cards) == FULL_DECK
    assert all(0 <= pills <= rules.PILLS for pills in state["pills"])
    if state["phase"] == "take":
        assert state["drawn"] == [] and all(state["columns"])
        assert len(state["draw"]) >= 2 and not rules.is_out(state, state["turn"])
        assert state["removed"] == []
    elif state["phase"] == "place":
        assert 1 <= len(state["drawn"]) <= 2 and state["removed"] == []
    else:
        assert state["phase"] == "over" and state["turn"] is None and state["drawn"] == []
        still_in = [seat for seat in range(len(state["players"])) if not rules.is_out(state, seat)]
        assert len(still_in) == 1 or state["ending"] == "draw pile"
    hands_hidden(state)


def hands_hidden(state: dict) -> None:
    """Other seats' hands and the draw pile order never change what a seat or a spectator sees."""
    if state["phase"] == "over":
        return
    disguised = copy.deepcopy(state)
    for hand in disguised["hands"][1:]:
        hand[:] = ["black-hole"] * len(hand)
    disguised["draw"].reverse()
    for seat in (0, None):
        assert rules.view(disguised, seat) == rules.view(state, seat)


class Checks:
    def __init__(self, players: int, options: dict | None) -> None:
        pass

    def step(self, n: int, state: dict) -> None:
        every_card_accounted_for(state)

    def finished(self, finals: list[dict]) -> None:
        endings = Counter(final["ending"] for final in finals)
        assert endings["pills"] > 0, "some games must end by the pills"
        assert sum(rules.outcome(final).scores[0] for final in finals) != 0
