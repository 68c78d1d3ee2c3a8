"""The table's record of its webhooks: a line of the log, read by everyone at the table, each
time one is set, changed or removed. The webhooks themselves are mail's (mail.TableWebhook);
mail calls this in the transaction that makes the change, and their addresses never enter
the log.

Apart because it is the one table event that belongs to no vote and changes no position.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

from tabletop.play.models import Game, Move
from tabletop.play.store.errors import GameNotActive
from tabletop.play.store.events import WEBHOOK
from tabletop.play.store.locks import hand_back, lock_with_seats, seat_of
from tabletop.play.store.log_lines import Told

WEBHOOK_CHANGES = ("set", "changed", "removed")


def log_webhook_change(
    game: Game,
    user: AbstractBaseUser,
    change: str,
    owner: AbstractBaseUser,
    form: str,
    source: str,
) -> Move:
    """Log that `user` (seated) set, changed or removed `owner`'s webhook for the table.

    A webhook is set or changed only while the game is in play; one is removed then or after
    it ended (the line is then written for everyone too, as the ended game's lines are). The
    game row stays locked until the caller's transaction ends, so changes to one table's
    webhooks take turns.
    """
    if change not in WEBHOOK_CHANGES:
        raise ValueError(f"a webhook is {', '.join(WEBHOOK_CHANGES)}, not {change!r}")
    with transaction.atomic():
        locked = lock_with_seats(game.pk)
        seat = seat_of(locked, user)
        if locked.state is None or (change != "removed" and locked.status != Game.Status.ACTIVE):
            raise GameNotActive(
                gettext("A table's webhooks are set while its game is in play."),
                current_seq=locked.seq,
            )
        payload = {
            "kind": WEBHOOK,
            "change": change,
            "owner": locked.seat_of(owner),
            "format": form,
        }
        move = Move.objects.create(
            game=locked, seq=locked.seq + 1, seat=seat, payload=payload, source=source
        )
        told = Told()
        told.add(locked, move, locked.state, locked.state, locked.random_events)
        if locked.is_over:
            told.add_for_everyone(locked, move, locked.state, locked.state)
        told.save()
        locked.seq = move.seq
        locked.save(update_fields=["seq"])
    hand_back(locked, game)
    return move
