"""Whether the moves an email prints can be read back as anything but themselves.

In positions sampled from seeded random playouts, for every seat with legal moves: every
canonical spelling (`format_move`) reads back as exactly its own move and as no other, and
every spelling in the folded lines of a turn email (`move_groups`, or the service's fallback
`group_moves`) reads as exactly one legal move. A game that can say every move a line could
mean (`read_meanings`) is asked for all of them, so that two meanings cannot hide behind the
first one found.
"""

from __future__ import annotations

from types import ModuleType

from games import Rng, step_rng
from games.base import group_moves


def meanings(rules: ModuleType, text: str, state: dict, seat: int) -> list[dict]:
    read = getattr(rules, "read_meanings", None)
    return read(text, state, seat) if read else [rules.parse_move(text, state, seat)]


def groups_of(rules: ModuleType, state: dict, seat: int, legal: list[dict]):
    fold = getattr(rules, "move_groups", None)
    if fold is not None:
        return fold(state, seat)
    return group_moves([rules.format_move(move, state, seat) for move in legal])


def check_position(rules: ModuleType, state: dict, seat: int) -> int:
    """Checks every printed line of one seat in one position; returns how many were read."""
    legal = rules.legal_moves(state, seat)
    read = 0
    spellings = [rules.format_move(move, state, seat) for move in legal]
    assert len(set(spellings)) == len(spellings), f"two moves share a spelling: {spellings}"
    for move, text in zip(legal, spellings, strict=True):
        assert meanings(rules, text, state, seat) == [move], f"{text!r} is not only its move"
        read += 1
    for group in groups_of(rules, state, seat, legal):
        for text in group.spellings():
            found = meanings(rules, text, state, seat)
            assert len(found) == 1 and found[0] in legal, f"{text!r} in {group.line()!r}: {found}"
            read += 1
    return read


def check_playouts(
    rules: ModuleType, players: int, seeds: int, every: int = 7, most_steps: int = 600
) -> int:
    """Random playouts (seeded), one position in `every` checked for every seat."""
    read = 0
    for game in range(seeds):
        seed = f"{rules.slug}-ambiguity-{game}"
        state = rules.setup(players, {}, step_rng(seed, 0))
        bot = Rng(f"{seed}:bot")
        for step in range(most_steps):
            if not rules.to_act(state):
                break
            if step % every == 0:
                for seat in range(players):
                    read += check_position(rules, state, seat)
            seat = bot.choice(rules.to_act(state))
            move = bot.choice(rules.legal_moves(state, seat))
            state = rules.apply(state, seat, move, step_rng(seed, step + 1))
    return read
