"""Players that need nothing but legal_moves: used for timeouts, simulations and playouts."""

from __future__ import annotations

import copy
from types import ModuleType

from games.base import Rng


def decisive_moves(rules: ModuleType, state: dict, seat: int) -> list[dict]:
    """The legal moves that answer what the game waits for.

    A game lists in `side_kinds` the moves a seat may make at any time without answering
    (Buttons' standing orders); a bot standing in for an absent player leaves those alone
    unless nothing else is legal.
    """
    legal = rules.legal_moves(state, seat)
    side = getattr(rules, "side_kinds", ())
    return [move for move in legal if move["kind"] not in side] or legal


def random_move(rules: ModuleType, state: dict, seat: int, rng: Rng) -> dict:
    """Any decisive legal move, uniformly."""
    return rng.choice(decisive_moves(rules, state, seat))


def greedy_move(rules: ModuleType, state: dict, seat: int, rng: Rng) -> dict:
    """The move that most improves the seat's standing one step ahead.

    A game may offer `standing(state, seat) -> int` (its running score); without it the
    greedy bot plays like the random one. Ties go to the first such move, so the bot is
    deterministic for a given state.
    """
    moves = decisive_moves(rules, state, seat)
    standing = getattr(rules, "standing", None)
    if standing is None or len(moves) == 1:
        return rng.choice(moves)
    probe_rng_seed = f"greedy:{rng.randint(0, 2**32)}"
    best, best_value = moves[0], None
    for move in moves:
        after = rules.apply(copy.deepcopy(state), seat, move, Rng(probe_rng_seed))
        value = standing(after, seat)
        if best_value is None or value > best_value:
            best, best_value = move, value
    return best


def strong(rules: ModuleType, state: dict, seat: int, rng: Rng) -> dict:
    """The game's own strong bot, where it has one; else the greedy bot.

    A game's `bot_move(state, seat, rng)` plays only on what `view(state, seat)` shows (never
    another seat's hidden cards or the deck order): it stands in for an absent friend, and
    must not play better than they could. `rng` is the bot's own, never the game's stream.
    """
    bot_move = getattr(rules, "bot_move", None)
    if bot_move is None:
        return greedy_move(rules, state, seat, rng)
    return bot_move(state, seat, rng)


BOTS = {"random": random_move, "greedy": greedy_move, "strong": strong}
