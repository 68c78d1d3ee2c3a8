"""The log's latest steps, read once for whoever shows a game now (the game page, its panel,
a turn email): the undo's question, the player's last own step, the votes decided since and
the steps taken back all look no further back than these.

Kept on the game object for as long as its projection stands at the same seq: the log is
append-only, so a game at that seq has exactly these latest steps, and a move made since
(a new seq) reads them afresh.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.play.models import Game, Move
from tabletop.play.store.log_lines import SNAPSHOT_EVERY

# How far back a take-back reaches: the player's own step among the latest this many.
TAKE_BACK_REACH = 64
# The undo's reach, and the replay back from its step to the snapshot before it.
REACH = TAKE_BACK_REACH + SNAPSHOT_EVERY


@dataclass(frozen=True)
class Recent:
    """The latest steps of a game's log up to `seq`, oldest first."""

    seq: int
    moves: list[Move]

    def holds_after(self, after_seq: int) -> bool:
        """Whether every step after `after_seq` is here (seqs run 1..seq without a gap)."""
        return after_seq >= self.seq - len(self.moves)

    def after(self, after_seq: int) -> list[Move]:
        return [move for move in self.moves if move.seq > after_seq]


def recent_moves(game: Game) -> Recent:
    """The game's latest REACH steps up to its projection's seq, read once per seq."""
    if has_recent_moves(game):
        return game._recent_moves
    latest = list(game.moves.filter(seq__lte=game.seq).order_by("-seq")[:REACH])
    # With their game: each row's `game` then needs no query of its own.
    found = Recent(game.seq, [with_game(move, game) for move in latest[::-1]])
    game._recent_moves = found
    return found


def has_recent_moves(game: Game) -> bool:
    kept = getattr(game, "_recent_moves", None)
    return kept is not None and kept.seq == game.seq


def keep_recent_moves(game: Game, moves: list[Move]) -> bool:
    """Keep `moves` (oldest first, read by the caller with something else) as the game's
    latest steps, if they are all of them; whether they were."""
    complete = len(moves) == min(REACH, game.seq) and (not moves or moves[-1].seq == game.seq)
    if complete:
        game._recent_moves = Recent(game.seq, [with_game(move, game) for move in moves])
    return complete


def moves_after(game: Game, after_seq: int) -> list[Move] | None:
    """The steps after `after_seq` from the latest steps, or None (and nothing read) when they
    reach further back than those."""
    if after_seq < game.seq - REACH:
        return None
    return recent_moves(game).after(after_seq)


def with_game(move: Move, game: Game) -> Move:
    move.game = game
    return move
