"""Deadlines: seats whose deadline has passed, found by an indexed query on Seat.deadline.

The game's timeout policy is applied by the store (`store.time_out`), which locks the game
and checks the deadline again, so overlapping sweeps apply it once.
"""

from __future__ import annotations

import logging
from datetime import datetime

from tabletop.play import store
from tabletop.play.models import Seat

log = logging.getLogger(__name__)

BATCH = 1000


def apply_due(moment: datetime) -> int:
    """Apply the timeout policy to every seat past its deadline; the number of seats done."""
    due = Seat.objects.filter(deadline__lte=moment).order_by("deadline")
    done = 0
    for game_id, position in due.values_list("game_id", "position")[:BATCH]:
        try:
            done += bool(store.time_out(game_id, position))
        except Exception:  # one broken game must not keep the others waiting
            log.exception("timeout of game %s seat %s failed", game_id, position)
    return done
