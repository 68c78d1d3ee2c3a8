"""Seeded random playouts that check the rules contract on every step.

tests/games/test_playouts.py plays every game through `play_random_game`, with the game's
own laws (tests/games/<slug>/playouts.py: cards accounted for, no adjacent buttons...) at
every step. The checks here are the ones every game owes the service: every offered move is
accepted, anything else is refused with the state untouched, notation round-trips, views are
JSON, and replaying the log gives the same bytes.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType

import games
from games import IllegalMove, Rng, canonical, step_rng

Invariant = Callable[[dict], None]


@dataclass(frozen=True)
class Playouts:
    """A batch of seeded random games of one game, played at each of `players` (every count
    the game allows when empty); the first `detailed` try every legal move at every step."""

    games: int
    options: dict | None = None
    players: tuple[int, ...] = ()
    detailed: int = 5


def playout_seed(slug: str, players: int, options: dict | None, n: int) -> str:
    """The n-th game of a batch: its seed names the game, the table and the options."""
    return f"{slug}-{players}-{json.dumps(options, sort_keys=True)}-{n}"


def mutated(move: dict, rng: Rng) -> object:
    """A near miss of a legal move: one field changed, dropped or added."""
    junk = copy.deepcopy(move)
    keys = sorted(junk)
    key = rng.choice(keys)
    how = rng.randint(0, 4)
    if how == 0:
        junk[key] = rng.randint(-3, 40)
    elif how == 1:
        junk[key] = rng.choice(["", "x", None, [], {"a": 1}, True])
    elif how == 2 and key != "kind":
        del junk[key]
    elif how == 3:
        junk["kind"] = rng.choice(["", "pass", "nonsense", 7])
    else:
        junk[key] = [junk[key], junk[key]]
    return junk


def junk_moves(legal: list[dict], rng: Rng) -> list[object]:
    moves: list[object] = [None, "draw", 42, [], {}, {"kind": "fly"}]
    for _ in range(3):
        if legal:
            moves.append(mutated(rng.choice(legal), rng))
    return moves


def assert_refused(rules: ModuleType, state: dict, seat: int, move: object) -> None:
    """The move is refused with a reason; the caller checks the state is unchanged."""
    try:
        rules.apply(state, seat, move, Rng("junk"))
    except IllegalMove as refusal:
        assert str(refusal), "a refusal must say why"
    else:
        raise AssertionError(f"seat {seat} was allowed {move!r}, which legal_moves does not offer")


def check_step(rules: ModuleType, state: dict, players: int, rng: Rng, every_move: bool) -> None:
    """Everything a step must satisfy before a move is chosen.

    Junk goes to the seats the game waits for and to one other seat drawn at random: over
    hundreds of games every seat is probed in every phase, at a fraction of the cost.
    """
    encoded = canonical(state)
    waiting = rules.to_act(state)
    for seat in [None, *range(players)]:
        json.dumps(rules.view(state, seat))
    probed = {*waiting, rng.randint(0, players - 1)}
    tried: list[tuple[int, object]] = []
    for seat in range(players):
        legal = rules.legal_moves(state, seat)
        if seat in waiting:
            assert legal, f"seat {seat} is waited for but has no legal move"
        for move in legal if every_move else legal[:3]:
            text = rules.format_move(move, state, seat)
            assert rules.parse_move(text, state, seat) == move, f"{text!r} does not parse back"
            if every_move:
                rules.apply(copy.deepcopy(state), seat, copy.deepcopy(move), Rng("probe"))
        if seat in probed:
            for junk in junk_moves(legal, rng):
                if junk not in legal:
                    assert_refused(rules, state, seat, junk)
                    tried.append((seat, junk))
    assert canonical(state) == encoded, f"a refused move changed the state; refused: {tried}"


def play_random_game(
    rules: ModuleType,
    players: int,
    seed: str,
    options: dict | None = None,
    invariant: Invariant | None = None,
    every_move: bool = False,
    max_steps: int = 20_000,
    check_share: int = 4,
) -> tuple[dict, list[tuple[int, dict]]]:
    """One game by random bots; returns the final state and the log of (seat, move).

    The invariant holds at every step and the whole log must replay byte for byte. The
    costlier checks (views, log lines, junk, notation) run at every step of a detailed game
    and at one step in `check_share`, drawn at random, of the others: across hundreds of
    games that still reaches every phase many times over.
    """
    state = rules.setup(players, options or {}, step_rng(seed, 0))
    bot = Rng(f"{seed}:bot")
    prober = Rng(f"{seed}:probe")
    log: list[tuple[int, dict]] = []
    while rules.to_act(state):
        assert len(log) < max_steps, f"game {seed} did not end in {max_steps} steps"
        checked = every_move or prober.randint(1, check_share) == 1
        if checked:
            check_step(rules, state, players, prober, every_move)
        if invariant:
            invariant(state)
        seat = bot.choice(rules.to_act(state))
        move = bot.choice(rules.legal_moves(state, seat))
        before = canonical(state)
        # A state that went through JSON (as the projection stores it) must play the same.
        after = rules.apply(json.loads(before), seat, move, step_rng(seed, len(log) + 1))
        if checked:
            earlier = json.loads(before)
            for viewer in [None, *range(players)]:
                assert isinstance(rules.describe(earlier, seat, move, after, viewer), str)
        state = after
        log.append((seat, move))
    if invariant:
        invariant(state)
    result = rules.outcome(state)
    assert result is not None, "a game nobody is waited for must have an outcome"
    assert len(result.scores) == players and result.winners
    assert all(rules.legal_moves(state, seat) == [] for seat in range(players)), (
        "moves after the end"
    )
    assert canonical(replay(rules, players, seed, options, log)) == canonical(state)
    return state, log


def replay(rules: ModuleType, players: int, seed: str, options, log) -> dict:
    state = rules.setup(players, options or {}, step_rng(seed, 0))
    for n, (seat, move) in enumerate(log, start=1):
        state = rules.apply(state, seat, copy.deepcopy(move), step_rng(seed, n))
    return state


def play_random_games(
    slug: str,
    players: int,
    count: int,
    options: dict | None = None,
    invariant: Invariant | None = None,
    detailed: int = 5,
) -> list[dict]:
    """`count` seeded games; the first `detailed` try every legal move on a copy at every step."""
    rules = games.get(slug)
    finals = []
    for n in range(count):
        seed = playout_seed(slug, players, options, n)
        final, _ = play_random_game(rules, players, seed, options, invariant, n < detailed)
        finals.append(final)
    return finals
