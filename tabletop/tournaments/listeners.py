"""Tournaments listen to play: a game's end is a result (and may seat the next round), a
seat's timeout counts toward dropping its player, and `verify_log` checks tournaments' logs.

The result is logged with the game's end (if that fails, the end fails with it, as any
receiver of the store's). The next round's seating runs in a savepoint after it: if it fails,
nothing of it is left, the game's end still commits (a broken seating must not refuse a
player's last move), and the sweep seats the round later.
"""

from __future__ import annotations

import logging

from django.db import transaction

from tabletop.play import signals
from tabletop.tournaments import drops, rounds, verification

log = logging.getLogger(__name__)


def on_game_ended(sender, game, **_) -> None:
    tournament = rounds.record_result(game)
    if tournament is None or tournament.status != tournament.Status.RUNNING:
        return
    try:
        with transaction.atomic():
            rounds.move_on(tournament, ending=game.pk)
    except Exception:
        log.exception("seating the round after game %s failed; the sweep retries", game.pk)


def on_timeout(sender, game, seat, **_) -> None:
    drops.count_timeout(game, seat)


def on_logs_checked(sender, dry_run=False, **_) -> list[tuple[str, list[str]]]:
    return verification.check_all(dry_run)


def connect() -> None:
    signals.game_ended.connect(on_game_ended, dispatch_uid="tournaments-game-ended")
    signals.timeout_applied.connect(on_timeout, dispatch_uid="tournaments-timeout")
    signals.logs_checked.connect(on_logs_checked, dispatch_uid="tournaments-verify-log")
