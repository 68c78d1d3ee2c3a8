"""Mail read no further and never answered: unreadable, unauthentic, automatic, or over its
sender's hourly allowance."""

from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.core.cache import cache

from tabletop.mail import (
    senders,
)
from tabletop.mail.inbound.reading import Incoming, Verdict, automatic, whole_message_limit
from tabletop.mail.models import InboundMail
from tabletop.play import clock

log = logging.getLogger(__name__)


def screen(incoming: Incoming, authenticated: bool | None) -> Verdict | None:
    """Mail that is read no further and never answered; None for mail that may go on."""
    if incoming.unreadable:
        return Verdict(InboundMail.Result.REJECTED, incoming.unreadable, answered=False)
    if not incoming.sender:
        return Verdict(
            InboundMail.Result.IGNORED, "no single, well-formed From address", answered=False
        )
    if automatic(incoming):
        return Verdict(InboundMail.Result.IGNORED, "automatic mail", answered=False)
    if settings.MAIL_REQUIRE_AUTHENTICATED_SENDER and not authentic(incoming, authenticated):
        domain = domain_of(incoming.sender)
        if authenticated is None:
            why = f"no valid DKIM signature of {domain}"
        else:
            why = f"the provider did not vouch that {domain} sent it"
        return silent(
            f"not authenticated: {why} (MAIL_REQUIRE_AUTHENTICATED_SENDER); it may be "
            "forged, so it was not answered"
        )
    limit = settings.MAIL_INBOUND_PER_SENDER_PER_HOUR
    if over_the_limit(incoming.sender, limit):
        return silent(
            f"more than {limit} messages from {incoming.sender} within the hour "
            "(MAIL_INBOUND_PER_SENDER_PER_HOUR); not answered"
        )
    return None


def silent(detail: str, **fields) -> Verdict:
    """A refusal recorded for the operator and never answered."""
    return Verdict(InboundMail.Result.REFUSED, detail, answered=False, **fields)


def domain_of(address: str) -> str:
    return address.rpartition("@")[2]


def authentic(incoming: Incoming, authenticated: bool | None) -> bool:
    if authenticated is not None:
        return authenticated
    if not incoming.complete or incoming.size > whole_message_limit():
        return False
    return senders.signed_by(incoming.raw, domain_of(incoming.sender))


def over_the_limit(sender: str, limit: int) -> bool:
    """Counts this message; True once the sender has sent more than `limit` this clock hour.

    A cache that is away counts nothing: replies go on rather than being refused."""
    if not limit:
        return False
    hour = int(clock.now().timestamp() // 3600)
    key = f"mail.inbound.{hashlib.sha256(sender.encode()).hexdigest()[:32]}.{hour}"
    try:
        cache.add(key, 0, timeout=2 * 3600)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=2 * 3600)
            count = 1
    except Exception:
        log.warning("could not count inbound mail from %s; not limited", sender, exc_info=True)
        return False
    return count > limit
