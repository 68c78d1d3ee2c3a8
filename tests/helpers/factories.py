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


def play_as_people(game: Game, seed: str = "people", steps: int | None = None) -> Game:
    """Random legal moves through the API's door, as the seated people would make them (to
    the end when `steps` is None): a game every player played, as ratings count them."""
    from games.bots import random_move
    from tabletop.play.models import Move

    rng, done = Rng(seed), 0
    while steps is None or done < steps:
        game.refresh_from_db()
        if not game.to_act:
            break
        seat = rng.choice(game.to_act)
        move = random_move(game.rules, game.state, seat, rng)
        store.submit(game, user_at(game, seat), move, game.seq, Move.Source.API)
        done += 1
    game.refresh_from_db()
    return game
