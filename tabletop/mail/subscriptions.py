"""Who may be sent what: opt-outs per kind, one-click unsubscribe, suppressed addresses."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core import signing
from django.urls import reverse

from tabletop.accounts.links import BadLink, absolute
from tabletop.accounts.models import Preferences
from tabletop.mail.models import Suppression

# An unsubscribe link never expires (RFC 8058 asks it to keep working); the salt keeps the
# name of the module that first signed these links.
UNSUBSCRIBE_SALT = "tabletop.mail.links.unsubscribe"


def unsubscribe(user, email: str) -> None:
    """Stop all email to this player (or to this address, when it has no account)."""
    if user is not None:
        Preferences.objects.update_or_create(user=user, defaults={"unsubscribed": True})
    elif email:
        Suppression.objects.get_or_create(email=email.lower())


def resubscribe(user, email: str) -> None:
    """Undo `unsubscribe`: the player (or the address) gets the email they chose again."""
    if user is not None:
        Preferences.objects.filter(user=user).update(unsubscribed=False)
    elif email:
        Suppression.objects.filter(email=email.lower()).delete()


def may_send(kind: str, user, email: str) -> bool:
    if user is not None:
        return Preferences.of(user).wants(kind)
    return not Suppression.objects.filter(email=email.lower()).exists()


def unsubscribe_link(user=None, email: str = "") -> str:
    """One-click unsubscribe for a player, or for an address with no account (invitations)."""
    data = {"u": user.pk} if user is not None else {"e": email.lower()}
    token = signing.dumps(data, salt=UNSUBSCRIBE_SALT, compress=True)
    return absolute(reverse("mail-unsubscribe", args=[token]))


def open_unsubscribe_link(token: str) -> tuple:
    """(user or None, email) named by an unsubscribe link."""
    try:
        data = signing.loads(token, salt=UNSUBSCRIBE_SALT)
    except signing.BadSignature:
        raise BadLink("This unsubscribe link is not valid.") from None
    if "u" in data:
        user = get_user_model().objects.filter(pk=data["u"]).first()
        if user is None:
            raise BadLink("This account no longer exists; it gets no email.")
        return user, user.email
    return None, data.get("e", "")
