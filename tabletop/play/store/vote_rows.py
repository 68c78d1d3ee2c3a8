"""A Vote row is its call, ballots and result in the log, folded together: the row a logged
call opens, every vote the log holds, and the rows rewritten from it.

Apart from votes.py because the log's verification and imports rebuild the rows without
calling or deciding any vote.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from tabletop.play.models import Game, Move, Vote
from tabletop.play.store.events import VOTE_EVENTS

# How long a vote stays open unless the table decides it sooner.
VOTE_DAYS = 2


def concerned_seat(subject: str, details: dict, caller: int) -> int | None:
    """The seat a vote is about, which does not vote on it: the late or absent player, the one
    asking for a take-back; None when ending the game (it concerns everyone)."""
    if subject == Vote.Subject.END:
        return None
    if subject == Vote.Subject.TAKE_BACK:
        return caller
    return details["seat"]


# A call also logs who votes on it and until when; one logged before calls carried those
# leaves them to its row.
CALL_BOOKKEEPING = ("voters", "expires")


def row_of_call(call: Move) -> dict:
    """The Vote row's fields (but game and seq) as a logged call opens the vote; without
    voters and expires for an older call, which did not log them."""
    payload, caller = call.payload, call.seat
    subject = payload["subject"]
    ignored = ("kind", "subject", *CALL_BOOKKEEPING)
    details = {name: value for name, value in payload.items() if name not in ignored}
    fields = {
        "subject": subject,
        "details": details,
        "caller": caller,
        "concerns": concerned_seat(subject, details, caller),
        "no": [],
        "result": "",
    }
    if "voters" not in payload:
        # Who voted then followed from the subject: the caller, unless the vote was about them
        # (a take-back's asker is the seat it concerns).
        fields["yes"] = [caller] * (fields["concerns"] != caller)
        return fields
    expires = datetime.fromisoformat(payload["expires"])
    voters = list(payload["voters"])
    return fields | {"voters": voters, "yes": [caller] * (caller in voters), "expires": expires}


def votes_in_log(game: Game) -> dict[int, dict]:
    """Every vote of the game's log, by the seq of its call, as its Vote row should read."""
    votes: dict[int, dict] = {}
    for move in game.moves.filter(payload__kind__in=VOTE_EVENTS).order_by("seq"):
        payload = move.payload
        if payload["kind"] == "vote":
            votes[move.seq] = row_of_call(move)
        elif payload["kind"] == "ballot":
            votes[payload["vote"]]["yes" if payload["yes"] else "no"].append(move.seat)
        else:
            votes[payload["vote"]]["result"] = payload["result"]
    return votes


def rebuild_votes(game: Game) -> None:
    """Rewrite the Vote rows from the log. A row keeps its id (links and emails name it) and,
    for a call older than logged voters, the voters and expiry the log does not hold; a lost
    row of such a call gets those who are known to have voted, and the usual days."""
    logged = votes_in_log(game)
    game.votes.exclude(seq__in=list(logged)).delete()
    stored = {vote.seq: vote for vote in game.votes.all()}
    for seq, fields in logged.items():
        vote = stored.get(seq) or Vote(game=game, seq=seq)
        if vote.pk is None and "voters" not in fields:
            vote.voters = sorted({*fields["yes"], *fields["no"]})
            vote.expires = game.moves.get(seq=seq).created + timedelta(days=VOTE_DAYS)
        for name, value in fields.items():
            setattr(vote, name, value)
        vote.save()
