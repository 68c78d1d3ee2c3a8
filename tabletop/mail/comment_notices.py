"""Telling a finished game's players that someone commented on one of its steps.

Each player of the table but the author hears of a comment (play/comments.py) on the channels
they chose for "comment": by email at most once a day per game (the email names the comment
that woke it and links to its step; the thread is read there), on their webhook and in their
browser at every comment. Whoever blocks the author is not told, as they do not read it.
"""

from __future__ import annotations

from datetime import timedelta

from tabletop.accounts import blocks, links
from tabletop.mail import outbox
from tabletop.mail.models import Outbox
from tabletop.play import clock

# The most email one game's comments send one player.
ONE_EMAIL_PER = timedelta(hours=24)


def step_url(game_id: int, seq: int) -> str:
    return links.absolute(f"{links.history_path(game_id)}?seq={seq}")


def tell_the_table(comment) -> None:
    """Queue the notices of a new comment, in the transaction that keeps it."""
    game = comment.game
    others = [seat for seat in game.seats_with_players() if seat.user_id != comment.user_id]
    muted = blocks.blockers_of(comment.user, [seat.user_id for seat in others])
    told = [seat for seat in others if seat.user_id not in muted]
    words = {
        "comment_id": comment.pk,
        "comment_by": comment.user.get_username(),
        "comment": comment.text,
        "step": comment.seq,
        "step_url": step_url(game.pk, comment.seq),
    }
    emailed = emailed_lately(game, [seat.user_id for seat in told])
    for seat in told:
        if seat.user_id not in emailed:
            outbox.queue(Outbox.Kind.COMMENT, game, seat.user, seat.position, **words)
    outbox.queue_other_channels(Outbox.Kind.COMMENT, game, told, **words)


def emailed_lately(game, user_ids: list[int]) -> set[int]:
    """The players who had an email about this game's comments in the last ONE_EMAIL_PER."""
    rows = Outbox.objects.filter(
        kind=Outbox.Kind.COMMENT,
        channel=Outbox.Channel.EMAIL,
        game=game,
        user_id__in=user_ids,
        created__gte=clock.now() - ONE_EMAIL_PER,
    )
    return set(rows.values_list("user_id", flat=True))


def forget(comment) -> None:
    """A moderator hid a comment: the notices still waiting to tell it stay unsent."""
    Outbox.objects.filter(
        kind=Outbox.Kind.COMMENT,
        game=comment.game_id,
        status__in=(Outbox.Status.PENDING, Outbox.Status.HELD),
        context__comment_id=comment.pk,
    ).update(status=Outbox.Status.SKIPPED)
