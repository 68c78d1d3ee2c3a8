"""Who is at the table: when a player last had a game's page in front of them, or moved in it.

The game page, its live panel and a move made on the web or through the API mark the player
seen (`mark_seen`); mail reads it (`last_seen`) to put a turn email off while the player is
looking at the game anyway. A mark is one cache key per player and game, overwritten on every
poll: no table, no migration, nothing to sweep. The cache is Redis in production and files
under var/ in the embedded default, so the worker reads what the web process wrote. A cache
that is away marks nobody: email then goes as if nobody were looking.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache

from tabletop.play import clock

log = logging.getLogger(__name__)

# A mark outlives the presence window by far: mail still asks, after the player has gone,
# which move they last saw (see `Seen.seq`).
KEPT_SECONDS = 24 * 3600


@dataclass(frozen=True)
class Seen:
    """When the player was last at the game, and the game's seq they were shown then."""

    at: datetime
    seq: int

    @property
    def until(self) -> datetime:
        """When the player counts as gone if they do not come back."""
        return self.at + window()

    def present(self, moment: datetime) -> bool:
        return moment < self.until


def window() -> timedelta:
    return timedelta(seconds=settings.PRESENCE_SECONDS)


def key(user_id: int, game_id: int) -> str:
    return f"presence:{user_id}:{game_id}"


def mark_seen(user, game) -> None:
    """The player has this game in front of them now, at its current seq."""
    if not getattr(user, "is_authenticated", False):
        return
    try:
        cache.set(key(user.pk, game.pk), (clock.now().isoformat(), game.seq), KEPT_SECONDS)
    except Exception:  # noqa: BLE001 - presence is a courtesy; the page must not fail for it
        log.warning("could not mark player %s at game %s", user.pk, game.pk)


def last_seen(user_id: int, game_id: int) -> Seen | None:
    try:
        found = cache.get(key(user_id, game_id))
    except Exception:  # noqa: BLE001 - as if nobody were looking
        log.warning("could not read the presence of player %s at game %s", user_id, game_id)
        return None
    if not found:
        return None
    at, seq = found
    return Seen(datetime.fromisoformat(at), int(seq))
