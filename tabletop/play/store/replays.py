"""Positions rebuilt from the log: a game's setup, the state after any move (from the nearest
snapshot), and the history of (move, before, after) that replays, checks and exports walk.

Apart because it only reads: anything that needs a past position uses it, and it writes nothing.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from functools import partial
from types import ModuleType
from typing import Any

import games
from games import IllegalMove, RandomStream
from tabletop.play import forks
from tabletop.play.models import Game, Move, Snapshot
from tabletop.play.store.events import RESIGN, first_withdrawn, is_table_event, is_take_back
from tabletop.play.store.log_lines import SNAPSHOT_EVERY


def random_stream(game: Game) -> RandomStream:
    """Where the game's next step draws its randomness from (the projection's count)."""
    return RandomStream(game.seed, game.random_scheme, game.random_events)


def replay(game: Game, upto: int | None = None, *, from_setup: bool = False) -> dict:
    """The rules state after move `upto` (all moves when None), rebuilt from the log from the
    nearest snapshot on (at most SNAPSHOT_EVERY steps), or from the setup."""
    start = None if from_setup else nearest_snapshot(game, upto)
    return _replay(game, upto, start)[0]


def nearest_snapshot(game: Game, upto: int | None = None) -> Snapshot | None:
    """The latest snapshot at or before move `upto` (the last move when None)."""
    if upto is not None and upto < SNAPSHOT_EVERY:
        return None  # the first is taken after move SNAPSHOT_EVERY (log_lines.py)
    snapshots = game.snapshots.order_by("-seq")
    if upto is not None:
        snapshots = snapshots.filter(seq__lte=upto)
    return snapshots.first()


def _replay(game: Game, upto: int | None = None, start: Snapshot | None = None) -> tuple[dict, int]:
    """The state after move `upto` and the random events drawn by then, from the setup (or
    from the snapshot `start`)."""
    stream = RandomStream(game.seed, game.random_scheme, start.random_events if start else 0)
    state = None
    for _move, _before, after in history(game, upto, stream, start):
        state = after
    if state is None and start is not None:
        return copy.deepcopy(start.state), start.random_events
    # With no moves up to `upto`, history has only set the game up (and drawn for it).
    return state if state is not None else initial_state(game), stream.events


def initial_state(game: Game) -> dict:
    return set_up(game, RandomStream(game.seed, game.random_scheme))


def set_up(game: Game, stream: RandomStream) -> dict:
    names = [seat.user.get_username() for seat in game.seats_with_players()]
    if game.forked_from_id is not None:
        return _forked_setup(game, names, stream)
    rng = stream.rng_for(0)
    state = games.setup_at(game.rules, names, game.options, rng, game.rules_version)
    stream.settle(rng)
    return state


def history(
    game: Game,
    upto: int | None = None,
    stream: RandomStream | None = None,
    start: Snapshot | None = None,
    steps: list[Move] | None = None,
) -> Iterator[tuple[Move, dict, dict]]:
    """Each logged move with the state before and after it (after the snapshot `start` only,
    when given: `stream` must then stand at its random events). `steps` are the moves after
    the start to the end of the log, when the caller holds them already (recent.py)."""
    rules = game.rules
    stream = stream or RandomStream(game.seed, game.random_scheme)
    if start is None:
        state = set_up(game, stream)
        moves = game.moves.order_by("seq")
    else:
        state = copy.deepcopy(start.state)
        moves = game.moves.filter(seq__gt=start.seq).order_by("seq")
    if upto is not None:
        moves = moves.filter(seq__lte=upto)
        steps = None if steps is None else [step for step in steps if step.seq <= upto]
    restore = partial(_replayed_before, game)
    yield from replay_log(rules, state, list(moves) if steps is None else steps, stream, restore)


def replay_log(
    rules: ModuleType,
    state: dict,
    steps: list,
    stream: RandomStream,
    restore: Callable | None = None,
) -> Iterator[tuple[Any, dict, dict]]:
    """Each step of a stretch of a log (anything with `seq`, `seat` and `payload`: a Move, an
    exported entry) with the position before and after it, starting from `state`.

    Resignations and table events change no position; a take-back goes back to the position
    before the first step it withdraws, kept as the replay passed it, else `restore(seq)`
    (a replay that began later); every other step is the rules' own, with its rng.
    """
    restore_points = {first_withdrawn(step.payload) for step in steps if is_take_back(step)}
    kept: dict[int, dict] = {}
    for step in steps:
        before = state
        if step.seq in restore_points:
            kept[step.seq] = before
        if step.payload == RESIGN or is_table_event(step):
            after = before
        elif is_take_back(step):
            first = first_withdrawn(step.payload)
            after = copy.deepcopy(kept[first]) if first in kept else _restored(restore, first)
        else:
            rng = stream.rng_for(step.seq)
            after = rules.apply(copy.deepcopy(before), step.seat, copy.deepcopy(step.payload), rng)
            stream.settle(rng)
        yield step, before, after
        state = after


def _restored(restore: Callable | None, seq: int) -> dict:
    if restore is None:
        raise IllegalMove(f"a take-back withdraws move {seq}, which this log does not hold")
    return restore(seq)


def _replayed_before(game: Game, seq: int) -> dict:
    """The position move `seq` met, for a replay that began at a later snapshot."""
    return replay(game, upto=seq - 1)


def _forked_setup(game: Game, names: list[str], stream: RandomStream) -> dict:
    """A fork's first position: its source's after the fork's step, replayed from the
    source's log (tabletop.play.forks)."""
    position = replay(game.forked_from, upto=game.forked_at)
    return forks.starting_position(game.rules, position, names, stream)
