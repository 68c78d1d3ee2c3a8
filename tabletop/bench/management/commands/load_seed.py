"""Seed the load test's players and games (`make load` runs it on a fresh database)."""

import json
import os
from pathlib import Path

from django.core.management.base import BaseCommand

from tabletop.bench import load


class Command(BaseCommand):
    help = (
        "Create N players with tokens, sessions and games: the slow-game site (each at 3 "
        "games of 2 to 4 seats of every kind), or the fast model's page, API and email kinds."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=1000)
        parser.add_argument(
            "--model",
            choices=["site", "fast"],
            default="site",
            help="site: the slow-game site (the default); fast: the earlier live-play model",
        )
        parser.add_argument(
            "--games-per-player",
            type=int,
            default=None,
            help="site: games per player (3); fast: 1 for pairs, 2 for a ring (2)",
        )
        parser.add_argument(
            "--jobs",
            type=int,
            default=os.cpu_count() or 1,
            help="site: processes seating the games side by side (one per core)",
        )
        parser.add_argument("--out", type=Path, required=True, help="the players file for Locust")

    def handle(self, *args, players, model, games_per_player, jobs, out: Path, **options):
        if model == "site":
            seeded = load.seed_site(players, games_per_player or 3, max(1, jobs))
            out.write_text(json.dumps(seeded))
            everyone = seeded["players"]
            letters = sum(len(p["letters"]) for p in everyone)
            games = {game for each in everyone for game, _seat in each["games"]}
            self.stdout.write(
                f"{len(everyone)} players, {len(games)} games, {letters} turns waiting -> {out}"
            )
            return
        seeded = load.seed(players, games_per_player or 2)
        load.write_players(seeded, out)
        games = {game for each in seeded for game, _seat in each["games"]}
        kinds = {kind: sum(p["kind"] == kind for p in seeded) for kind in load.SOURCE_OF_KIND}
        self.stdout.write(f"{len(seeded)} players {kinds}, {len(games)} games -> {out}")
