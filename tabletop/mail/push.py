"""Browser notifications (Web Push, signed with the site's VAPID keys, through pywebpush).

Rows go through the outbox like emails (channel "push"). A notification carries a title, one
line and the game page's address, which the service worker (static/web/push-worker.js) opens
when it is clicked; like a webhook it tells nothing a spectator could not read. A browser whose
subscription the push service says is gone (404, 410) is forgotten.
"""

from __future__ import annotations

import json
import logging

from django.conf import settings
from django.utils.translation import gettext_lazy
from pywebpush import WebPushException, webpush

from tabletop.accounts import public_urls
from tabletop.accounts.models import Preferences, PushSubscription
from tabletop.mail import outgoing
from tabletop.mail.models import Outbox

log = logging.getLogger(__name__)

PUSH_KEPT_SECONDS = 86400
TITLES = {
    Outbox.Kind.TURN: gettext_lazy("Your move"),
    Outbox.Kind.REMINDER: gettext_lazy("Your deadline is coming"),
    Outbox.Kind.GAME_OVER: gettext_lazy("Game over"),
    Outbox.Kind.CHAT: gettext_lazy("Table talk"),
    Outbox.Kind.INVITATION: gettext_lazy("An invitation"),
    Outbox.Kind.VOTE: gettext_lazy("A vote at your table"),
    Outbox.Kind.COMMENT: gettext_lazy("A comment on your game"),
    Outbox.Kind.TOURNAMENT: gettext_lazy("Your tournament"),
}


def available() -> bool:
    """Whether the site can send notifications at all (both VAPID keys are set)."""
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


def target_of(row: Outbox) -> list[PushSubscription]:
    return list(PushSubscription.objects.filter(user_id=row.user_id))


def why_not_sent(row: Outbox) -> str:
    if not available():
        return "browser notifications are not set up on this site (no VAPID keys)"
    if row.user is None or not target_of(row):
        return "the player has no browser subscribed any more"
    if not Preferences.of(row.user).wants_on("push", row.kind):
        return "the player no longer wants this event as a notification"
    return outgoing.no_longer_true(row)


def notification(row: Outbox) -> dict:
    body = outgoing.payload(row)
    with outgoing.in_the_language_of(row.user):
        title = str(TITLES.get(row.kind, "tabletop"))
    return {
        "title": title,
        "body": body["text"],
        "url": body.get("game", body.get("tournament", {})).get("url", settings.SITE_URL + "/"),
        "tag": f"tabletop-{row.game_id}-{row.kind}",
    }


def send(row: Outbox, subscriptions: list[PushSubscription]) -> None:
    """Push to every browser of the player; fails only if none took it."""
    data = json.dumps(notification(row))
    errors = []
    for subscription in subscriptions:
        try:
            push_to(subscription, data)
        except WebPushException as error:
            status = getattr(error.response, "status_code", None)
            if status in (404, 410):
                subscription.delete()
                continue
            errors.append(f"{status or ''} {error}".strip())
    if errors and len(errors) == len(subscriptions):
        raise outgoing.DeliveryFailed("; ".join(errors)[:2000])


def push_to(subscription: PushSubscription, data: str) -> None:
    # The endpoint is whatever the browser (or someone posing as one) gave: public hosts only.
    try:
        public_urls.check(subscription.endpoint)
    except public_urls.NotPublic as refusal:
        raise WebPushException(str(refusal)) from None
    webpush(
        subscription_info={
            "endpoint": subscription.endpoint,
            "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth},
        },
        data=data,
        vapid_private_key=settings.VAPID_PRIVATE_KEY,
        vapid_claims={"sub": settings.VAPID_SUBJECT},
        timeout=settings.WEBHOOK_TIMEOUT_SECONDS,
        # Kept a day by the push service for a browser that is offline: a turn lasts days.
        ttl=PUSH_KEPT_SECONDS,
    )


def succeeded(subscriptions: list[PushSubscription]) -> None:
    """Nothing is counted for a browser (a dead one is forgotten at once)."""
