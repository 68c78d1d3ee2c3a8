"""The tournaments' beat sweep (deadlines.py): every minute, safe to run twice."""

from __future__ import annotations

from celery import shared_task

from tabletop.play import clock
from tabletop.tournaments import deadlines


@shared_task(ignore_result=True)
def sweep_tournaments() -> int:
    return deadlines.sweep(clock.now())
