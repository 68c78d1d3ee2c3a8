"""Reminders before a deadline: found by an indexed query on Seat.next_reminder, each one
claimed by moving next_reminder on, so overlapping sweeps remind once."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from tabletop.accounts.models import Preferences
from tabletop.mail import outbox
from tabletop.play import clock
from tabletop.play.models import Seat

BATCH = 1000


def send_due(moment: datetime) -> int:
    """Queue a reminder for every seat whose next reminder time has come."""
    due = (
        Seat.objects.filter(next_reminder__lte=moment, deadline__isnull=False)
        .select_related("game", "user")
        .order_by("next_reminder")[:BATCH]
    )
    return sum(remind(seat, moment) for seat in due)


def remind(seat: Seat, moment: datetime) -> bool:
    """Claim this reminder (move next_reminder to the following ladder point) and queue it."""
    following = clock.next_reminder(seat, seat.game, moment, Preferences.of(seat.user))
    with transaction.atomic():
        claimed = Seat.objects.filter(pk=seat.pk, next_reminder=seat.next_reminder).update(
            next_reminder=following
        )
        if not claimed:
            return False
        outbox.queue_reminder(seat)
    return True
