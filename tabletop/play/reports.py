"""Reports: a player tells the moderators that a line of table talk, or a comment on a step
of a finished game, should not be there, and a moderator hides it.

Anyone who may read a line or comment may report it, once: a second report of the same one by
the same player is the first one again and costs nothing against their limit
(RATE_LIMITS["report"], one limit for both kinds). Hiding is for staff (the Django admin,
play/admin.py): the text is read by nobody from then on (pages, the API, the history, emails
not yet sent, the text record, the export between servers), and the record keeps a line there
saying a moderator hid something. Talk and comments are no moves, so neither is hiding them:
the game's log, its seq and everyone's turn stay as they were. A hidden comment is no longer
edited or deleted by its author (play/comments.py): the mark stays where it was.
"""

from __future__ import annotations

import math

from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext, ngettext

from tabletop.accounts import limits
from tabletop.play import chat, clock, comments, signals, stamps
from tabletop.play.models import ChatMessage, Game, Report, StepComment
from tabletop.play.store import Refused

# The lines (or comments) shown before and after a reported one in the admin, so a moderator
# reads it as the table did.
CONTEXT_LINES = 3


class NoSuchLine(Refused):
    """No line of talk that this reader may read has this number."""

    status = 404


class NoSuchComment(Refused):
    """No comment that this reader may read has this number."""

    status = 404


class TooManyReports(Refused):
    """Over RATE_LIMITS["report"]; `wait` is the seconds until the next report is taken."""

    status = 429

    def __init__(self, message: str, wait: int):
        super().__init__(message)
        self.wait = wait


# ---------------------------------------------------------------------------- reporting


def readable_line(game: Game, message_id: int, user) -> ChatMessage:
    """The line `message_id` of the game's talk, if `user` may read it now."""
    if not chat.may_read(game, game.seat_of(user)):
        raise NoSuchLine(gettext("There is no such line of table talk that you can read."))
    found = game.chat.filter(pk=message_id, hidden__isnull=True).first()
    if found is None:
        raise NoSuchLine(gettext("There is no such line of table talk that you can read."))
    return found


def readable_comment(game: Game, comment_id: int, user) -> StepComment:
    """The comment `comment_id` on the game's steps, if `user` may read it now."""
    found = None
    if comments.may_read(game, user):
        found = game.comments.filter(pk=comment_id, hidden__isnull=True).first()
    if found is None:
        raise NoSuchComment(gettext("There is no such comment that you can read."))
    return found


def report(game: Game, message_id: int, user, reason: str = "") -> Report:
    """`user` reports line `message_id` of the game's talk to the moderators."""
    return kept(user, reason, message=readable_line(game, message_id, user))


def report_comment(game: Game, comment_id: int, user, reason: str = "") -> Report:
    """`user` reports comment `comment_id` on a step of the game to the moderators."""
    return kept(user, reason, comment=readable_comment(game, comment_id, user))


def kept(user, reason: str, **reported) -> Report:
    """The report of `reported` (message= or comment=) by `user`: the earlier one if there is
    one, else a new one if the reporter's limit allows it."""
    earlier = Report.objects.filter(reporter=user, **reported).first()
    if earlier is not None:
        return earlier
    refuse_over_the_limit(user)
    said = chat.clean(str(reason))[: Report.REASON_LENGTH]
    try:
        with transaction.atomic():
            return Report.objects.create(reporter=user, reason=said, **reported)
    except IntegrityError:
        # The same player's other click got there first: it is the same report.
        return Report.objects.get(reporter=user, **reported)


def refuse_over_the_limit(user) -> None:
    wait = limits.spend(None, "report", limits.of_user(user))
    if not wait:
        return
    minutes = math.ceil(wait / 60)
    raise TooManyReports(
        ngettext(
            "You have reported many lines in a short time; the moderators will read them. "
            "You can report another in %(minutes)s minute.",
            "You have reported many lines in a short time; the moderators will read them. "
            "You can report another in %(minutes)s minutes.",
            minutes,
        )
        % {"minutes": minutes},
        wait,
    )


# ---------------------------------------------------------------------------- hiding


def hide(message: ChatMessage, moderator) -> bool:
    """Hide a line of talk; False if it was hidden already."""
    with transaction.atomic():
        changed = hidden_now(message, moderator)
        if changed:
            stamps.game_changed(message.game_id, players=[])
            signals.talk_hidden.send(sender=ChatMessage, message=message)
    return changed


def hide_comment(comment: StepComment, moderator) -> bool:
    """Hide a comment on a step; False if it was hidden already."""
    with transaction.atomic():
        changed = hidden_now(comment, moderator)
        if changed:
            signals.comment_hidden.send(sender=StepComment, comment=comment)
    return changed


def hidden_now(said: ChatMessage | StepComment, moderator) -> bool:
    # One UPDATE that only a row not yet hidden matches: two moderators hide it once.
    rows = type(said).objects.filter(pk=said.pk, hidden__isnull=True)
    changed = bool(rows.update(hidden=clock.now(), hidden_by=moderator))
    if changed:
        said.refresh_from_db()
    return changed


# ---------------------------------------------------------------------------- context


def context_of(said: ChatMessage | StepComment) -> list:
    """The reported line with the lines said just before and after it at the same table; a
    reported comment with the comments just before and after it (its step's and the next)."""
    if isinstance(said, StepComment):
        around: models.QuerySet = said.game.comments.order_by("seq", "created", "pk")
    else:
        around = said.game.chat.order_by("at_seq", "created", "pk")
    rows = list(around.select_related("user"))
    where = next(i for i, row in enumerate(rows) if row.pk == said.pk)
    return rows[max(0, where - CONTEXT_LINES) : where + CONTEXT_LINES + 1]
