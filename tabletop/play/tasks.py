"""Play's beat task: apply the timeout policy to every seat past its deadline, and close
the votes that expired undecided."""

from __future__ import annotations

from celery import shared_task

from tabletop.play import clock, store, timeouts


@shared_task(ignore_result=True)
def sweep_deadlines() -> int:
    """Every minute; safe to run twice and side by side (store.time_out_due skips games
    another sweep holds and checks each deadline again)."""
    moment = clock.now()
    return timeouts.apply_due(moment) + store.close_expired_votes(moment)
