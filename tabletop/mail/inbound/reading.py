"""A received message as we read it: its parts, its sender and recipients, whether it is
automatic, and which player (if any) sent it."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses

from django.conf import settings
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy

from tabletop.play.models import Game

MOST_LINES = 50
COMMANDS = {
    "help": "help",
    "?": "help",
    "status": "status",
    "resign": "resign",
    "rematch": "rematch",
    "undo": "undo",
}
RECIPIENT_HEADERS = ("Delivered-To", "X-Original-To", "Envelope-To", "To", "Cc")
NOTHING_PLAYED = gettext_lazy("Nothing was played.")

# A reply has a few MIME parts. Many more is not a reply, and the parser recurses once per
# level of nesting: counted in the raw bytes before anything is parsed.
MOST_CONTAINERS = 25
CONTAINER = re.compile(rb'(?im)^content-type:\s*(?:\([^)]*\)\s*)*"?(?:multipart|message)/')
# Up to this many times MAIL_INBOUND_MAX_BYTES a message is still taken whole, so that its
# signature can be checked and its player told it is too large; beyond, only its header.
WHOLE_UP_TO = 2
MOST_HEADER_BYTES = 256 * 1024
CONTROL = re.compile(r"[\x00-\x1f\x7f]")
NOT_WHITESPACE_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")
ADDRESS = re.compile(r"[^@\s<>()\[\],;:\"\\]+@[^@\s<>()\[\],;:\"\\]+\.[^@\s<>()\[\],;:\"\\]+")


@dataclass
class Incoming:
    """What we need of a received message."""

    raw: bytes
    message: EmailMessage
    message_id: str
    sender: str
    subject: str
    references: list[str]
    recipients: list[str]
    size: int
    complete: bool  # raw is the whole message, not only its header
    unreadable: str = ""  # why it cannot be read, if it cannot


@dataclass
class Verdict:
    """What became of a message, and what the answer says (see emails/reply-body.txt)."""

    result: str
    message: str
    game: Game | None = None
    seat: int | None = None
    user: object = None
    answer: dict = field(default_factory=dict)
    answered: bool = True


def whole_message_limit() -> int:
    """The largest message a channel should fetch whole (larger: its header and size only)."""
    return settings.MAIL_INBOUND_MAX_BYTES * WHOLE_UP_TO


def read(raw: bytes, recipients: Sequence[str] = (), size: int | None = None) -> Incoming:
    """The message's parts we use. Its size and structure are checked before it is parsed:
    past the size limit, or with too many MIME parts, only its header is read."""
    size = len(raw) if size is None else size
    complete = len(raw) == size
    message, unreadable = None, ""
    if complete and size <= settings.MAIL_INBOUND_MAX_BYTES:
        containers = len(CONTAINER.findall(raw))
        if containers > MOST_CONTAINERS:
            unreadable = (
                f"{containers} MIME containers (a reply has a few; at most {MOST_CONTAINERS} "
                "are read); rejected unread"
            )
        else:
            try:
                message = BytesParser(policy=policy.default).parsebytes(raw)
            except Exception as error:  # e.g. RecursionError
                unreadable = f"could not be parsed ({type(error).__name__}); rejected"
    if message is None:
        message = header_of(raw)
    message_id = header(message, "Message-ID")[:255]
    if not message_id:
        message_id = f"<sha256.{hashlib.sha256(raw).hexdigest()}@tabletop.invalid>"
    return Incoming(
        raw=raw,
        message=message,
        message_id=message_id,
        sender=sender_of(message),
        subject=header(message, "Subject"),
        references=header(message, "References").split(),
        recipients=[*recipients, *recipients_of(message)],
        size=size,
        complete=complete,
        unreadable=unreadable,
    )


def header_of(raw: bytes) -> EmailMessage:
    """Only the header block of a message, parsed."""
    head = raw[:MOST_HEADER_BYTES]
    end = re.search(rb"\r?\n\r?\n", head)
    if end:
        head = head[: end.start()] + b"\r\n"
    try:
        return BytesParser(policy=policy.default).parsebytes(head, headersonly=True)
    except Exception:
        return EmailMessage()


def clean(text: str) -> str:
    """One line of printable text: no control characters (a NUL would not even go into
    PostgreSQL), no unpaired surrogates from undecodable bytes."""
    text = text.encode("utf-8", "replace").decode("utf-8")
    return " ".join(CONTROL.sub(" ", text).split())


def header(message: EmailMessage, name: str) -> str:
    try:
        return clean(str(message.get(name, "")))
    except Exception:  # a header too broken to parse
        return ""


def sender_of(message: EmailMessage) -> str:
    """The one address of the one From header, lower case; "" if there is no such thing."""
    try:
        values = [str(value) for value in message.get_all("From", [])]
        found = getaddresses(values) if len(values) == 1 else []
    except Exception:
        return ""
    if len(found) != 1 or NOT_WHITESPACE_CONTROL.search(values[0]):
        return ""
    address = found[0][1].lower()
    return address if ADDRESS.fullmatch(address) else ""


def recipients_of(message: EmailMessage) -> list[str]:
    found = []
    for name in RECIPIENT_HEADERS:
        try:
            values = [clean(str(value)) for value in message.get_all(name, [])]
            found += [address for _, address in getaddresses(values)]
        except Exception:
            continue
    return found


def automatic(incoming: Incoming) -> bool:
    """Bounces and auto-replies (RFC 3834): answering them could loop."""
    message = incoming.message
    submitted = header(message, "Auto-Submitted").lower()
    return (
        (submitted not in ("", "no"))
        or message.get_content_type() == "multipart/report"
        or header(message, "Precedence").lower() in ("bulk", "junk", "list", "auto_reply")
        or bool(header(message, "X-Autoreply") or header(message, "X-Autorespond"))
        or not incoming.sender
        or incoming.sender.split("@")[0] in ("mailer-daemon", "postmaster")
    )


def senders_player(sender: str):
    """The player whose address this is, if any (their language answers mail not yet known
    to be a reply of theirs)."""
    return get_user_model().objects.filter(email__iexact=sender).order_by("pk").first()
