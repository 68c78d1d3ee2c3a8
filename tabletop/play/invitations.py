"""Invitations: seats held at a table for the people its players asked to sit there.

An existing player is invited by name, anyone at all by email address. Each invitation holds
a seat until it is accepted (the invitee takes that seat: store.join_game), declined by the
invitee or withdrawn by the table's creator, so that nobody else can take it meanwhile. The
row records who was asked; `signals.player_invited` announces it in the same transaction and
mail's listener writes the email.

A private table seats only invited players and is seen only by its players and the people
invited to it (`why_hidden`); an open one is listed for anyone to take its free seats.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from tabletop.accounts import addresses
from tabletop.play import signals, store
from tabletop.play.models import Game, Invitation
from tabletop.play.store import GameNotActive, NotASeat, NotInvited, Refused

# An email address is at most 254 characters long (RFC 5321), a username 150.
MAX_INVITEE_LENGTH = 254


class NoSeatFree(Refused):
    status = 409


# ---------------------------------------------------------------------------- the creator


def create_table(
    creator,
    slug: str,
    players: int,
    options: dict | None = None,
    *,
    invitees: Sequence[str] = (),
    **kwargs,
) -> Game:
    """A new game (store.create_game's arguments) with an invitation to each of `invitees`
    (names and addresses), all or nothing: with a name nobody plays under, or more
    invitations than seats, no table is set."""
    if invitees and kwargs.get("fill_with_bots"):
        raise Refused(
            "The computer takes every other seat of a game against it, so there is no seat "
            "to invite anyone to; leave the invitations out, or play without bots."
        )
    with transaction.atomic():
        game = store.create_game(creator, slug, players, options, **kwargs)
        for who in invitees:
            invite(game, who, creator)
    return game


def invite(game: Game, who: str, invited_by) -> Invitation:
    """Ask a player (by name) or anyone (by address) to take a seat at `game`; asking the
    same person again while their seat is held sends nothing new."""
    who = (who or "").strip()
    if not who:
        raise Refused("Name a player or an email address to invite.")
    if len(who) > MAX_INVITEE_LENGTH:
        raise Refused(f"A name or an email address is at most {MAX_INVITEE_LENGTH} characters.")
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        _check_may_invite(game, invited_by)
        user, email = _invitee(who)
        _check_not_seated(game, user, email)
        asked = Q(email=email) | Q(user=user) if user is not None else Q(email=email)
        invitation = game.invitations.filter(asked).first()
        if invitation is not None and invitation.holds_a_seat:
            return invitation
        if not store.seats_free(game):
            raise NoSeatFree(
                "Every seat at this table is taken or held for an invited player; withdraw "
                "an invitation to invite someone else."
            )
        if invitation is None:
            invitation = Invitation(game=game, email=email)
        invitation.user = user or invitation.user
        invitation.invited_by = invited_by
        invitation.accepted = invitation.declined = invitation.withdrawn = None
        invitation.save()
        signals.player_invited.send(sender=Invitation, invitation=invitation)
    return invitation


def _check_may_invite(game: Game, user) -> None:
    if game.status == Game.Status.CANCELLED:
        raise GameNotActive("This table was cancelled; nobody can be invited to it.")
    if game.status != Game.Status.OPEN:
        raise GameNotActive("This game has all its players; nobody can be invited any more.")
    creator = game.created_by
    if game.private and creator.pk != user.pk:
        raise NotASeat(f"Only {creator.get_username()} invites players to this private table.")
    if game.seat_of(user) is None and creator.pk != user.pk:
        raise NotASeat("Only the players of a game invite to it.")


def _invitee(who: str) -> tuple:
    """(player or None, address) for a name or an address."""
    if "@" in who:
        try:
            validate_email(who)
        except ValidationError:
            raise Refused(f"'{who}' is not an email address.") from None
        email = who.lower()
        return addresses.verified_owner(email), email
    user = get_user_model().objects.filter(username__iexact=who, is_active=True).first()
    if user is None:
        raise Refused(f"Nobody plays here under the name '{who}'; invite them by email address.")
    if not user.email:
        raise Refused(f"{user.get_username()} has no email address to send an invitation to.")
    return user, user.email.lower()


def _check_not_seated(game: Game, user, email: str) -> None:
    if user is not None and game.seats.filter(user=user).exists():
        raise Refused(f"{user.get_username()} already has a seat in this game.")
    if game.seats.filter(user__email__iexact=email).exists():
        raise Refused(f"{email} already has a seat in this game.")


def withdraw(invitation: Invitation, by) -> Invitation:
    """The creator takes an invitation back; its seat is free again."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=invitation.game_id)
        invitation.refresh_from_db()
        creator = game.created_by
        if creator.pk != by.pk:
            raise NotASeat(
                f"Only {creator.get_username()}, who set this table, withdraws invitations."
            )
        _check_still_held(game, invitation)
        invitation.withdrawn = timezone.now()
        invitation.save(update_fields=["withdrawn"])
    return invitation


# ---------------------------------------------------------------------------- the invitee


def accept(invitation: Invitation, user):
    """The invitee takes the seat their invitation holds; the last seat taken starts the game."""
    _check_is_theirs(invitation, user)
    game = Game.objects.get(pk=invitation.game_id)
    _check_still_held(game, invitation)
    return store.join_game(game, user)


def decline(invitation: Invitation, user) -> Invitation:
    """The invitee says no; the seat is free again."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=invitation.game_id)
        invitation.refresh_from_db()
        _check_is_theirs(invitation, user)
        _check_still_held(game, invitation)
        invitation.declined = timezone.now()
        invitation.save(update_fields=["declined"])
    return invitation


def accept_on_sign_up(sender, user, email: str, invitation: int | None, **_) -> None:
    """accounts.signals.signed_up_by_invitation: whoever signed up through an invitation's
    link, proving its address, takes the seat it holds. If the seat is gone (the table
    started, was cancelled, the invitation withdrawn) they land on the page that says so."""
    found = Invitation.objects.filter(pk=invitation, email=email).first() if invitation else None
    if found is None or not found.holds_a_seat:
        return
    try:
        accept(found, user)
    except Refused:
        return


def _check_is_theirs(invitation: Invitation, user) -> None:
    if not Invitation.objects.for_player(user).filter(pk=invitation.pk).exists():
        raise NotInvited("This invitation is not yours.")


def _check_still_held(game: Game, invitation: Invitation) -> None:
    if game.status == Game.Status.CANCELLED:
        raise GameNotActive("This table was cancelled before it started.")
    if game.status != Game.Status.OPEN:
        raise GameNotActive("This game has all its players; its invitations are closed.")
    if invitation.accepted:
        raise GameNotActive("This invitation was accepted already.")
    if invitation.declined:
        raise GameNotActive(
            f"This invitation was declined; {invitation.invited_by.get_username()} can invite "
            "again."
        )
    if invitation.withdrawn:
        raise GameNotActive(f"{game.created_by.get_username()} withdrew this invitation.")


# ---------------------------------------------------------------------------- reading


def find(game: Game, invitation_id: int) -> Invitation | None:
    return game.invitations.filter(pk=invitation_id).select_related("user", "invited_by").first()


def pending_for(user) -> list[Invitation]:
    """Invitations holding a seat for this player at tables still waiting for players."""
    return list(
        Invitation.objects.for_player(user)
        .holding_seats()
        .filter(game__status=Game.Status.OPEN)
        .exclude(game__seats__user=user)
        .select_related("game", "invited_by")
        .order_by("-created")
    )


def held_for(game: Game, user) -> Invitation | None:
    """The invitation holding a seat for `user` at this table, if any."""
    return game.invitations.for_player(user).holding_seats().select_related("invited_by").first()


def latest_for(game: Game, user) -> Invitation | None:
    """The invitation to `user` at this table, in whatever state."""
    found = game.invitations.for_player(user).select_related("invited_by")
    return found.order_by("-created").first()


def seen_by(game: Game, user) -> list[Invitation]:
    """The invitations of a table as `user` may see them: all of them for its players (and
    its creator), one's own for an invitee, none for anyone else."""
    found = game.invitations.select_related("user", "invited_by").order_by("created", "pk")
    if game.seat_of(user) is not None or game.created_by_id == getattr(user, "pk", None):
        return list(found)
    return list(found.filter(pk__in=Invitation.objects.for_player(user).values("pk")))


def why_hidden(game: Game, user) -> str | None:
    """Why `user` may not see this table; None if they may."""
    if not game.private:
        return None
    if not getattr(user, "is_authenticated", False):
        return gettext(
            "This table is private: log in as one of its players, or as a player invited to "
            "it, to see it."
        )
    if game.seat_of(user) is not None or game.created_by_id == user.pk:
        return None
    mine = latest_for(game, user)
    if mine is None:
        return gettext(
            "This table is private: only its players and the people they invited see it."
        )
    if mine.withdrawn:
        return gettext("This table is private, and %(name)s withdrew your invitation.") % {
            "name": game.created_by.get_username()
        }
    if mine.declined:
        return gettext("This table is private, and you declined the invitation to it.")
    return None
