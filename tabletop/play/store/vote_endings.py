"""A vote to give a late player's seat to the computer ends when that player moves in it: they
are here after all. The end is logged like any vote's result (a "vote-result" that failed,
`ended_by` "move"), so the log, its replays and the Vote rows rebuilt from it all tell it.

Apart from votes.py because moves.py calls it inside every player's submission, and votes.py
itself plays moves (a seat given to the bot plays at once) through moves.py.
"""

from __future__ import annotations

from tabletop.play import clock
from tabletop.play.models import Game, Move, Vote
from tabletop.play.store.log_lines import log_event

ENDED_BY_MOVE = "move"


def late(game: Game, seat: int) -> bool:
    """Whether the seat is out of time as its player moves (its deadline passed, or its clock
    stopped for the table's question): only then may the table be voting on giving it to the
    computer (votes.py), so a punctual player's move pays no query for votes."""
    row = next(row for row in game.seats.all() if row.position == seat)
    return row.deadline is None or row.deadline <= clock.now()


def end_votes_on(game: Game, seat: int, logged: list[Move], was_late: bool) -> None:
    """The player at `seat` has just stepped in it (`logged`), late (`was_late`, asked before
    the steps): every open vote on giving that seat to the computer ends, logged; a clock
    stopped for the question runs again."""
    if not was_late or game.is_over or not any(move.seat == seat for move in logged):
        return
    asked = Vote.objects.select_for_update().filter(
        game=game, result="", subject=Vote.Subject.REPLACE, concerns=seat
    )
    for vote in asked:
        question = {"subject": vote.subject, **vote.details}
        payload = {
            "kind": "vote-result",
            "vote": vote.seq,
            "result": Vote.Result.FAILED,
            "question": question,
            "ended_by": ENDED_BY_MOVE,
        }
        log_event(game, seat, payload, Move.Source.VOTE, game.state)
        game.save(update_fields=["seq"])
        vote.result = Vote.Result.FAILED
        vote.save(update_fields=["result"])
        if vote.details.get("at_deadline") and seat in game.to_act:
            late = next(row for row in game.seats.all() if row.position == seat)
            if late.deadline is None:
                clock.extend_deadline(game, seat, game.days_per_move)
