"""Reports: a player tells the moderators that a line of table talk should not be there, and
a moderator hides it.

Anyone who may read a line may report it, once: a second report of the same line by the same
player is the first one again and costs nothing against their limit (RATE_LIMITS["report"]).
Hiding is for staff (the Django admin, play/admin.py): the line's text is read by nobody from
then on (pages, the API, the history, emails not yet sent), and the record keeps a line there
saying a moderator hid something. Talk is no move, so neither is hiding it: the game's log,
its seq and everyone's turn stay as they were.
"""

from __future__ import annotations

import math

from django.db import IntegrityError, transaction
from django.utils.translation import gettext, ngettext

from tabletop.accounts import limits
from tabletop.play import chat, clock, signals
from tabletop.play.models import ChatMessage, Game, Report
from tabletop.play.store import Refused

# The lines shown before and after a reported one in the admin, so a moderator reads it as
# the table did.
CONTEXT_LINES = 3


class NoSuchLine(Refused):
    """No line of talk that this reader may read has this number."""

    status = 404


class TooManyReports(Refused):
    """Over RATE_LIMITS["report"]; `wait` is the seconds until the next report is taken."""

    status = 429

    def __init__(self, message: str, wait: int):
        super().__init__(message)
        self.wait = wait


def readable_line(game: Game, message_id: int, user) -> ChatMessage:
    """The line `message_id` of the game's talk, if `user` may read it now."""
    if not chat.may_read(game, game.seat_of(user)):
        raise NoSuchLine(gettext("There is no such line of table talk that you can read."))
    found = game.chat.filter(pk=message_id, hidden__isnull=True).first()
    if found is None:
        raise NoSuchLine(gettext("There is no such line of table talk that you can read."))
    return found


def report(game: Game, message_id: int, user, reason: str = "") -> Report:
    """`user` reports line `message_id` of the game's talk to the moderators."""
    message = readable_line(game, message_id, user)
    earlier = Report.objects.filter(message=message, reporter=user).first()
    if earlier is not None:
        return earlier
    wait = limits.spend(None, "report", limits.of_user(user))
    if wait:
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
    said = chat.clean(str(reason))[: Report.REASON_LENGTH]
    try:
        with transaction.atomic():
            return Report.objects.create(message=message, reporter=user, reason=said)
    except IntegrityError:
        # The same player's other click got there first: it is the same report.
        return Report.objects.get(message=message, reporter=user)


def hide(message: ChatMessage, moderator) -> bool:
    """Hide a line of talk; False if it was hidden already."""
    with transaction.atomic():
        changed = ChatMessage.objects.filter(pk=message.pk, hidden__isnull=True).update(
            hidden=clock.now(), hidden_by=moderator
        )
        if changed:
            message.refresh_from_db()
            signals.talk_hidden.send(sender=ChatMessage, message=message)
    return bool(changed)


def context_of(message: ChatMessage) -> list[ChatMessage]:
    """The reported line with the lines said just before and after it at the same table."""
    talk = message.game.chat.select_related("user").order_by("at_seq", "created", "pk")
    lines = list(talk)
    where = next(i for i, line in enumerate(lines) if line.pk == message.pk)
    return lines[max(0, where - CONTEXT_LINES) : where + CONTEXT_LINES + 1]
