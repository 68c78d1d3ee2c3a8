"""Which players hear of an event on which channel besides email: those who ticked it and have
the channel set up (a webhook that is on, a browser subscribed to notifications)."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext

from tabletop.accounts import public_urls
from tabletop.accounts.models import (
    EVENTS,
    PlayerWebhook,
    Preferences,
    PushSubscription,
    Webhook,
    new_token,
)

OTHER_CHANNELS = ("webhook", "push")


def anyone_might_choose(event: str, users) -> bool:
    """Whether any of these players ticked a channel other than email for this event, read
    from the preferences loaded with them (the store reads them with the seats), so that a
    move whose players chose none pays no query for channels."""
    event = event.replace("-", "_")
    names = [f"{channel}_{event}" for channel in OTHER_CHANNELS]
    return any(getattr(Preferences.of(user), name, False) for user in users for name in names)


def chosen(event: str, user_ids: list[int]) -> dict[int, set[str]]:
    """{user id: {"webhook", "push"}} for these players and this event, in one query."""
    event = event.replace("-", "_")
    webhook, push = f"webhook_{event}", f"push_{event}"
    if not hasattr(Preferences, webhook) or not user_ids:
        return {}
    rows = (
        Preferences.objects.filter(user_id__in=user_ids)
        .filter(
            Q(**{webhook: True}, user__webhook__switched_off__isnull=True)
            | Q(**{push: True}, user__push_subscriptions__isnull=False)
        )
        .values_list(
            "user_id",
            webhook,
            push,
            "user__webhook__id",
            "user__webhook__switched_off",
            "user__push_subscriptions__id",
        )
    )
    found: dict[int, set[str]] = {}
    for user_id, on_webhook, on_push, webhook_id, switched_off, subscription_id in rows:
        channels = found.setdefault(user_id, set())
        if on_webhook and webhook_id is not None and switched_off is None:
            channels.add("webhook")
        if on_push and subscription_id is not None:
            channels.add("push")
    return found


# ---------------------------------------------------------------------------- the player's webhook


def has_working_webhook(user) -> bool:
    """A webhook set and not switched off: the only one the Webhook column reaches."""
    return PlayerWebhook.objects.filter(user=user, switched_off__isnull=True).exists()


def unheard_webhook_events(preferences: Preferences) -> list[str]:
    """The events ticked in the Webhook column while no working webhook is set: nothing
    reaches the player for them on that channel, and the settings page says so."""
    ticked = [event for event in EVENTS if getattr(preferences, f"webhook_{event}", False)]
    if ticked and not has_working_webhook(preferences.user):
        return ticked
    return []


def set_webhook(user, url: str, form: str = Webhook.Format.JSON) -> PlayerWebhook | None:
    """Save the player's webhook (an empty URL removes it); public_urls.NotPublic or
    ValueError when it may not be used. Saving switches a switched-off webhook on again."""
    url = url.strip()
    if not url:
        PlayerWebhook.objects.filter(user=user).delete()
        return None
    check_webhook(url, form)
    hook, _ = PlayerWebhook.objects.update_or_create(
        user=user,
        defaults={
            "url": url,
            "format": form,
            "failures": 0,
            "switched_off": None,
            "last_error": "",
        },
    )
    return hook


def check_webhook(url: str, form: str) -> None:
    if form not in Webhook.Format.values:
        choices = ", ".join(Webhook.Format.values)
        raise ValueError(
            gettext("There is no webhook format %(form)s; the formats are %(choices)s.")
            % {"form": repr(form), "choices": choices}
        )
    if len(url) > 1000:
        raise ValueError(gettext("A webhook URL is at most 1000 characters long."))
    public_urls.check(url)


def new_webhook_secret(user) -> str:
    """A new signing secret for the player's webhook (the old one stops verifying)."""
    secret = new_token()
    PlayerWebhook.objects.filter(user=user).update(secret=secret)
    return secret


def new_calendar_token(user) -> str:
    """A new secret for the calendar feed's address: the old address stops working."""
    preferences, _ = Preferences.objects.get_or_create(user=user)
    preferences.calendar_token = new_token()
    preferences.save(update_fields=["calendar_token"])
    return preferences.calendar_token


def subscribe_browser(user, endpoint: str, keys: dict) -> PushSubscription:
    """Keep a browser's push subscription (its push service's endpoint and its keys)."""
    p256dh, auth = str(keys.get("p256dh", "")), str(keys.get("auth", ""))
    if not p256dh or not auth or len(p256dh) > 200 or len(auth) > 100:
        raise ValueError(gettext("The subscription needs its keys p256dh and auth."))
    if len(endpoint) > 1000:
        raise ValueError(gettext("The subscription's endpoint is too long."))
    public_urls.check(endpoint)
    found, _ = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth}
    )
    return found
