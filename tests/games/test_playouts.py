"""Every game played out by seeded random bots: one suite, run against every game.

Each game plays the batches its tests/games/<slug>/playouts.py names (`PLAYOUTS`, every
player count unless it says otherwise) and holds its own laws at every step and in every
finished game (`Checks`); a game without that module plays `DEFAULT` with the contract's
checks alone. The contract's checks (tests/helpers/playout.py) run in every game: every game
ends with an outcome, every offered move is accepted, anything else is refused with the
state untouched, the notation reads back, the views are JSON, and the log replays byte for
byte. The seeds come from the test's own parameters (`playout_seed`) and a failure names
the game's seed.
"""

from __future__ import annotations

import functools
import importlib
import os
from types import ModuleType

import pytest

import games
from tests.helpers.playout import Playouts, play_random_game, playout_seed

DEFAULT = [Playouts(games=100)]
# CI plays each batch once; PLAYOUTS_TIMES=5 plays five times as many games (the same first
# ones, then more), as the suites of 300-500 games a table did before it was cut for time.
TIMES = int(os.environ.get("PLAYOUTS_TIMES", "1"))


class NoChecks:
    """The contract's checks alone, for a game with no laws of its own written down yet."""

    def __init__(self, players: int, options: dict | None) -> None:
        pass

    def step(self, n: int, state: dict) -> None:
        pass

    def finished(self, finals: list[dict]) -> None:
        pass


def laws_of(slug: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"tests.games.{slug}.playouts")
    except ModuleNotFoundError as missing:
        if missing.name != f"tests.games.{slug}.playouts":
            raise
        return None


def batches() -> list:
    cases = []
    for slug in games.slugs():
        rules, laws = games.get(slug), laws_of(slug)
        for batch in getattr(laws, "PLAYOUTS", DEFAULT):
            counts = batch.players or range(rules.min_players, rules.max_players + 1)
            named = "-".join(f"{key}={value}" for key, value in (batch.options or {}).items())
            for players in counts:
                label = f"{slug}-{players}p" + (f"-{named}" if named else "")
                cases.append(pytest.param(slug, players, batch, id=label))
    return cases


@pytest.mark.parametrize(("slug", "players", "batch"), batches())
def test_random_games_end_keep_the_contract_and_the_games_own_laws(slug, players, batch):
    rules, laws = games.get(slug), laws_of(slug)
    checks = getattr(laws, "Checks", NoChecks)(players, batch.options)
    finals, count = [], batch.games * TIMES
    for n in range(count):
        seed = playout_seed(slug, players, batch.options, n)
        final, _ = play_random_game(
            rules,
            players,
            seed,
            batch.options,
            functools.partial(checks.step, n),
            every_move=n < batch.detailed,
        )
        finals.append(final)
    assert len(finals) == count
    checks.finished(finals)
