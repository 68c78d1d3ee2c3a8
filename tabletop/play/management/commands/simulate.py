"""Bots play whole games through the store, as players would through the API."""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

import games
from games import Rng
from games.bots import BOTS
from tabletop.play import store
from tabletop.play.autoplay import play_bot_steps


def bot_user(n: int):
    user, _ = get_user_model().objects.get_or_create(username=f"bot{n}", defaults={"email": ""})
    return user


class Command(BaseCommand):
    help = "Play whole games with bots through the store and print their results."

    def add_arguments(self, parser):
        parser.add_argument("--game", default="gazobu", choices=games.slugs())
        parser.add_argument("--players", type=int, default=None)
        parser.add_argument("--games", type=int, default=1, dest="count")
        parser.add_argument("--bot", default="random", choices=sorted(BOTS))
        parser.add_argument("--seed", default="simulate")

    def handle(self, *args, game, players, count, bot, seed, **options):
        rules = games.get(game)
        seats = players or rules.min_players
        users = [bot_user(n) for n in range(seats)]
        rng = Rng(seed)
        for _ in range(count):
            created = store.create_game(users[0], game, seats, {}, timeout_policy="bot")
            for user in users[1:]:
                store.join_game(created, user)
            done = play_bot_steps(created, rng, bot=BOTS[bot])
            self.stdout.write(
                f"game {done.pk}: {done.seq} moves, scores {done.outcome['scores']}, "
                f"winners {done.outcome['winners']}"
            )
