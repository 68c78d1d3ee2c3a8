"""A stamp per game and per player, kept in the cache, that a poll compares instead of reading
the database: "nothing changed" (204, 304) then costs no query about the game.

Every writer of what a poll shows changes the stamps of the games it wrote to, and of their
players (their dashboard and the "your turn elsewhere" link): the store, which takes the
game's lock before any write, and the few rooms of play that write beside it (table talk and
its moderation, notes, invitations, rematches). A stamp is a random number, never counted up:
it tells nothing about the game, and a stamp lost from the cache comes back as a value no
client has ever held, so a flushed or evicted cache costs each poller one answer built from the
database, never a stale one.

A stamp is changed when the writer takes the lock and again once the write is committed. The
second is the one that matters: a poll that read the rows between the two holds the first new
stamp with the old rows, and the commit moves the stamp past it. The first covers a
transaction whose commit callbacks never run (the tests').

The token a client holds is the game's seq with a keyed digest of the two stamps and the
viewer: nobody may replay another viewer's token, or guess a stamp from it. A cache that is
away gives no stamp, and the poll falls back to the version read from the database
(`versions`).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.core.cache import cache
from django.db import transaction
from django.utils.crypto import salted_hmac
from django.utils.http import parse_etags

from tabletop.play import presence
from tabletop.play.models import Seat

log = logging.getLogger(__name__)

# Long enough that a live game's stamp stays; a stamp the cache drops is only a refetch.
KEPT_SECONDS = 7 * 24 * 3600


def game_key(game_id: int) -> str:
    return f"stamp:game:{game_id}"


def player_key(user_id: int) -> str:
    return f"stamp:player:{user_id}"


@dataclass(frozen=True)
class Stamp:
    """The stamps of one game and one viewer, read before anything of the game is read."""

    game_id: int | None
    viewer: int | None
    game: int | None
    player: int | None
    # The viewer's presence mark at the game, read in the same round trip (presence.py).
    marked: object = None

    def token(self, seq: int) -> str:
        """What the viewer holds after an answer built at `seq`."""
        return f"{seq}.{self.digest(seq)}"

    def digest(self, seq: int) -> str:
        value = f"{self.game_id}:{seq}:{self.viewer}:{self.game}:{self.player}"
        return salted_hmac("tabletop.play.stamps", value).hexdigest()[:20]

    def seq_held(self, token: str | None) -> int | None:
        """The seq the viewer was shown, if `token` is still this viewer's token; else None."""
        seq, _, digest = (token or "").partition(".")
        if not seq.isdigit() or not secrets.compare_digest(digest, self.digest(int(seq))):
            return None
        return int(seq)

    def seq_in_etags(self, header: str) -> int | None:
        """As `seq_held`, for an If-None-Match header ("*" holds nothing: a stranger's guess)."""
        for etag in parse_etags(header):
            seq = self.seq_held(etag.removeprefix("W/").strip('"'))
            if seq is not None:
                return seq
        return None


def read(game_id: int | None, user) -> Stamp | None:
    """The game's and the viewer's stamps, a missing one put in afresh; None if the cache is
    away. No game: the viewer's stamp alone (their dashboard). With a game and a viewer, their
    presence mark there comes in the same round trip (a poll rewrites it only when stale)."""
    viewer = user.pk if getattr(user, "is_authenticated", False) else None
    keys = [game_key(game_id)] if game_id is not None else []
    keys += [player_key(viewer)] if viewer is not None else []
    if not keys:
        return None
    mark = presence.key(viewer, game_id) if len(keys) == 2 else None
    try:
        found = cache.get_many(keys + [mark] if mark else keys)
        for key in set(keys) - set(found):
            # add, not set: a writer's new stamp meanwhile must win over ours.
            cache.add(key, fresh(), KEPT_SECONDS)
            found[key] = cache.get(key)
    except Exception:  # noqa: BLE001 - the database still answers the poll
        log.warning("could not read the poll stamps of game %s", game_id)
        return None
    if any(found.get(key) is None for key in keys):
        return None
    player = found[player_key(viewer)] if viewer is not None else None
    game = found[game_key(game_id)] if game_id is not None else None
    return Stamp(game_id, viewer, game, player, found.get(mark) if mark else None)


def fresh() -> int:
    return secrets.randbits(62)


def changed(game_ids: Iterable[int], players: Iterable[int] | Callable[[], Iterable[int]]) -> None:
    """What the polls of these games and players show changes in the current transaction.
    `players` may be a callable, asked at once and again after the commit."""
    game_ids = list(game_ids)

    def stamp_them() -> None:
        stamp_anew(game_ids, players() if callable(players) else players)

    stamp_them()
    transaction.on_commit(stamp_them)


def game_changed(game_id: int, players: Iterable[int] | None = None) -> None:
    """`changed` for one game; its players read after the commit unless given."""
    changed([game_id], players if players is not None else lambda: players_of([game_id]))


def games_changed(game_ids: Iterable[int]) -> None:
    game_ids = list(game_ids)
    if game_ids:
        changed(game_ids, lambda: players_of(game_ids))


def player_changed(user_id: int) -> None:
    """Only the player's own view changed (their note): their stamp, no game's."""
    changed([], [user_id])


def players_of(game_ids: list[int]) -> list[int]:
    return list(
        Seat.objects.filter(game_id__in=game_ids, user__isnull=False)
        .values_list("user_id", flat=True)
        .distinct()
    )


def stamp_anew(game_ids: Iterable[int], players: Iterable[int]) -> None:
    stamps = {game_key(game_id): fresh() for game_id in game_ids}
    stamps.update({player_key(user_id): fresh() for user_id in players if user_id is not None})
    if not stamps:
        return
    try:
        cache.set_many(stamps, KEPT_SECONDS)
    except Exception:  # noqa: BLE001 - then try to drop them: a missing stamp is read anew
        log.warning("could not change the poll stamps %s", sorted(stamps))
        try:
            cache.delete_many(list(stamps))
        except Exception:  # noqa: BLE001 - the cache is away, and polls read the database
            log.warning("could not drop the poll stamps %s", sorted(stamps))
