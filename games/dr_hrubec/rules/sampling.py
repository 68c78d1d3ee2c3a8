"""What a finished game's review deals again at a past position (games/playouts.py).

Unseen at the table were the draw deck's order, the queue's order within each tier (its backs
show only the tiers) and which patients stayed in the box. A review plays on from every past
position with these dealt anew, so that the chances it shows are what the players faced, not
the one future the game's seed held.
"""

from __future__ import annotations

from games.base import Rng
from games.dr_hrubec.cards import BY_SLUG, CLOSING, ORDER


def sample_unseen(state: dict, rng: Rng) -> dict:
    """`state` with the deck shuffled and each tier's patients in the queue drawn again from
    that tier's queue and box together (the closing card keeps its place)."""
    rng.shuffle(state["deck"])
    box = list(state["box"])
    queue = list(state["queue"])
    for tier in sorted({BY_SLUG[card].tier for card in queue if card != CLOSING}):
        places = [n for n, card in enumerate(queue) if card != CLOSING and tier_of(card) == tier]
        pool = [queue[n] for n in places] + [card for card in box if tier_of(card) == tier]
        rng.shuffle(pool)
        for n, card in zip(places, pool, strict=False):
            queue[n] = card
        box = [card for card in box if tier_of(card) != tier] + pool[len(places) :]
    state["queue"] = queue
    state["box"] = sorted(box, key=ORDER.__getitem__)
    return state


def tier_of(card: str) -> int:
    return BY_SLUG[card].tier
