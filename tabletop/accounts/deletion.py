"""Deleting an account: the emailed link that confirms it (signed, expiring), and the deletion.

The user row stays, so that the games' records keep a name for its seats: deactivated, with no
usable password, no address and a former player's placeholder for a name
(former_players.py). Their addresses, channels, tokens and used links go here; the rooms above
hear `account_deleted` in the same transaction and let go of the rest (play: the running
seats to the strong bot, notes, invitations to them; mail: the table webhooks they set, the
email waiting for them).
"""

from __future__ import annotations

from datetime import timedelta

from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import signing
from django.db import transaction
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from rest_framework.authtoken.models import Token

from tabletop.accounts import links
from tabletop.accounts.former_players import placeholder_name
from tabletop.accounts.models import PlayerWebhook, Preferences, PushSubscription, UsedLink
from tabletop.accounts.signals import account_deleted

SALT = "tabletop.accounts.deletion"
# How long the emailed link deletes the account.
LINK_HOURS = 24


class BadDeletionLink(Exception):
    """Why a deletion link deletes nothing, in words for the person who opened it."""


def deletion_link(user) -> str:
    """The absolute URL that, opened by `user` and confirmed, deletes their account. It names
    their password's fingerprint too: a new password (or a deletion) ends it."""
    data = {"u": user.pk, "p": links.password_fingerprint(user)}
    token = signing.dumps(data, salt=SALT)
    return links.absolute(reverse("delete-account-confirm", args=[token]))


def send_deletion_link(user) -> bool:
    """Email the link to the player's address; False when they have none to send it to."""
    if not user.email:
        return False
    context = {"user": user, "link": deletion_link(user), "hours": LINK_HOURS}
    get_adapter().send_mail("account/email/delete_account", user.email, context)
    return True


def account_of_link(token: str):
    """The account a deletion link names, still active; BadDeletionLink says why not."""
    try:
        data = signing.loads(token, salt=SALT, max_age=timedelta(hours=LINK_HOURS))
    except signing.SignatureExpired:
        expired = _("This link has expired; ask for a new one on your settings page.")
        raise BadDeletionLink(expired) from None
    except signing.BadSignature:
        invalid = _("This link is not valid; ask for a new one on your settings page.")
        raise BadDeletionLink(invalid) from None
    user = get_user_model().objects.filter(pk=data.get("u"), is_active=True).first()
    if user is None or links.password_fingerprint(user) != data.get("p"):
        raise BadDeletionLink(_("This link is no longer valid."))
    return user


def delete_account(user) -> None:
    """Delete the player's account, all in one transaction (see the module's docstring)."""
    with transaction.atomic():
        addresses = sorted(
            {user.email, *EmailAddress.objects.filter(user=user).values_list("email", flat=True)}
            - {""}
        )
        EmailAddress.objects.filter(user=user).delete()
        Token.objects.filter(user=user).delete()
        PlayerWebhook.objects.filter(user=user).delete()
        PushSubscription.objects.filter(user=user).delete()
        Preferences.objects.filter(user=user).delete()
        UsedLink.objects.filter(user=user).delete()
        user.username = placeholder_name()
        user.email = user.first_name = user.last_name = ""
        user.is_active = user.is_staff = user.is_superuser = False
        user.set_unusable_password()
        user.save()
        account_deleted.send(sender=type(user), user=user, addresses=addresses)
