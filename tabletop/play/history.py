"""Reading a game's past: log lines and positions as a given viewer may see them.

The lines are read from the store's projection (LogLine, written with each move), the
positions replayed from the nearest snapshot. While a game runs each reader reads their own
lines; once it is over everyone reads the same ones, in the third person with nothing hidden.
Each line's time is exact for the reader's own steps and to the minute for any other.
A game whose lines are not projected (one logged before they were, until `manage.py
verify_log` projects them) is told by replaying its log, exactly as the projection would.
"""

from __future__ import annotations

from datetime import datetime

from django.db import router
from django.db.models import QuerySet

import games
from tabletop import prepared
from tabletop.play import clock, store, texts
from tabletop.play.models import Game, LogLine, Move


def describe(game: Game, move: Move, before: dict, after: dict, viewer: games.Viewer) -> str:
    return texts.in_active_language(store.tell(game, move, before, after, viewer))


def lines(
    game: Game, viewer: int | None, after_seq: int = 0, upto: int | None = None
) -> list[dict]:
    """The log as `viewer` may read it; only moves after `after_seq` (and up to `upto`) when
    given."""
    upto = game.seq if upto is None else min(upto, game.seq)
    after_seq = max(0, after_seq)
    if after_seq >= upto:
        return []
    stored = _stored_lines(game, viewer, after_seq, upto)
    if stored is None:
        stored = [
            _line(game, move, before, after, viewer)
            for move, before, after in store.history(game, upto)
            if move.seq > after_seq
        ]
    return mark_withdrawn(game, stored)


def mark_withdrawn(game: Game, told: list[dict]) -> list[dict]:
    """Each line gets `withdrawn_by`: the name of who took its step back, or None."""
    if not told:
        return told
    taken_back = {}
    for seat, payload in take_backs(game, min(line["seq"] for line in told)):
        for seq in payload["withdraws"]:
            taken_back[seq] = seat
    names = [seat.user.get_username() for seat in game.seats_with_players()]
    for line in told:
        seat = taken_back.get(line["seq"])
        line["withdrawn_by"] = names[seat] if seat is not None else None
    return told


def take_backs(game: Game, first_seq: int) -> list[tuple[int, dict]]:
    """The take-backs that may withdraw steps from `first_seq` on, (seat, payload) each: they
    come after the steps they withdraw, so the latest steps hold them when they reach back to
    `first_seq` (read once for the page or the email); else the whole log is asked."""
    held = store.moves_after(game, first_seq)
    if held is not None:
        return [(move.seat, move.payload) for move in held if store.is_take_back(move)]
    # None before the first step counts: a window of a long log reads its own end alone.
    found = game.moves.filter(seq__gt=first_seq, payload__kind=store.TAKE_BACK)
    return list(found.values_list("seat", "payload"))


def latest_lines(game: Game, viewer: int | None, count: int) -> list[dict]:
    """The last `count` lines of the log as `viewer` may read them, oldest first.

    A page that shows them also asks the latest steps (undo, votes, take-backs): unless those
    are read already, the lines of all of them are read with their steps in one query, and
    the steps kept for the rest of the page."""
    after_seq = max(0, game.seq - count)
    if not store.has_recent_moves(game):
        rows = _line_rows(game, viewer, max(0, game.seq - store.RECENT_REACH), game.seq)
        if store.keep_recent_moves(game, [row.move for row in rows]):
            shown = [_stored_line(game, row, viewer) for row in rows if row.seq > after_seq]
            return mark_withdrawn(game, shown)
    return lines(game, viewer, after_seq=after_seq)


def _stored_lines(game: Game, viewer: int | None, after_seq: int, upto: int) -> list[dict] | None:
    """The projected lines of moves after_seq+1..upto, or None unless every one of them is."""
    found = _line_rows(game, viewer, after_seq, upto)
    if len(found) != upto - after_seq:
        return None
    return [_stored_line(game, row, viewer) for row in found]


def _line_rows(game: Game, viewer: int | None, after_seq: int, upto: int) -> list[LogLine]:
    """The projected lines of moves after_seq+1..upto that `viewer` reads, with their moves;
    compiled once per thread and kind of reader (`prepared`): every game page reads them."""
    reader = "everyone" if game.is_over else "spectator" if viewer is None else "seat"
    alias = router.db_for_read(LogLine)
    query = prepared.prepare(alias, ("log lines", reader), lambda: _lines_query(reader))
    stand_ins = {STAND_IN_GAME: game.pk, STAND_IN_AFTER: after_seq, STAND_IN_UPTO: upto}
    found = prepared.instances(query, {**stand_ins, STAND_IN_VIEWER: viewer})
    for row in found:
        row.move.game = game
    return found


# Stand-ins within their columns' ranges: the ORM drops or empties a lookup on a positive
# column compared with a negative number, rather than sending it.
STAND_IN_GAME = -7_770_301
STAND_IN_AFTER, STAND_IN_UPTO = 2_147_480_001, 2_147_480_002
STAND_IN_VIEWER = 32_001


def _lines_query(reader: str) -> QuerySet[LogLine]:
    rows = LogLine.objects.filter(
        game_id=STAND_IN_GAME, seq__gt=STAND_IN_AFTER, seq__lte=STAND_IN_UPTO
    )
    if reader == "everyone":
        rows = rows.filter(viewer=LogLine.EVERYONE)  # see _reader
    elif reader == "spectator":
        rows = rows.filter(viewer__isnull=True)
    else:
        rows = rows.filter(viewer=STAND_IN_VIEWER)
    return rows.select_related("move").order_by("seq")


def _stored_line(game: Game, row: LogLine, viewer: int | None) -> dict:
    return {
        "seq": row.seq,
        "seat": row.move.seat,
        "source": _source(game, row.move, viewer),
        "text": texts.stored_in_active_language(row.text, row.message),
        "message": row.message,
        "created": shown_time(row.move, viewer),
    }


def position(game: Game, seq: int, viewer: int | None) -> dict:
    """The viewer's view after move `seq`; once the game is over, every seat's view too."""
    _check_seq(game, seq)
    return _position(game, seq, viewer, store.replay(game, upto=seq))


def position_and_lines(
    game: Game, seq: int, viewer: int | None, around: int | None = None
) -> tuple[dict, list[dict]]:
    """The position after move `seq` and the log: the whole of it, or the lines of at most
    `around` moves either side of `seq` (from the projected lines and the nearest snapshot,
    or else from a single replay)."""
    _check_seq(game, seq)
    after_seq, upto = (0, game.seq) if around is None else log_window(game, seq, around)
    stored = _stored_lines(game, viewer, after_seq, upto)
    if stored is not None:
        return position(game, seq, viewer), mark_withdrawn(game, stored)
    state_at, log = None, []
    for move, before, after in store.history(game, upto):
        if move.seq == 1 and seq == 0:
            state_at = before
        if move.seq == seq:
            state_at = after
        if move.seq > after_seq:
            log.append(_line(game, move, before, after, viewer))
    if state_at is None:  # a game with no moves yet
        state_at = store.initial_state(game)
    return _position(game, seq, viewer, state_at), mark_withdrawn(game, log)


def log_window(game: Game, seq: int, around: int) -> tuple[int, int]:
    """The moves (after, upto] of a window of 2 * `around` moves that holds `seq`, as near its
    middle as the ends of the log allow."""
    upto = min(game.seq, max(seq + around, 2 * around))
    return max(0, upto - 2 * around), upto


# The ways a player's own choice reaches the log. Which one it was is the mover's business
# while the game runs: a standing order in particular is private until the end (Buttons).
PLAYERS_OWN = (Move.Source.WEB, Move.Source.API, Move.Source.EMAIL, Move.Source.STANDING_ORDER)
# How the others read any of them meanwhile.
A_PLAYERS_MOVE = "player"


def _line(game: Game, move: Move, before: dict, after: dict, viewer: int | None) -> dict:
    told = store.tell(game, move, before, after, _reader(game, move, viewer))
    return {
        "seq": move.seq,
        "seat": move.seat,
        "source": _source(game, move, viewer),
        "text": texts.in_active_language(told),
        "message": texts.language_free(told),
        "created": shown_time(move, viewer),
    }


def shown_time(move: Move, viewer: int | None) -> datetime:
    """When a step was logged, as `viewer` may read it: their own steps exactly, any other
    to the minute, during play and after."""
    if viewer is not None and viewer == move.seat:
        return move.created
    return clock.to_the_minute(move.created)


def _source(game: Game, move: Move, viewer: int | None) -> str:
    if game.is_over or viewer == move.seat or move.source not in PLAYERS_OWN:
        return move.source
    return A_PLAYERS_MOVE


def _reader(game: Game, move: Move, viewer: int | None) -> games.Viewer:
    """Once the game is over every line is told to everyone alike: nothing is secret."""
    return games.EVERYONE if game.is_over else viewer


def _check_seq(game: Game, seq: int) -> None:
    if seq < 0 or seq > game.seq:
        raise store.Refused(f"Move {seq} does not exist; this game has moves 0 to {game.seq}.")


def _position(game: Game, seq: int, viewer: int | None, state: dict) -> dict:
    rules = game.rules
    # A game may hide more of an earlier position than its view did then: what is secret now
    # (Dr. Gomb's covered numbers) must not show through the history.
    past_view = getattr(rules, "past_view", None)
    if past_view is not None and not game.is_over and game.state is not None:
        shown = past_view(state, game.state, viewer)
    else:
        shown = rules.view(state, viewer)
    result = {"seq": seq, "view": shown}
    if game.is_over:
        result["views"] = [rules.view(state, seat) for seat in range(game.players)]
    return result
