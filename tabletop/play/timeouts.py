"""Deadlines: seats whose deadline has passed, found by an indexed query on Seat.deadline.

The game's timeout policy is applied by the store (`store.time_out_due`), a batch of games at
a time: it locks them skipping any that another sweep holds and checks each deadline again,
so overlapping sweeps apply each timeout once and never wait for each other.
"""

from __future__ import annotations

import logging
from datetime import datetime

from tabletop.play import store
from tabletop.play.models import Seat

log = logging.getLogger(__name__)

# Seats looked at per sweep; the rest are due at the next one.
LIMIT = 1000
# Games per transaction: enough to share its reads, few enough that a player's move never
# waits long for a game the sweep holds (the strong bots think inside it).
BATCH = 20


def apply_due(moment: datetime) -> int:
    """Apply the timeout policy to every seat past its deadline; the number of seats done."""
    due: dict[int, list[int]] = {}
    seats = Seat.objects.filter(deadline__lte=moment).order_by("deadline")
    for game_id, position in seats.values_list("game_id", "position")[:LIMIT]:
        due.setdefault(game_id, []).append(position)
    game_ids = list(due)
    done = 0
    for start in range(0, len(game_ids), BATCH):
        batch = {game_id: due[game_id] for game_id in game_ids[start : start + BATCH]}
        try:
            done += store.time_out_due(batch)
        except Exception:  # a batch that cannot even be read must not stop the next
            log.exception("timeouts of games %s failed", ", ".join(map(str, batch)))
    return done
