"""The daily digest: turn emails held for a player who chose one email a day."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from tabletop.mail import outbox
from tabletop.mail.models import Outbox

BATCH = 1000


def send_due(moment: datetime) -> int:
    """Gather each player's held turn emails whose digest time has come into one digest."""
    held = Outbox.objects.filter(status=Outbox.Status.HELD, not_before__lte=moment)
    user_ids = list(held.values_list("user_id", flat=True).distinct()[:BATCH])
    return sum(gather(user_id, moment) for user_id in user_ids)


def gather(user_id: int, moment: datetime) -> bool:
    with transaction.atomic():
        rows = Outbox.objects.select_for_update().filter(
            user_id=user_id, status=Outbox.Status.HELD, not_before__lte=moment
        )
        row_ids = list(rows.values_list("pk", flat=True))
        taken = Outbox.objects.filter(pk__in=row_ids, status=Outbox.Status.HELD).update(
            status=Outbox.Status.DIGESTED
        )
        if not taken:
            return False
        first = Outbox.objects.select_related("user").get(pk=row_ids[0])
        outbox.queue(Outbox.Kind.DIGEST, None, first.user, held=row_ids)
    return True
