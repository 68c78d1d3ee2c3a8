"""The table's votes as a player hears of them: those waiting for their ballot, and those
decided since their own last step in the game.

Apart from the store, which calls, answers and decides votes (and alone writes them); the
pages and the emails read here what to put in front of whom.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.base_user import AbstractBaseUser

from tabletop.play import store
from tabletop.play.models import Game, Move, Seat, Vote


@dataclass(frozen=True)
class Decided:
    """A vote's logged result: what it asked, how it ended, and the seq of that line."""

    seq: int
    question: dict
    result: str
    # "move": the player it concerned moved in their seat, which ended it.
    ended_by: str = ""


def waiting_for(
    user: AbstractBaseUser, seats: dict[int, int] | None = None
) -> list[tuple[Vote, int]]:
    """Every open vote of the player's running games that waits for their ballot, with the
    seat they answer it from, the soonest to expire first. `seats` are the player's seats in
    their running games ({game id: position}) where the caller has them already."""
    if seats is None:
        seats = dict(
            Seat.objects.filter(user=user, game__status=Game.Status.ACTIVE).values_list(
                "game_id", "position"
            )
        )
    if not seats:
        return []
    votes = Vote.objects.filter(game_id__in=list(seats), result="").select_related("game")
    return [
        (vote, seats[vote.game_id])
        for vote in votes.order_by("expires", "pk")
        if waits_for(vote, seats[vote.game_id])
    ]


def waits_for(vote: Vote, seat: int | None) -> bool:
    return vote.is_open and seat in vote.voters and seat not in vote.yes + vote.no


def decided_since(game: Game, after_seq: int) -> list[Decided]:
    """The votes whose result was logged after `after_seq`, oldest first: from the latest
    steps when they reach back that far (they are read once for the page or the email)."""
    held = store.moves_after(game, after_seq)
    if held is not None:
        found = [(move.payload, move.seq) for move in held if is_vote_result(move)]
    else:
        results = game.moves.filter(seq__gt=after_seq, payload__kind=VOTE_RESULT)
        found = list(results.order_by("seq").values_list("payload", "seq"))
    return [
        Decided(seq, payload["question"], payload["result"], payload.get("ended_by", ""))
        for payload, seq in found
    ]


VOTE_RESULT = "vote-result"


def is_vote_result(move: Move) -> bool:
    return kind_of(move) == VOTE_RESULT


def open_votes(game: Game) -> list[Vote]:
    """The votes the table has not decided yet, in the order they were called. None to read
    when the latest steps hold the whole log and every call in it has its result (each call
    and result is a logged step)."""
    held = store.moves_after(game, 0)
    if held is not None:
        called = {move.seq for move in held if kind_of(move) == VOTE_CALL}
        decided = {move.payload.get("vote") for move in held if is_vote_result(move)}
        if not called - decided:
            return []
    return list(game.votes.filter(result=""))


VOTE_CALL = "vote"


def kind_of(move: Move) -> str | None:
    return move.payload.get("kind") if isinstance(move.payload, dict) else None


def last_own_step(game: Game, seat: int) -> int:
    """The seq of the seat's own last step (0 before it has made one); calling or answering
    a vote or changing a webhook is no step in the game, nor is a bot's or a standing
    order's move."""
    recent = store.recent_moves(game)
    own = [move.seq for move in recent.moves if is_own_step(move, seat)]
    if own or recent.holds_after(0):
        return max(own, default=0)
    last = (
        game.moves.filter(seat=seat)
        .exclude(source__in=[Move.Source.BOT, Move.Source.STANDING_ORDER])
        # has_key too: a payload without a kind is a step, and SQL's NOT (NULL IN ...) is no.
        .exclude(payload__has_key="kind", payload__kind__in=store.TABLE_EVENTS)
        .order_by("-seq")
        .values_list("seq", flat=True)
        .first()
    )
    return last or 0


def is_own_step(move: Move, seat: int) -> bool:
    """The same test as last_own_step's query, on a move at hand."""
    if move.seat != seat or move.source in (Move.Source.BOT, Move.Source.STANDING_ORDER):
        return False
    return not (isinstance(move.payload, dict) and move.payload.get("kind") in store.TABLE_EVENTS)


def decided_since_own_step(game: Game, seat: int | None) -> list[Decided]:
    """What the player at `seat` has to hear of: the votes decided since their last step."""
    if seat is None:
        return []
    return decided_since(game, last_own_step(game, seat))
