"""The answer to a reply, queued in its thread; a message received twice is answered once."""

from __future__ import annotations

import logging
import re

from django.db import InterfaceError, OperationalError, transaction
from django.utils import translation
from django.utils.translation import gettext

from tabletop.accounts import moments
from tabletop.mail import (
    outbox,
    outgoing,
)
from tabletop.mail.inbound.reading import Incoming, Verdict, senders_player
from tabletop.mail.inbound.screening import screen
from tabletop.mail.models import InboundMail, Outbox

log = logging.getLogger(__name__)

# What mail clients put before a subject they answer or forward, in English, Polish, Czech and
# German ("Odp:" Polish, "Odpověď:" and "Fw:" Czech, "AW:"/"WG:" German Outlook), so that the
# answer carries its reader's own prefix once, not "Re: Odp: Re: ...".
REPLY_PREFIXES = re.compile(r"^(?:\s*(?:re|odp|odpověď|aw|sv|fw|fwd|pd|wg)\s*:\s*)+", re.IGNORECASE)


def answered_subject(subject: str) -> str:
    """The subject a reply answered, without the prefixes its mail client added; the answer's
    template says "Re:" in its reader's language (emails/reply-subject.txt)."""
    return REPLY_PREFIXES.sub("", subject).strip()


def answer(incoming: Incoming, verdict: Verdict) -> Outbox:
    return outbox.queue_to(
        incoming.sender,
        Outbox.Kind.REPLY,
        verdict.game,
        verdict.user,
        verdict.seat,
        message=verdict.message,
        answered=answered_subject(incoming.subject),
        in_reply_to=incoming.message_id,
        references=incoming.references[-20:],
        **verdict.answer,
    )


def duplicate(incoming: Incoming, authenticated: bool | None) -> InboundMail:
    """The same message again: nothing moves. The sender hears that it was handled before only
    if the first delivery was answered and this one passes the same checks."""
    first = InboundMail.objects.get(message_id=incoming.message_id)
    try:
        with transaction.atomic():
            if (
                first.answered
                and incoming.sender == first.sender
                and screen(incoming, authenticated) is None
            ):
                sender = senders_player(incoming.sender)
                with outgoing.in_the_language_of(sender), outgoing.in_the_time_zone_of(sender):
                    message = gettext(
                        "We received this email before (on %(when)s) and answered it then. "
                        "Nothing was played again."
                    ) % {"when": moments.moment(first.received)}
                    told = {"language": translation.get_language()}
                answer(incoming, Verdict(first.result, message, answer=told))
    except (OperationalError, InterfaceError):
        raise
    except Exception:
        log.exception("inbound %s received again; could not answer", incoming.message_id)
    log.info("inbound %s received again; ignored", incoming.message_id)
    return first
