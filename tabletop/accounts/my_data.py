"""A player's own data: everything the service holds about them, as one JSON document.

Accounts writes its own sections (the account, its addresses, preferences and channels) and
asks the rooms above for theirs with `data_asked` (play: games as the player's seat reads
them, talk, notes, invitations; ratings: ratings; mail: table webhooks they set), so that the
document grows with every room without accounts importing any of them.
"""

from __future__ import annotations

import json

from allauth.account.models import EmailAddress
from django.core.serializers.json import DjangoJSONEncoder
from django.forms.models import model_to_dict
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tabletop.accounts.models import PlayerWebhook, Preferences
from tabletop.accounts.signals import data_asked


def my_data(user) -> dict:
    """Everything held about `user`, as they may read it."""
    data = {
        "exported": timezone.now(),
        "account": account(user),
        "preferences": preferences(user),
        "channels": channels(user),
    }
    for _receiver, sections in data_asked.send(sender=type(user), user=user):
        data.update(sections)
    return data


def as_json(data: dict) -> str:
    return json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=2)


def file_name(user) -> str:
    return f"tabletop-{user.get_username()}.json"


def account(user) -> dict:
    token = Token.objects.filter(user=user).first()
    return {
        "username": user.get_username(),
        "email": user.email,
        "date_joined": user.date_joined,
        "last_login": user.last_login,
        "addresses": [
            {"email": address.email, "verified": address.verified, "primary": address.primary}
            for address in EmailAddress.objects.filter(user=user).order_by("pk")
        ],
        # The token itself is a password: the file says only that there is one.
        "api_token_created": token.created if token else None,
    }


def preferences(user) -> dict:
    return model_to_dict(Preferences.of(user), exclude=["user"])


def channels(user) -> dict:
    webhook = PlayerWebhook.objects.filter(user=user).first()
    return {
        "webhook": (
            {
                "url": webhook.url,
                "format": webhook.format,
                "active": webhook.active,
                "failures": webhook.failures,
                "last_error": webhook.last_error,
            }
            if webhook
            else None
        ),
        "push_subscriptions": [
            {"endpoint": push.endpoint, "created": push.created}
            for push in user.push_subscriptions.order_by("pk")
        ],
    }
