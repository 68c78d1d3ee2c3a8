"""Queueing email: rows written inside the move's transaction, published after commit."""

from __future__ import annotations

import logging

from django.db import transaction

from tabletop.mail.models import Outbox

log = logging.getLogger(__name__)


def queue(kind: str, game, user, seat: int | None = None, **context) -> Outbox | None:
    if not user.email:
        return None
    row = Outbox.objects.create(
        kind=kind, game=game, seat=seat, user=user, to=user.email, at_seq=game.seq, context=context
    )
    transaction.on_commit(lambda: publish(row.pk))
    return row


def queue_for_step(game, newly_waiting: list[int]) -> None:
    """A turn email for each seat that newly has to act; a game-over email for everyone."""
    seats = list(game.seats.select_related("user"))
    if game.is_over:
        for seat in seats:
            queue(Outbox.Kind.GAME_OVER, game, seat.user, seat.position)
        return
    for seat in seats:
        if seat.position in newly_waiting:
            queue(Outbox.Kind.TURN, game, seat.user, seat.position)


def accept_invitation(game, user) -> None:
    game.invitations.filter(email__iexact=user.email, accepted__isnull=True).update(
        accepted=game.created
    )


def publish(row_id: int) -> None:
    """Hand the row to a worker; if the broker is down the sweep picks the row up later."""
    from tabletop.mail.tasks import deliver

    try:
        deliver.delay(row_id)
    except Exception:  # noqa: BLE001 - any broker failure; the row stays pending
        log.warning("could not publish outbox row %s; the sweep will send it", row_id)
