"""Which email addresses a player has proven to own (allauth's EmailAddress rows).

Game email goes only to a verified address (mail's outbox asks `is_verified`); else anyone
could sign up under someone else's address and have turn emails and reminders sent there.
An address is verified by the link sent at sign-up (or when the address is changed), by a
log-in code that reached it, by signing up through the link of an invitation sent to it (the
invitation reached that mailbox, so its link is the proof), or by having played before
verification existed (migration 0003 grandfathered those).
"""

from __future__ import annotations

from datetime import timedelta

from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from django.core import signing
from django.db.models import QuerySet
from django.http import HttpRequest

from tabletop.accounts.signals import address_confirmed

INVITATION_SALT = "tabletop.accounts.invited-address"
# An open game may wait weeks for its players; an invitation's sign-up link proves the
# address for as long.
INVITATION_MAX_AGE = timedelta(days=60)


def is_verified(user, email: str | None = None) -> bool:
    """Whether `user` has proven they read `email` (by default the address of their account)."""
    if user is None or user.pk is None:
        return False
    email = user.email if email is None else email
    if not email:
        return False
    return EmailAddress.objects.filter(user=user, email=email.lower(), verified=True).exists()


def verified_emails(user) -> list[str]:
    """Every address `user` has proven they read (lower case)."""
    if user is None or user.pk is None:
        return []
    return list(verified_addresses(user).values_list("email", flat=True))


def verified_addresses(user) -> QuerySet:
    """`verified_emails` as a query, for a filter to use as a subquery (`user`: a player or
    their id)."""
    return EmailAddress.objects.filter(user=user, verified=True).values("email")


def unconfirmed_emails(user) -> list[str]:
    """The addresses `user` gave (at sign-up, or as a new address) and has not proven yet, that
    nobody else has proven either (lower case)."""
    if user is None or user.pk is None:
        return []
    found = EmailAddress.objects.filter(user=user, verified=False)
    emails = {email.lower() for email in found.values_list("email", flat=True)}
    proven = EmailAddress.objects.filter(email__in=emails, verified=True)
    return sorted(emails - {email.lower() for email in proven.values_list("email", flat=True)})


def verified_owner(email: str):
    """The player who has proven they read `email`, or None (one address, one player)."""
    address = (
        EmailAddress.objects.filter(email=email.strip().lower(), verified=True)
        .select_related("user")
        .first()
    )
    return address.user if address else None


def verify(user, email: str | None = None) -> bool:
    """Record `email` (the account's address by default) as proven by `user`.

    False when another account has already verified the same address: one address, one player.
    """
    email = (user.email if email is None else email).lower()
    if not email:
        return False
    has_primary = EmailAddress.objects.filter(user=user, primary=True).exists()
    address, _ = EmailAddress.objects.get_or_create(
        user=user, email=email, defaults={"primary": not has_primary}
    )
    return address.set_verified()


def announce_confirmed(
    sender, request: HttpRequest | None, email_address: EmailAddress, **_
) -> None:
    """allauth's email_confirmed: tell the rooms above (address_confirmed), and remember where
    the one game they seated the player at is, for the adapter's redirect (`landing`)."""
    user = email_address.user
    answers = address_confirmed.send(
        sender=type(user), user=user, email=email_address.email.strip().lower()
    )
    paths = [path for _, found in answers for path in found or ()]
    if request is not None and len(paths) == 1:
        request.tabletop_landing = paths[0]


def landing(request: HttpRequest) -> str | None:
    """The game a confirmation just seated the player at, if exactly one."""
    return getattr(request, "tabletop_landing", None)


# ---------------------------------------------------------------------------- invitations


def invitation_token(email: str, invitation: int | None = None) -> str:
    """Signed proof that an invitation went to `email`, for the sign-up link it carries; with
    the invitation's id, signing up through it also takes the seat the invitation holds."""
    email = email.strip().lower()
    if invitation is None:
        return signing.dumps(email, salt=INVITATION_SALT)
    return signing.dumps({"email": email, "invitation": invitation}, salt=INVITATION_SALT)


def read_invitation_token(token: str) -> tuple[str, int | None] | None:
    """(address, invitation id) of an invitation's token (links sent before tokens named the
    invitation give None for it); None if forged or too old."""
    try:
        found = signing.loads(token, salt=INVITATION_SALT, max_age=INVITATION_MAX_AGE)
    except signing.BadSignature:
        return None
    if isinstance(found, str):
        return found, None
    if isinstance(found, dict) and isinstance(found.get("email"), str):
        invitation = found.get("invitation")
        return found["email"], invitation if isinstance(invitation, int) else None
    return None


def invited_address(token: str) -> str | None:
    """The address an invitation's token was made for; None if forged or too old."""
    found = read_invitation_token(token)
    return found[0] if found else None


def trust_invited_address(request: HttpRequest, token: str, email: str) -> bool:
    """Signing up under the address an invitation went to, through that invitation's link:
    the sign-up starts verified (allauth's stash of an address proven outside it).

    Only a valid token counts, and only for its own address: an address in the query string
    proves nothing, and an invitation forwarded to a friend verifies nothing of theirs.
    """
    invited = invited_address(token) if token else None
    if not invited or invited != email.strip().lower():
        return False
    get_adapter(request).stash_verified_email(request, invited)
    return True
