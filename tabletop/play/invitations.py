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
from django.db import router, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext

from tabletop import prepared
from tabletop.accounts import addresses, blocks, links
from tabletop.play import signals, stamps, store
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
            gettext(
                "The computer takes every other seat of a game against it, so there is no "
                "seat to invite anyone to; leave the invitations out, or play without bots."
            )
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
        raise Refused(gettext("Name a player or an email address to invite."))
    if len(who) > MAX_INVITEE_LENGTH:
        raise Refused(
            gettext("A name or an email address is at most %(count)s characters.")
            % {"count": MAX_INVITEE_LENGTH}
        )
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        stamps.game_changed(game.pk)
        _check_may_invite(game, invited_by)
        user, email = _invitee(who)
        _check_not_seated(game, user, email)
        _check_not_blocked(game, user, invited_by)
        asked = Q(email=email) | Q(user=user) if user is not None else Q(email=email)
        invitation = game.invitations.filter(asked).first()
        if invitation is not None and invitation.holds_a_seat:
            return invitation
        if not store.seats_free(game):
            raise NoSeatFree(
                gettext(
                    "Every seat at this table is taken or held for an invited player; "
                    "withdraw an invitation to invite someone else."
                )
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
        raise GameNotActive(gettext("This table was cancelled; nobody can be invited to it."))
    if game.status != Game.Status.OPEN:
        raise GameNotActive(
            gettext("This game has all its players; nobody can be invited any more.")
        )
    creator = game.created_by
    if game.private and creator.pk != user.pk:
        raise NotASeat(
            gettext("Only %(name)s invites players to this private table.")
            % {"name": creator.get_username()}
        )
    if game.seat_of(user) is None and creator.pk != user.pk:
        raise NotASeat(gettext("Only the players of a game invite to it."))


def _invitee(who: str) -> tuple:
    """(player or None, address) for a name or an address."""
    if "@" in who:
        try:
            validate_email(who)
        except ValidationError:
            raise Refused(
                gettext("'%(address)s' is not an email address.") % {"address": who}
            ) from None
        email = who.lower()
        return addresses.verified_owner(email), email
    user = get_user_model().objects.filter(username__iexact=who, is_active=True).first()
    if user is None:
        raise Refused(
            gettext("Nobody plays here under the name '%(name)s'; invite them by email address.")
            % {"name": who}
        )
    if not user.email:
        raise Refused(
            gettext("%(name)s has no email address to send an invitation to.")
            % {"name": user.get_username()}
        )
    return user, user.email.lower()


def _check_not_seated(game: Game, user, email: str) -> None:
    if user is not None and game.seats.filter(user=user).exists():
        raise Refused(
            gettext("%(name)s already has a seat in this game.") % {"name": user.get_username()}
        )
    if game.seats.filter(user__email__iexact=email).exists():
        raise Refused(gettext("%(name)s already has a seat in this game.") % {"name": email})


def _check_not_blocked(game: Game, user, invited_by) -> None:
    """Nobody invites a player who blocks them, or a player blocked by someone at the table
    (who could not take the seat); the refusals name nobody. A player who blocks the invitee
    is told so: it is their own block."""
    if user is None:
        return
    if blocks.has_blocked(invited_by, user):
        raise Refused(
            gettext("You have blocked %(name)s; unblock them on your settings page to invite them.")
            % {"name": user.get_username()}
        )
    if blocks.has_blocked(user, invited_by):
        raise NotInvited(gettext("You cannot invite this player."))
    at_the_table = [game.created_by_id, *game.seats.values_list("user_id", flat=True)]
    if blocks.anyone_blocks(at_the_table, user):
        raise NotInvited(gettext("This player cannot be invited to this table."))


def withdraw(invitation: Invitation, by) -> Invitation:
    """The creator takes an invitation back; its seat is free again."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=invitation.game_id)
        stamps.game_changed(game.pk)
        invitation.refresh_from_db()
        creator = game.created_by
        if creator.pk != by.pk:
            raise NotASeat(
                gettext("Only %(name)s, who set this table, withdraws invitations.")
                % {"name": creator.get_username()}
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
        stamps.game_changed(game.pk)
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


def accept_on_confirmation(sender, user, email: str, **_) -> list[str]:
    """accounts.signals.address_confirmed: a player who proved they read `email` takes every
    seat an invitation to that address holds (the dashboard and the table's refusal told them
    so); answers with the paths of those games. A seat that is gone is left alone."""
    seated = []
    for invitation in by_address(email):
        try:
            accept(invitation, user)
        except Refused:
            continue
        seated.append(links.game_path(invitation.game_id))
    return seated


def by_address(email: str) -> list[Invitation]:
    """Invitations sent to `email` as an address (no player named) that still hold a seat at
    a table waiting for players."""
    return list(
        Invitation.objects.holding_seats()
        .filter(user__isnull=True, email=email.strip().lower(), game__status=Game.Status.OPEN)
        .order_by("created", "pk")
    )


def _check_is_theirs(invitation: Invitation, user) -> None:
    if not Invitation.objects.for_player(user).filter(pk=invitation.pk).exists():
        raise NotInvited(gettext("This invitation is not yours."))


def _check_still_held(game: Game, invitation: Invitation) -> None:
    if game.status == Game.Status.CANCELLED:
        raise GameNotActive(gettext("This table was cancelled before it started."))
    if game.status != Game.Status.OPEN:
        raise GameNotActive(gettext("This game has all its players; its invitations are closed."))
    if invitation.accepted:
        raise GameNotActive(gettext("This invitation was accepted already."))
    if invitation.declined:
        raise GameNotActive(
            gettext("This invitation was declined; %(name)s can invite again.")
            % {"name": invitation.invited_by.get_username()}
        )
    if invitation.withdrawn:
        raise GameNotActive(
            gettext("%(name)s withdrew this invitation.") % {"name": game.created_by.get_username()}
        )


# ---------------------------------------------------------------------------- reading


def find(game: Game, invitation_id: int) -> Invitation | None:
    return game.invitations.filter(pk=invitation_id).select_related("user", "invited_by").first()


def pending_for(user) -> list[Invitation]:
    """Invitations holding a seat for this player at tables still waiting for players, from
    a query compiled once per thread (`prepared`): every dashboard asks it, and building it
    cost the ORM several times what running it does."""
    if not getattr(user, "is_authenticated", False):
        return []
    query = prepared.prepare(
        router.db_for_read(Invitation), "invitations pending", lambda: pending(STAND_IN_USER)
    )
    return prepared.instances(query, {STAND_IN_USER: user.pk})


def pending(user_id: int):
    return (
        Invitation.objects.for_player_id(user_id)
        .holding_seats()
        .filter(game__status=Game.Status.OPEN)
        .exclude(game__seats__user=user_id)
        .select_related("game", "invited_by")
        .order_by("-created", "-pk")
    )


STAND_IN_USER = -7_770_301  # no player has it: the prepared query's stand-in


def awaiting_confirmation(user, game: Game | None = None) -> list[Invitation]:
    """Invitations sent to an address `user` gave but has not confirmed (and nobody else has):
    confirming it takes their seats. Shown to that player alone, so that they know why the
    table is closed to them; an address typed into a sign-up form proves nothing, so these
    seats wait for the confirmation."""
    emails = addresses.unconfirmed_emails(user)
    if not emails:
        return []
    found = (
        Invitation.objects.holding_seats()
        .filter(user__isnull=True, email__in=emails, game__status=Game.Status.OPEN)
        .exclude(game__seats__user=user)
    )
    if game is not None:
        found = found.filter(game=game)
    return list(found.select_related("game", "invited_by").order_by("-created", "-pk"))


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
        waiting = awaiting_confirmation(user, game)
        if waiting:
            return gettext(
                "This table is private, and its seat for %(address)s waits for you to confirm "
                "that address: confirming it takes the seat."
            ) % {"address": waiting[0].email}
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
