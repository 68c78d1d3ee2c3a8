"""Golden logs: recorded games must replay to the same final position forever.

A change to a game's rules that alters how an old log replays must bump the module's
`version` (old games keep the rules they started with) and re-record these logs with
`GOLDEN_RECORD=1 pytest tests/rules/test_golden_logs.py`.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

import games
from games import Rng, canonical, step_rng
from games.bots import random_move

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("gazobu", 3, {}),
    ("dos", 3, {"target": 100}),
    ("dr_gomb", 3, {"mode": "normal"}),
    ("buttons", 3, {}),
    ("dr_hrubec", 4, {}),
]


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
    state = rules.setup(log["players"], log["options"], step_rng(log["seed"], 0))
    for n, (seat, move) in enumerate(log["moves"], start=1):
        state = rules.apply(state, seat, move, step_rng(log["seed"], n))
    return state


@pytest.mark.parametrize(("slug", "players", "options"), CASES, ids=[c[0] for c in CASES])
def test_a_recorded_game_replays_to_its_recorded_final_position(slug, players, options):
    path = GOLDEN / f"{slug}.json"
    if os.environ.get("GOLDEN_RECORD") == "1":
        path.write_text(json.dumps(record(slug, players, options), separators=(",", ":")))
    log = json.loads(path.read_text())
    assert log["version"] == games.get(slug).version, "re-record after bumping the version"
    final = replay(log)
    assert games.get(slug).outcome(final) is not None
    assert digest(final) == log["final_sha256"], (
        f"{slug}'s rules now replay an old log differently: bump `version` in the module "
        "and keep the old rules for old games, or undo the change"
    )
