"""Small helpers to build games through the store, as players would."""

from __future__ import annotations

from games import Rng
from tabletop.play import store
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.models import Game


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
    return play_bot_steps(game, Rng(seed), count)
