"""Inviting people to an open game by email address.

The invitation row records who was asked; the email goes through the outbox like every other
mail (written in this transaction, published after commit). Accepting happens when the invited
address takes a seat (store.join_game marks the row).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse

from tabletop.mail import outbox
from tabletop.mail.models import Outbox
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
            queue_invitation(game, invitation)
    return invitation


def queue_invitation(game: Game, invitation: Invitation) -> Outbox:
    player = get_user_model().objects.filter(email__iexact=invitation.email).first()
    game_url = reverse("game", args=[game.pk])
    return outbox.queue_to(
        invitation.email,
        Outbox.Kind.INVITATION,
        game,
        player,
        name=player.get_username() if player else "",
        invited_by=invitation.invited_by.get_username(),
        players_seated=[seat.user.get_username() for seat in game.seats.select_related("user")],
        join_url=settings.SITE_URL + game_url,
        signup_url=f"{settings.SITE_URL}{reverse('signup')}?{urlencode({'next': game_url})}",
    )


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
