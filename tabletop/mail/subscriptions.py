"""Who may be sent what: opt-outs per kind, one-click unsubscribe, suppressed addresses."""

from __future__ import annotations

from tabletop.mail.models import Preferences, Suppression


def unsubscribe(user, email: str) -> None:
    """Stop all email to this player (or to this address, when it has no account)."""
    if user is not None:
        Preferences.objects.update_or_create(user=user, defaults={"unsubscribed": True})
    elif email:
        Suppression.objects.get_or_create(email=email.lower())


def may_send(kind: str, user, email: str) -> bool:
    if user is not None:
        return Preferences.of(user).wants(kind)
    return not Suppression.objects.filter(email=email.lower()).exists()
