"""Bots moving through the store as players would: demo, simulations, benchmarks, tests."""

from __future__ import annotations

from collections.abc import Callable

from games import Rng
from games.bots import random_move
from tabletop.play import store
from tabletop.play.models import Game, Move


def play_bot_steps(
    game: Game, rng: Rng, steps: int | None = None, bot: Callable = random_move
) -> Game:
    """Up to `steps` moves by `bot` for the seats the game waits for (to the end when None)."""
    rules = game.rules
    done = 0
    while steps is None or done < steps:
        game.refresh_from_db()
        if not game.to_act:
            break
        seat = rng.choice(game.to_act)
        move = bot(rules, game.state, seat, rng)
        store.submit(game, game.seats.get(position=seat).user, move, game.seq, Move.Source.BOT)
        done += 1
    game.refresh_from_db()
    return game
