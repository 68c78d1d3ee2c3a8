"""Celery tasks: send one outbox row; the beat sweep for everything that is due.

Both are safe to run twice and side by side: every piece of work is claimed by a row update.
"""

from __future__ import annotations

from celery import shared_task

from tabletop.mail import digests, outbox, reminders
from tabletop.play import clock

# Sending one row is the outbox's own task (outbox.py says why it lives there); named here
# too, so that every task of mail is found where Celery and a reader look for it.
deliver = outbox.deliver


@shared_task(ignore_result=True)
def sweep() -> dict:
    """Every minute: reminders, digests, and outbox rows nobody is sending.

    Deadlines are play's (`tabletop.play.tasks.sweep_deadlines`); mail tells people about them.
    """
    moment = clock.now()
    return {
        "reminders": reminders.send_due(moment),
        "digests": digests.send_due(moment),
        "republished": outbox.republish_due(moment),
    }
