"""Moves by email: the one function behind the webhook, the IMAP poller and the SMTP receiver.

`receive(raw, channel)` takes a whole message as it arrived and, in one transaction: records
its Message-ID (a second delivery of the same message moves nothing), makes sure it can be
read, that its sender is authentic (a DKIM signature of the From domain, or the provider's
verdict) and within its hourly allowance, authenticates it by the signed reply address it was
sent to and by its sender, reads the player's own lines, says its `say ...` lines at the table
(mail/tabletalk.py), plays the others through the store in order up to the first that cannot be
played, and queues the answer in the same thread.

Only our players are ever written to, and about a seat only that seat's own player: mail from
anyone else, unauthenticated or automatic mail (bounces, vacation replies) and mail over the
allowance is recorded for the operator and never answered, so there is no backscatter and no
mail loop. A message that cannot be read at all is recorded as rejected, and the channels
refuse it for good.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence

from django.db import IntegrityError, InterfaceError, OperationalError, transaction

from tabletop.mail.inbound.answers import answer, duplicate
from tabletop.mail.inbound.judging import judge
from tabletop.mail.inbound.reading import (
    Incoming,
    Verdict,
    clean,
    read,
    sender_of,
    whole_message_limit,
)
from tabletop.mail.inbound.screening import domain_of
from tabletop.mail.models import InboundMail

log = logging.getLogger(__name__)

# The one door: the channels hand a message to `receive`; the rest is the package's own.
__all__ = [
    "Incoming",
    "Verdict",
    "domain_of",
    "handle",
    "receive",
    "reject",
    "sender_of",
    "whole_message_limit",
]


def receive(
    raw: bytes,
    channel: str,
    recipients: Sequence[str] = (),
    *,
    size: int | None = None,
    authenticated: bool | None = None,
) -> InboundMail:
    """Handle one received email; safe to call again with the same message.

    `size` is the message's size when `raw` is only its header (a poller that did not fetch
    an oversized message whole). `authenticated` is the provider's verdict on the sender where
    a provider took the message in; otherwise its DKIM signature is checked here.
    """
    incoming = read(raw, recipients, size)
    with transaction.atomic():
        try:
            with transaction.atomic():
                record = InboundMail.objects.create(
                    message_id=incoming.message_id,
                    channel=channel,
                    sender=incoming.sender[:300],
                    subject=incoming.subject[:998],
                    size=incoming.size,
                    result=InboundMail.Result.REFUSED,
                )
        except IntegrityError:
            return duplicate(incoming, authenticated)
        verdict = handle(incoming, authenticated)
        record.result, record.detail = verdict.result, clean(verdict.message)[:2000]
        record.game, record.seat, record.answered = verdict.game, verdict.seat, verdict.answered
        record.save()
    return record


def handle(incoming: Incoming, authenticated: bool | None) -> Verdict:
    """Judge the message and answer it. Whatever the message makes go wrong rejects it, rather
    than failing the channel, which would offer it again at every try; a database that is away
    is no fault of the message's and propagates, so that the channel tries again later."""
    try:
        with transaction.atomic():
            verdict = judge(incoming, authenticated)
            if verdict.answered:
                answer(incoming, verdict)
        return verdict
    except (OperationalError, InterfaceError):
        raise
    except Exception as error:
        log.exception("inbound %s could not be handled; rejected", incoming.message_id)
        return Verdict(
            InboundMail.Result.REJECTED,
            f"could not be handled ({type(error).__name__}: {error}); rejected for good",
            answered=False,
        )


def reject(raw: bytes, channel: str, reason: str) -> InboundMail:
    """Record a message its channel could not even hand over (a provider's payload that its
    parser failed on), once: the operator sees it, nobody is answered."""
    record, _ = InboundMail.objects.get_or_create(
        message_id=f"<sha256.{hashlib.sha256(raw).hexdigest()}@tabletop.invalid>",
        defaults={
            "channel": channel,
            "size": len(raw),
            "result": InboundMail.Result.REJECTED,
            "detail": clean(f"could not be read ({reason}); rejected for good")[:2000],
        },
    )
    return record
