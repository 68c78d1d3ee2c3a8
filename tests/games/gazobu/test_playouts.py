"""Gazobu played out by greedy bots: they finish their games and lose no card on the way.
(The random playouts of every game are tests/games/test_playouts.py.)"""

from __future__ import annotations

import pytest

from games import Rng, step_rng
from games import gazobu as rules
from games.bots import greedy_move
from tests.games.gazobu.playouts import every_card_accounted_for


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
