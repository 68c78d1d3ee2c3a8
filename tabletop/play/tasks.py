"""Play's beat task: apply the timeout policy to every seat past its deadline."""

from __future__ import annotations

from celery import shared_task

from tabletop.play import clock, timeouts


@shared_task(ignore_result=True)
def sweep_deadlines() -> int:
    """Every minute; safe to run twice and side by side (store.time_out checks again)."""
    return timeouts.apply_due(clock.now())
