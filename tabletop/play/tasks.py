"""Play's beat task: apply the timeout policy to every seat past its deadline."""

from __future__ import annotations

from celery import shared_task

from tabletop.play import clock, timeouts


@shared_task(ignore_result=True)
def sweep_deadlines() -> int:
    """Every minute; safe to run twice and side by side (store.time_out_due skips games
    another sweep holds and checks each deadline again)."""
    return timeouts.apply_due(clock.now())
