"""The log lines and snapshots written with the moves: every logged step told to every viewer
(and, once the game is over, to everyone), a snapshot every SNAPSHOT_EVERY moves, and the
logging of an entry that is no rules move.

Apart because every writer (moves, timeouts, take-backs, votes, verification) tells its steps
the same way; readers of the log read what is written here.
"""

from __future__ import annotations

import copy

import games
from games import texts as game_texts
from tabletop import prepared
from tabletop.play.models import Game, LogLine, Move, Snapshot
from tabletop.play.store.events import (
    RESIGN,
    is_adjudication,
    is_table_event,
    is_take_back,
    is_webhook_change,
    moves_named,
    tell_adjudication,
    tell_vote,
    tell_webhook_change,
)

# A replay up to any move starts from the nearest snapshot: at most this many steps.
SNAPSHOT_EVERY = 50


def log_event(game: Game, seat: int, payload: dict, source: str, after: dict) -> Move:
    """Log a step that is no game move (a take-back, a vote's call, ballot or result) with
    its lines, the position it leaves being `after`; the caller projects and saves."""
    move = Move.objects.create(
        game=game, seq=game.seq + 1, seat=seat, payload=payload, source=source
    )
    told = Told()
    told.add(game, move, game.state, after, game.random_events)
    told.save()
    game.seq += 1
    return move


def tell(game: Game, move: Move, before: dict, after: dict, viewer: games.Viewer) -> str:
    """One logged move as `viewer` may read it (resignations and forfeits are the store's);
    `games.EVERYONE` once the game is over."""
    name = before["players"][move.seat] if "players" in before else ""
    if move.payload == RESIGN:
        if move.source == Move.Source.FORFEIT:
            return game_texts.tell(
                "%(name)s forfeited: the deadline passed without a move.", name=name
            )
        return game_texts.tell("%(name)s resigned.", name=name)
    if is_take_back(move):
        withdrawn = moves_named(move.payload["withdraws"])
        return game_texts.tell("%(name)s took back %(moves)s.", name=name, moves=withdrawn)
    if is_webhook_change(move):
        return tell_webhook_change(move, before["players"])
    if is_adjudication(move):
        return tell_adjudication(move)
    if is_table_event(move):
        return tell_vote(move, before["players"])
    return game.rules.describe(before, move.seat, move.payload, after, viewer)


def viewers(game: Game) -> list[int | None]:
    """Everyone a log line is told to: each seat, and anyone not seated."""
    return [*range(game.players), None]


def line(game: Game, move: Move, viewer: int | None, told: str) -> LogLine:
    """The stored line: its English, and its language-free form when the teller gave one."""
    message = told.as_data() if isinstance(told, game_texts.Text) else None
    return LogLine(
        game=game, move=move, seq=move.seq, viewer=viewer, text=str(told), message=message
    )


class Told:
    """The log lines and snapshots of the steps being logged, written with them in one insert
    each (the lines for every viewer; a snapshot every SNAPSHOT_EVERY moves)."""

    def __init__(self) -> None:
        self.lines: list[LogLine] = []
        self.snapshots: list[Snapshot] = []

    def add(self, game: Game, move: Move, before: dict, after: dict, random_events: int) -> None:
        self.lines += [
            line(game, move, viewer, tell(game, move, before, after, viewer))
            for viewer in viewers(game)
        ]
        if move.seq % SNAPSHOT_EVERY == 0:
            # Later steps change `after` in place: the snapshot keeps its own copy.
            self.snapshots.append(
                Snapshot(
                    game=game,
                    seq=move.seq,
                    state=copy.deepcopy(after),
                    random_events=random_events,
                )
            )

    def extend(self, other: Told) -> None:
        self.lines += other.lines
        self.snapshots += other.snapshots

    def add_for_everyone(self, game: Game, move: Move, before: dict, after: dict) -> None:
        """The line every reader reads once the game is over."""
        told = tell(game, move, before, after, games.EVERYONE)
        self.lines.append(line(game, move, LogLine.EVERYONE, told))

    def save(self) -> None:
        if not self.lines:
            return
        prepared.insert(self.lines)
        if self.snapshots:
            prepared.insert(self.snapshots)
