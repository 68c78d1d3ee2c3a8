"""How fast a finished game is analysed: one long game of each game, played through the store by
players (so every step is judged against the strong bot), then analysed in this process.

Figures for `manage.py benchmark --only analysis`, not tests: positions per second per game,
and the seconds a 300-step game of it would take (the service's budget is a minute), by the
wall clock and in the process's own CPU time.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

from django.conf import settings
from django.test.utils import override_settings

import games
from games import Rng
from games.bots import random_move
from tabletop.bench.play import new_game
from tabletop.play import analysis, store
from tabletop.play.models import Game, Move

BUDGET_STEPS = 300


def finished_game(slug: str, seed: str) -> Game:
    """A whole game of random players (they play long games), every step a player's own."""
    rng = Rng(seed)
    # The worker is not asked: the benchmark analyses the game itself, in this process.
    with override_settings(ANALYSIS_PLAYOUTS=0):
        game = new_game(slug, 3)
        while game.to_act:
            seat = game.to_act[0]
            move = random_move(game.rules, game.state, seat, rng)
            store.submit(game, game.seats.get(position=seat).user, move, game.seq, Move.Source.WEB)
            game.refresh_from_db()
    return game


def analysis_speed(slugs: tuple[str, ...] | None = None) -> Iterator[dict]:
    """For each game in turn: its length, the seconds its analysis took, positions per second."""
    for slug in slugs or games.slugs():
        game = finished_game(slug, f"analysis-bench-{slug}")
        started, cpu = time.perf_counter(), time.process_time()
        row = analysis.analyse(game)
        seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
        rate = row.steps_done / seconds
        yield (
            {
                "slug": slug,
                "steps": row.steps_done,
                "judged": sum(1 for step in row.steps if step["suggestion"]),
                "seconds": seconds,
                "per_second": rate,
                "for_300": BUDGET_STEPS / rate,
                # The process's own CPU time: on a machine others share, the wall clock also
                # counts their work.
                "cpu_for_300": cpu * BUDGET_STEPS / row.steps_done,
                "playouts": settings.ANALYSIS_PLAYOUTS,
            }
        )
