"""Who is at the table: when a player last had a game's page in front of them, or moved in it.

The game page and its live panel mark the player seen (`mark_seen`); a move made on the web or
through the API says so in the log, with its time. Mail reads both (`last_seen`) to put a turn
email off while the player is looking at the game anyway. A mark is one cache key per player
and game, rewritten by the polls (once a minute while nothing changes): no table, no
migration, nothing to sweep; a move needs no mark of its own, which spares every move a cache
write. The cache is Redis in production and files under var/ in the embedded default, so the
worker reads what the web process wrote. A cache that is away marks nobody: email then goes as
if nobody were looking.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db.models import F

from tabletop.play import clock
from tabletop.play.models import Move

log = logging.getLogger(__name__)

# A mark outlives the presence window by far: mail still asks, after the player has gone,
# which move they last saw (see `Seen.seq`).
KEPT_SECONDS = 24 * 3600
AT_THE_TABLE = (Move.Source.WEB, Move.Source.API)


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


@dataclass(frozen=True)
class Shown:
    """A game as a poll answered "nothing changed": its id, and the seq the player holds."""

    pk: int
    seq: int


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


# A poll leaves a mark that shows the same seq and is younger than this: the poll read it
# with its stamps (stamps.read), and a write on every poll of every open page would be most
# of a 304's cost. The mark then says when the player was at the game to within this, well
# inside the presence window (PRESENCE_SECONDS, 300 by default): a player who polls every
# 10 s counts as present for at least the window less this after their last poll.
REMARK_SECONDS = 60


def mark_seen_unless_fresh(user, game, marked) -> None:
    """`mark_seen`, unless `marked` (the player's mark at the game, as read with the stamps)
    already shows the game's seq and is younger than REMARK_SECONDS."""
    if not still_fresh(marked, game.seq):
        mark_seen(user, game)


def still_fresh(marked, seq: int) -> bool:
    try:
        at, marked_seq = marked
        age = clock.now() - datetime.fromisoformat(at)
    except (TypeError, ValueError):
        return False
    return int(marked_seq) == seq and timedelta(0) <= age < timedelta(seconds=REMARK_SECONDS)


def last_seen(user_id: int, game_id: int) -> Seen | None:
    """When the player was last at the game: their last mark, or their last move made there
    if that came later."""
    found = [seen for seen in (last_marked(user_id, game_id), last_moved(user_id, game_id)) if seen]
    return max(found, key=lambda seen: seen.at) if found else None


def last_moved(user_id: int, game_id: int) -> Seen | None:
    """The player's last move in the game from the page or the API (a move by email is made
    away from the table), and its seq."""
    move = (
        Move.objects.filter(
            game_id=game_id,
            source__in=AT_THE_TABLE,
            game__seats__user_id=user_id,
            game__seats__position=F("seat"),
        )
        .order_by("-seq")
        .values("created", "seq")
        .first()
    )
    return Seen(move["created"], move["seq"]) if move else None


def last_marked(user_id: int, game_id: int) -> Seen | None:
    try:
        found = cache.get(key(user_id, game_id))
    except Exception:  # noqa: BLE001 - as if nobody were looking
        log.warning("could not read the presence of player %s at game %s", user_id, game_id)
        return None
    if not found:
        return None
    at, seq = found
    return Seen(datetime.fromisoformat(at), int(seq))
