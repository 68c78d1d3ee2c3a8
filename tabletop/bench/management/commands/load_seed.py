"""Seed the load test's players and games (`make load` runs it on a fresh database)."""

from pathlib import Path

from django.core.management.base import BaseCommand

from tabletop.bench import load


class Command(BaseCommand):
    help = "Create N players (page, API and email kinds) with tokens, sessions and games."

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=1000)
        parser.add_argument(
            "--games-per-player", type=int, choices=[1, 2], default=2, help="1: pairs; 2: a ring"
        )
        parser.add_argument("--out", type=Path, required=True, help="the players file for Locust")

    def handle(self, *args, players: int, games_per_player: int, out: Path, **options):
        seeded = load.seed(players, games_per_player)
        load.write_players(seeded, out)
        games = {game for each in seeded for game, _seat in each["games"]}
        kinds = {kind: sum(p["kind"] == kind for p in seeded) for kind in load.SOURCE_OF_KIND}
        self.stdout.write(f"{len(seeded)} players {kinds}, {len(games)} games -> {out}")
