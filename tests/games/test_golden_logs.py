"""Golden logs: recorded games must replay to the same final position forever.

A change to a game's rules that alters how an old log replays must bump the module's
`version` and keep the old rules for old games (`versions`, `setup(..., version=)`): every
recorded log keeps replaying under the version it was recorded at. Record the new version's
log with `GOLDEN_RECORD=1 pytest tests/games/test_golden_logs.py` (it writes only logs that
do not exist yet: `<slug>.json` is version 1, `<slug>-v<N>.json` version N).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

import games
from games import Rng, canonical, setup_at, step_rng, supported_versions
from games.bots import random_move

GOLDEN = Path(__file__).parent / "golden"
# The table a new log is recorded at: three players and the default options unless named
# here (a DOS match to 100 is shorter; Dr. Gomb's normal mode plays more of its rules).
RECORDED_AT = {
    "dos": (3, {"target": 100}),
    "dr_gomb": (3, {"mode": "normal"}),
    "dr_hrubec": (4, {}),
}


def recorded_at(slug: str) -> tuple[int, dict]:
    rules = games.get(slug)
    return RECORDED_AT.get(slug, (max(rules.min_players, min(3, rules.max_players)), {}))


def record(slug: str, players: int, options: dict) -> dict:
    rules = games.get(slug)
    seed = f"golden-{slug}"
    state = rules.setup(players, options, step_rng(seed, 0))
    bot = Rng(f"{seed}:bot")
    moves = []
    while rules.to_act(state):
        seat = bot.choice(rules.to_act(state))
        move = random_move(rules, state, seat, bot)
        moves.append([seat, move])
        state = rules.apply(state, seat, move, step_rng(seed, len(moves)))
    return {
        "game": slug,
        "version": rules.version,
        "players": players,
        "options": options,
        "seed": seed,
        "moves": moves,
        "final_sha256": digest(state),
    }


def digest(state: dict) -> str:
    return hashlib.sha256(canonical(state).encode()).hexdigest()


def replay(log: dict) -> dict:
    rules = games.get(log["game"])
    rng = step_rng(log["seed"], 0)
    state = setup_at(rules, log["players"], log["options"], rng, log["version"])
    for n, (seat, move) in enumerate(log["moves"], start=1):
        state = rules.apply(state, seat, move, step_rng(log["seed"], n))
    return state


def golden_path(slug: str, version: int) -> Path:
    return GOLDEN / (f"{slug}.json" if version == 1 else f"{slug}-v{version}.json")


@pytest.mark.parametrize("slug", games.slugs())
def test_the_latest_rules_of_every_game_have_a_recorded_game(slug):
    path = golden_path(slug, games.get(slug).version)
    if os.environ.get("GOLDEN_RECORD") == "1" and not path.exists():
        players, options = recorded_at(slug)
        path.write_text(json.dumps(record(slug, players, options), separators=(",", ":")))
    assert path.exists(), "record the new version's log (see the module docstring)"


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_a_recorded_game_replays_to_its_recorded_final_position(path):
    log = json.loads(path.read_text())
    assert log["game"] in games.slugs()
    rules = games.get(log["game"])
    assert log["version"] in supported_versions(rules), "old games must keep their rules"
    final = replay(log)
    assert rules.outcome(final) is not None
    assert digest(final) == log["final_sha256"], (
        f"{log['game']}'s rules now replay an old log differently: bump `version` in the "
        "module and keep the old rules for old games, or undo the change"
    )
