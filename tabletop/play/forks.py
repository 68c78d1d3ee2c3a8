"""Forks: a new game played on from a step of a finished game ("what if I had taken the
other column?").

The new game's log starts with a reference to its source game and step (Game.forked_from and
forked_at; the `fork` of its exported log, which holds the source's own log): its first
position is the source's after that step, replayed from the source's log, with the new
game's players named in it; a rules module that keeps unseen cards in its state
(`reshuffle_unseen`) has them shuffled again with the new game's secret seed, so everything
random from there on comes from the new seed. `store.fork_game` writes it; `verify_log` and
`replay_log` replay it from the source's log like any other game. Forks are never rated.
"""

from __future__ import annotations

import copy

from games import RandomStream


def starting_position(rules, position: dict, names: list[str], stream: RandomStream) -> dict:
    """The fork's first position: the source's `position` with the new players' names, its
    unseen cards shuffled again from the fork's own random stream (its setup draw)."""
    state = copy.deepcopy(position)
    if "players" in state:
        state["players"] = list(names)
    reshuffle = getattr(rules, "reshuffle_unseen", None)
    if reshuffle is not None:
        rng = stream.rng_for(0)
        state = reshuffle(state, rng)
        stream.settle(rng)
    return state
