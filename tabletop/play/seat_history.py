"""A finished game's past as one seat saw it during play: that seat's view of the position
at a step, and the log lines as that seat read them then.

Once a game is over its history shows everything to everyone (`tabletop.play.history`); this
asks what a player knew when they chose. Only for finished games: during play another seat's
view is that seat's secret. The lines are the ones the store wrote for that seat with each
move (LogLine, viewer = seat); a game whose lines are not projected is told again by replay.
"""

from __future__ import annotations

from tabletop.play import clock, history, store, texts
from tabletop.play.models import Game, LogLine, Move


def position_and_lines(
    game: Game, seq: int, seat: int, reader: int | None, around: int
) -> tuple[dict, list[dict]]:
    """The position after move `seq` as `seat` saw it, and the lines of at most `around`
    moves either side as that seat read them; `reader` (the seat of whoever looks, if any)
    sees the exact times of their own steps only, as everywhere."""
    if not game.is_over:
        raise store.Refused("A seat's view of the past is shown once the game is over.")
    if not 0 <= seat < game.players:
        raise store.Refused(f"Seat {seat} does not exist; this game has {game.players} seats.")
    if not 0 <= seq <= game.seq:
        raise store.Refused(f"Move {seq} does not exist; this game has moves 0 to {game.seq}.")
    after_seq, upto = history.log_window(game, seq, around)
    state = store.replay(game, upto=seq)
    position = {"seq": seq, "view": game.rules.view(state, seat)}
    lines = _stored_lines(game, seat, after_seq, upto)
    if lines is None:
        lines = _told_lines(game, seat, after_seq, upto)
    for line in lines:
        move = line.pop("move")
        line["source"] = _source(move, seat)
        line["created"] = move.created if reader == move.seat else clock.to_the_minute(move.created)
    return position, history.mark_withdrawn(game, lines)


def _stored_lines(game: Game, seat: int, after_seq: int, upto: int) -> list[dict] | None:
    rows = LogLine.objects.filter(game=game, viewer=seat, seq__gt=after_seq, seq__lte=upto)
    found = list(rows.select_related("move").order_by("seq"))
    if len(found) != upto - after_seq:
        return None
    return [
        {
            "seq": row.seq,
            "seat": row.move.seat,
            "text": texts.stored_in_active_language(row.text, row.message),
            "move": row.move,
        }
        for row in found
    ]


def _told_lines(game: Game, seat: int, after_seq: int, upto: int) -> list[dict]:
    return [
        {
            "seq": move.seq,
            "seat": move.seat,
            "text": texts.in_active_language(store.tell(game, move, before, after, seat)),
            "move": move,
        }
        for move, before, after in store.history(game, upto)
        if move.seq > after_seq
    ]


def _source(move: Move, seat: int) -> str:
    """How the step reached the log, as that seat could tell then (history._source in play)."""
    if seat == move.seat or move.source not in history.PLAYERS_OWN:
        return move.source
    return history.A_PLAYERS_MOVE
