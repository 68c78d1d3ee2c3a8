"""Inviting people to an open game by email address.

The invitation row records who was asked; `signals.player_invited` announces it in the same
transaction, and mail's listener writes the email. Accepting happens when the invited address
takes a seat (store.join_game marks the row).
"""

from __future__ import annotations

from django.db import transaction

from tabletop.play import signals
from tabletop.play.models import Game, Invitation
from tabletop.play.store import Refused


def invite(game: Game, email: str, invited_by) -> Invitation:
    """Ask `email` to join `game`; asking the same address twice sends nothing new."""
    email = email.strip().lower()
    if game.status != Game.Status.OPEN:
        raise Refused("This game has all its players; nobody can be invited any more.")
    if game.seats.filter(user__email__iexact=email).exists():
        raise Refused(f"{email} already has a seat in this game.")
    with transaction.atomic():
        invitation, created = Invitation.objects.get_or_create(
            game=game, email=email, defaults={"invited_by": invited_by}
        )
        if created:
            signals.player_invited.send(sender=Invitation, invitation=invitation)
    return invitation


def pending_for(user) -> list[Invitation]:
    """Open games this user's address was invited to and has not joined yet."""
    if not getattr(user, "email", ""):
        return []
    return list(
        Invitation.objects.filter(
            email__iexact=user.email, accepted__isnull=True, game__status=Game.Status.OPEN
        )
        .exclude(game__seats__user=user)
        .select_related("game", "invited_by")
    )
