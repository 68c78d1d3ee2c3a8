"""Celery tasks: send one outbox row; sweep what is due."""

from __future__ import annotations

from datetime import timedelta

from celery import shared_task
from django.db.models import Q
from django.utils import timezone

from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox

CLAIM_EXPIRES = timedelta(minutes=10)


def claim(row_id: int) -> bool:
    """Take the row for this worker; exactly one claimant changes the row."""
    now = timezone.now()
    stale = now - CLAIM_EXPIRES
    return bool(
        Outbox.objects.filter(pk=row_id, status=Outbox.Status.PENDING)
        .filter(Q(claimed__isnull=True) | Q(claimed__lt=stale))
        .update(claimed=now)
    )


@shared_task(ignore_result=True)
def deliver(row_id: int) -> None:
    if not claim(row_id):
        return
    row = Outbox.objects.select_related("game", "user").get(pk=row_id)
    compose(row).send()
    Outbox.objects.filter(pk=row_id).update(
        status=Outbox.Status.SENT, sent=timezone.now(), attempts=row.attempts + 1
    )


@shared_task(ignore_result=True)
def sweep() -> None:
    """Re-publish rows whose publish was lost (or whose worker died after claiming)."""
    stale = timezone.now() - CLAIM_EXPIRES
    due = Outbox.objects.filter(status=Outbox.Status.PENDING).filter(
        Q(claimed__isnull=True, created__lt=timezone.now() - timedelta(minutes=1))
        | Q(claimed__lt=stale)
    )
    for row_id in due.values_list("pk", flat=True)[:500]:
        deliver.delay(row_id)
