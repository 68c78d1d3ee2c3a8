"""A small SMTP server for self-hosters: replies to turn emails, delivered straight to us.

Point REPLY_DOMAIN's MX (or a forwarding rule) at it. Only mail for REPLY_DOMAIN is taken;
each message goes to the same function as the webhook and IMAP ways in. A message that cannot
be read is refused for good (5xx), so that its sender stops offering it; only a failure of
ours (the database away) asks the sender to try again later (4xx).
"""

from __future__ import annotations

import asyncio
import logging
import signal
import threading

from aiosmtpd.controller import Controller
from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connection

from tabletop.mail import inbound
from tabletop.mail.models import InboundMail

log = logging.getLogger(__name__)


class ReplyHandler:
    """aiosmtpd handler: accept mail for the reply domain and pass it on."""

    def __init__(self, domain: str | None = None) -> None:
        self.domain = (domain or settings.REPLY_DOMAIN).lower()

    async def handle_RCPT(self, server, session, envelope, address: str, options) -> str:
        if address.rpartition("@")[2].lower() != self.domain:
            return f"550 5.1.1 Not a reply address here: only @{self.domain} is taken"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope) -> str:
        try:
            record = await sync_to_async(self.deliver, thread_sensitive=False)(
                envelope.original_content or envelope.content, list(envelope.rcpt_tos)
            )
        except Exception:
            log.exception("could not handle a received email")
            return "451 4.3.0 Could not handle the message now; try again later"
        if record.result == InboundMail.Result.REJECTED:
            return "554 5.6.0 Message could not be read; it will not be taken"
        return "250 2.0.0 Received"

    @staticmethod
    def deliver(raw: bytes, recipients: list[str]) -> InboundMail:
        # Runs in a pool thread: its connection is its own, and closed so none is left behind.
        try:
            return inbound.receive(raw, "smtp", recipients)
        finally:
            connection.close()


def controller(host: str, port: int, domain: str | None = None) -> Controller:
    # A little over the inbound limit, so that an oversized reply still gets a written answer
    # instead of only an SMTP error its sender may never read; larger ones are refused (552).
    limit = inbound.whole_message_limit()
    return Controller(
        ReplyHandler(domain), hostname=host, port=port, data_size_limit=limit, decode_data=False
    )


class Command(BaseCommand):
    help = "Receive replies to turn emails over SMTP (for self-hosting without a provider)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="127.0.0.1")
        parser.add_argument("--port", type=int, default=2525)

    def handle(self, *args, host: str, port: int, **options):
        server = controller(host, port)
        server.start()
        self.stdout.write(f"Receiving mail for @{settings.REPLY_DOMAIN} on {host}:{port}")
        stop = threading.Event()
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *_: stop.set())
        try:
            stop.wait()
        finally:
            server.stop()
            asyncio.set_event_loop(None)
