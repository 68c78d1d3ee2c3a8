"""Gazobu played out by seeded random bots: the contract holds and no card is ever lost."""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from games import Rng, step_rng
from games import gazobu as rules
from games.bots import greedy_move
from tests.helpers.playout import play_random_games

GAMES_PER_PLAYER_COUNT = 500
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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_every_card_accounted_for(players):
    finals = play_random_games(
        "gazobu", players, GAMES_PER_PLAYER_COUNT, invariant=every_card_accounted_for
    )
    assert len(finals) == GAMES_PER_PLAYER_COUNT
    endings = Counter(final["ending"] for final in finals)
    assert endings["pills"] > 0, "some games must end by the pills"
    assert sum(rules.outcome(final).scores[0] for final in finals) != 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_bots_finish_their_games(players):
    for n in range(10):
        state = rules.setup(players, {}, step_rng(f"greedy-{n}", 0))
        bot = Rng(f"greedy-{n}:bot")
        step = 0
        while rules.to_act(state):
            seat = rules.to_act(state)[0]
            step += 1
            move = greedy_move(rules, state, seat, bot)
            state = rules.apply(state, seat, move, step_rng(f"greedy-{n}", step))
            every_card_accounted_for(state)
        assert rules.outcome(state).winners
