"""One connection to the mail server per worker thread, kept open from one email to the next.

Django opens a connection for every email it sends: a TCP handshake, the greeting and EHLO
(and STARTTLS and AUTH at a real provider) before each message, which cost this service's
worker and a local aiosmtpd together about as much as the message itself (0.9 of 2.0 ms of
CPU for a bare email, both ends in one process). A kept connection is asked NOOP
before each use, one round trip: a server that hung up on it while the worker was idle is
noticed there, before any of the message is sent, and a new connection carries the email.
A failure during the send itself drops the connection and is the outbox's to retry, under the
row's one Message-ID. Servers that take only so many messages on one connection are met by
opening a new one after MOST_MESSAGES.

Only Django's SMTP backend is kept; the others (the embedded outbox, the console, the tests'
memory) have nothing to open. A change of settings (a test's own server) opens a new one.
"""

from __future__ import annotations

import contextlib
import logging
import smtplib
import threading
from dataclasses import dataclass

from celery.signals import worker_process_shutdown
from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.core.mail.backends.smtp import EmailBackend as SMTPBackend

log = logging.getLogger(__name__)

MOST_MESSAGES = 100

KEYED_BY = (
    "EMAIL_BACKEND",
    "EMAIL_HOST",
    "EMAIL_PORT",
    "EMAIL_HOST_USER",
    "EMAIL_HOST_PASSWORD",
    "EMAIL_USE_TLS",
    "EMAIL_USE_SSL",
)


@dataclass
class Kept:
    backend: SMTPBackend
    key: tuple
    sent: int = 0


_thread = threading.local()


def send(message: EmailMessage) -> None:
    """Send over this thread's kept connection; an error drops it and is raised."""
    backend = usable_backend()
    try:
        backend.send_messages([message])
    except Exception:
        drop()
        raise
    kept = getattr(_thread, "kept", None)
    if kept is not None:
        kept.sent += 1


def usable_backend():
    """This thread's open SMTP connection, checked or new; any other backend as Django gives it."""
    backend = get_connection()
    if not isinstance(backend, SMTPBackend):
        return backend
    key = tuple(getattr(settings, name, None) for name in KEYED_BY)
    kept = getattr(_thread, "kept", None)
    if kept is not None and (kept.key != key or kept.sent >= MOST_MESSAGES or not alive(kept)):
        drop()
        kept = None
    if kept is None:
        backend.open()
        kept = _thread.kept = Kept(backend, key)
    return kept.backend


def alive(kept: Kept) -> bool:
    """Whether the server still answers on the kept connection (it may hang up when idle)."""
    try:
        code, _ = kept.backend.connection.noop()
    except (smtplib.SMTPException, OSError, AttributeError):
        return False
    return code == 250


def drop() -> None:
    """Close this thread's kept connection, however it stands."""
    kept = getattr(_thread, "kept", None)
    _thread.kept = None
    if kept is not None:
        with contextlib.suppress(smtplib.SMTPException, OSError):
            kept.backend.close()


@worker_process_shutdown.connect
def say_goodbye(**_) -> None:
    """QUIT to the server when a worker process ends, rather than a dropped socket."""
    drop()
