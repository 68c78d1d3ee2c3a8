"""Poll an IMAP mailbox for replies to turn emails (IMAP_URL: imaps://user:pass@host/INBOX).

Each unseen message goes to the same function as the webhook and SMTP ways in, and is marked
seen once handled, a message that cannot be read too (it is recorded as rejected; fetching it
again would change nothing). Only a failure of ours (the database away) leaves it unseen, to be
tried again at the next poll. A message far over the size limit is not downloaded: its header
and size are enough to refuse it.
"""

from __future__ import annotations

import logging
import time
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from imapclient import IMAPClient

from tabletop.mail import inbound

log = logging.getLogger(__name__)
BATCH = 50


def connect(url: str) -> tuple[IMAPClient, str]:
    parts = urlsplit(url)
    if parts.scheme not in ("imap", "imaps"):
        raise CommandError(f"IMAP_URL scheme {parts.scheme!r}: use imap or imaps")
    secure = parts.scheme == "imaps"
    client = IMAPClient(
        parts.hostname or "localhost", port=parts.port or (993 if secure else 143), ssl=secure
    )
    client.login(unquote(parts.username or ""), unquote(parts.password or ""))
    folder = unquote(parts.path.strip("/")) or "INBOX"
    return client, folder


def fetch_once(url: str) -> tuple[int, int]:
    """Handle every unseen message once: (handled, failed)."""
    client, folder = connect(url)
    handled = failed = 0
    try:
        client.select_folder(folder)
        unseen = client.search(["UNSEEN"])
        for start in range(0, len(unseen), BATCH):
            batch = unseen[start : start + BATCH]
            for uid, size in client.fetch(batch, ["RFC822.SIZE"]).items():
                try:
                    raw, only_header = fetch(client, uid, size[b"RFC822.SIZE"])
                    inbound.receive(raw, "imap", size=only_header)
                except Exception:
                    log.exception("could not handle IMAP message %s; it stays unseen", uid)
                    failed += 1
                    continue
                client.add_flags([uid], [b"\\Seen"])
                handled += 1
    finally:
        client.logout()
    return handled, failed


def fetch(client: IMAPClient, uid: int, size: int) -> tuple[bytes, int | None]:
    """The whole message, or only its header (and its size) when it is too large to be taken
    anyway."""
    if size > inbound.whole_message_limit():
        return client.fetch([uid], ["BODY.PEEK[HEADER]"])[uid][b"BODY[HEADER]"], size
    return client.fetch([uid], ["BODY.PEEK[]"])[uid][b"BODY[]"], None


class Command(BaseCommand):
    help = "Fetch replies to turn emails from the IMAP mailbox at IMAP_URL."

    def add_arguments(self, parser):
        parser.add_argument("--url", default=None, help="instead of IMAP_URL")
        parser.add_argument(
            "--every", type=float, default=0, help="poll every this many seconds (0: once)"
        )

    def handle(self, *args, url=None, every=0.0, **options):
        url = url or settings.IMAP_URL
        if not url:
            raise CommandError("Set IMAP_URL (imaps://user:password@host/INBOX) or pass --url.")
        while True:
            handled, failed = fetch_once(url)
            self.stdout.write(f"{handled} handled, {failed} failed")
            if not every:
                return
            time.sleep(every)
