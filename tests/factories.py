"""Small helpers to build games through the store, as players would."""

from __future__ import annotations

import games
from games import Rng
from tabletop.play import store
from tabletop.play.models import Game, Move


def started_game(users: list, slug: str = "gazobu", options: dict | None = None, **kwargs) -> Game:
    game = store.create_game(users[0], slug, len(users), options or {}, **kwargs)
    for user in users[1:]:
        store.join_game(game, user)
    game.refresh_from_db()
    return game


def user_at(game: Game, seat: int):
    return game.seats.get(position=seat).user


def play_random_steps(game: Game, count: int, seed: str = "steps") -> Game:
    """`count` random legal steps through the store, as the seats in to_act."""
    rng = Rng(seed)
    rules = games.get(game.slug)
    for _ in range(count):
        game.refresh_from_db()
        if not game.to_act:
            break
        seat = rng.choice(game.to_act)
        move = rng.choice(rules.legal_moves(game.state, seat))
        store.submit(game, user_at(game, seat), move, game.seq, Move.Source.BOT)
    game.refresh_from_db()
    return game
