"""Real mail machinery for tests: an SMTP server, a Celery worker on Redis, a set clock,
DKIM keys and the DNS that publishes them.

Test modules load this file as a plugin (`pytest_plugins = ["tests.helpers.mail"]`), since
tests/conftest.py belongs to the whole suite; as a plugin its session fixtures (the worker,
the SMTP server) exist once per test process, however many modules use them.
"""

from __future__ import annotations

import base64
import contextlib
import copy
import email
import functools
import math
import os
import random
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from email import policy
from email.message import EmailMessage
from pathlib import Path
from urllib.parse import urlsplit

import dkim
import pytest
from aiosmtpd.controller import Controller
from django.db import connection
from django.utils import timezone
from imapclient import IMAPClient

from tabletop.play import clock, store
from tests.conftest import need, reachable

WAIT_SECONDS = 20


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until(condition: Callable[[], object], seconds: float = WAIT_SECONDS) -> object:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"gave up waiting after {seconds} s")


# ---------------------------------------------------------------------------- SMTP


@dataclass
class Received:
    mail_from: str
    rcpt_tos: list[str]
    raw: bytes
    message: EmailMessage
    peer: tuple = ()  # the sender's end of the connection it came over

    @property
    def text(self) -> str:
        return self.message.get_body(("plain",)).get_content().replace("\r\n", "\n")

    @property
    def html(self) -> str:
        return self.message.get_body(("html",)).get_content().replace("\r\n", "\n")


class Mailbox:
    """An aiosmtpd handler that keeps what it receives; it can refuse for a while."""

    def __init__(self) -> None:
        self.received: list[Received] = []
        self.refusing = False
        self.refused = 0
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope) -> str:
        if self.refusing:
            self.refused += 1
            return "451 4.3.0 Mailbox busy, try again later"
        message = email.message_from_bytes(envelope.content, policy=policy.default)
        with self.lock:
            self.received.append(
                Received(
                    envelope.mail_from,
                    list(envelope.rcpt_tos),
                    envelope.content,
                    message,
                    tuple(session.peer),
                )
            )
        return "250 2.0.0 OK"

    def clear(self) -> None:
        with self.lock:
            self.received.clear()
        self.refusing = False
        self.refused = 0

    def to(self, address: str) -> list[Received]:
        with self.lock:
            return [mail for mail in self.received if address in mail.rcpt_tos]

    def wait_for(self, address: str, count: int = 1, seconds: float = WAIT_SECONDS):
        return wait_until(lambda: len(self.to(address)) >= count and self.to(address), seconds)


@pytest.fixture(scope="session")
def smtp_server() -> Iterator[tuple[Controller, Mailbox]]:
    handler = Mailbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield controller, handler
    controller.stop()


def send_over_smtp_to(settings, port: int) -> None:
    """The test's email goes over plain SMTP to the local server on `port`."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    settings.EMAIL_TIMEOUT = 5


@pytest.fixture
def mailbox(smtp_server, settings) -> Mailbox:
    """Every email sent during the test goes over SMTP into this mailbox."""
    controller, handler = smtp_server
    send_over_smtp_to(settings, controller.port)
    handler.clear()
    return handler


# ---------------------------------------------------------------------------- IMAP


@pytest.fixture
def imap_server():
    """pymap, a real IMAP server, with one in-memory mailbox."""
    binary = shutil.which("pymap", path=str(Path(sys.executable).parent))
    need("pymap (IMAP server, a dev dependency)", binary is not None)
    port = free_port()
    server = subprocess.Popen(
        [binary, "--host", "127.0.0.1", "--port", str(port), "--no-tls", "dict",
         "--demo-user", "replies", "--demo-password", "pw"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    wait_until(lambda: reachable(f"imap://127.0.0.1:{port}", port), 20)
    yield f"imap://replies:pw@127.0.0.1:{port}/INBOX"
    server.terminate()
    server.wait(10)


def deliver_to_mailbox(url_port: str, raw: bytes) -> None:
    port = int(url_port.rsplit(":", 1)[1].split("/")[0])
    with IMAPClient("127.0.0.1", port=port, ssl=False) as client:
        client.login("replies", "pw")
        client.append("INBOX", raw)


# ---------------------------------------------------------------------------- Celery


def database_url() -> str:
    """The test database, as a URL a worker or web process of its own can open."""
    config = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{Path(config['NAME']).resolve()}"
    credentials = config["USER"] + (f":{config['PASSWORD']}" if config["PASSWORD"] else "")
    return (
        f"postgres://{credentials}@{config['HOST'] or '127.0.0.1'}:{config['PORT'] or 5432}/"
        f"{config['NAME']}"
    )


def queue_name() -> str:
    return f"tabletop-test-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-{os.getpid()}"


@pytest.fixture(scope="session")
def celery_app():
    """The project's Celery app on the local Redis, on a queue of this test process's own."""
    url = os.environ.get("REDIS_URL", "")
    need("Redis (REDIS_URL)", bool(url) and reachable(url, 6379))
    from tabletop.celery import app

    app.conf.update(
        broker_url=url,
        task_default_queue=queue_name(),
        task_always_eager=False,
        broker_connection_retry_on_startup=False,
        # A broker outage should fail a publish in well under a second, not hang the move.
        task_publish_retry_policy={"max_retries": 1, "interval_start": 0, "interval_step": 0.1},
    )
    # The queue and router are cached on first use; make them see this process's queue.
    for cached in ("queues", "default_queue", "router"):
        app.amqp.__dict__.pop(cached, None)
    app.amqp._rtable = None
    return app


def reset_publishing(app) -> None:
    """Forget the pooled connections publishing goes through, so a new broker URL applies."""
    app._pool = None
    app.amqp._producer_pool = None


class Proxy:
    """A TCP relay in front of Redis that a test can cut and restore: a broker outage."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self.sockets: list[socket.socket] = []
        self.listener: socket.socket | None = None
        self.restore()

    def restore(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", self.port), reuse_port=True)
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def cut(self) -> None:
        for open_socket in [self.listener, *self.sockets]:
            with contextlib.suppress(OSError):
                open_socket.shutdown(socket.SHUT_RDWR)
            open_socket.close()
        self.sockets.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(self.target)
            self.sockets += [client, upstream]
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)


@pytest.fixture
def broker_outage(celery_app):
    """Publishing goes through a relay the test can cut; the worker keeps its own connection."""
    url = urlsplit(celery_app.conf.broker_url)
    proxy = Proxy((url.hostname or "127.0.0.1", url.port or 6379))
    relayed = url._replace(netloc=f"127.0.0.1:{proxy.port}").geturl()
    celery_app.conf.update(broker_write_url=relayed, broker_read_url=celery_app.conf.broker_url)
    reset_publishing(celery_app)
    yield proxy
    proxy.cut()
    celery_app.conf.update(broker_write_url=None, broker_read_url=None)
    reset_publishing(celery_app)


@pytest.fixture
def celery_test_worker(celery_app):
    """A worker for one test only: a worker kept for the session went on taking the tasks that
    later tests of its process published, and its transactions deadlocked their flushes."""
    from celery.contrib.testing.worker import start_worker

    with start_worker(
        celery_app, pool="solo", perform_ping_check=False, loglevel="WARNING", shutdown_timeout=30
    ) as w:
        yield w


@pytest.fixture
def worker(celery_app, transactional_db, celery_test_worker):
    """A real worker taking tasks from Redis; its thread sees only committed rows."""
    celery_app.control.purge()
    yield celery_test_worker
    # What this test left queued (retries, late publishes) must not run in the next test.
    celery_app.control.purge()


# ---------------------------------------------------------------------------- time


class SetClock:
    """The service's clock, set by the test; only moves when told to."""

    def __init__(self, start: datetime) -> None:
        self.now = start
        clock.set_now(start)

    def set(self, moment: datetime) -> datetime:
        self.now = moment
        clock.set_now(moment)
        return moment

    def advance(self, **delta) -> datetime:
        return self.set(self.now + timedelta(**delta))

    def past_deadline(self, game, seat: int) -> datetime:
        """A minute after the seat's running deadline: the player is late."""
        deadline = game.seats.get(position=seat).deadline
        return self.set(max(self.now, deadline + timedelta(minutes=1)))


@pytest.fixture
def frozen() -> Iterator[SetClock]:
    controlled = SetClock(timezone.now().replace(second=0, microsecond=0))
    yield controlled
    clock.set_now(None)


# ---------------------------------------------------------------------------- replies


def parsed(raw: bytes) -> EmailMessage:
    return email.message_from_bytes(raw, policy=policy.default)


def latest_email(kind: str, seat: int) -> EmailMessage:
    """The newest email of this kind for a seat, as it would go on the wire."""
    from tabletop.mail.compose import compose
    from tabletop.mail.models import Outbox

    row = Outbox.objects.filter(kind=kind, seat=seat).latest("pk")
    return parsed(compose(row).message().as_bytes())


def reply_to(
    original: EmailMessage,
    text: str,
    sender: str | None = None,
    *,
    html: bool = False,
    attachment: bytes | None = None,
    message_id: str | None = None,
    to: str | None = None,
) -> bytes:
    """A reply as a mail client writes it: the answer on top, the original quoted below."""
    reply = EmailMessage()
    reply["From"] = sender or original["To"]
    reply["To"] = to or original["Reply-To"]
    reply["Subject"] = "Re: " + original["Subject"]
    reply["Date"] = email.utils.formatdate()
    reply["Message-ID"] = message_id or email.utils.make_msgid(domain="client.example")
    reply["In-Reply-To"] = original["Message-ID"]
    reply["References"] = f"{original['References'] or ''} {original['Message-ID']}".strip()
    body = original.get_body(("plain",)).get_content()
    quoted = "\n".join("> " + line for line in body.splitlines())
    header = f"On {original['Date'] or 'Mon, 30 Nov 2026 10:00'}, tabletop <play@localhost> wrote:"
    if html:
        lines = "".join(f"<div>{line}</div>" for line in text.splitlines())
        reply.set_content(
            f'<html><body><div dir="ltr">{lines}</div><br><div class="gmail_quote">'
            f'<div class="gmail_attr">{header}</div><blockquote class="gmail_quote">'
            f"{original.get_body(('html',)).get_content()}</blockquote></div></body></html>",
            subtype="html",
        )
    else:
        reply.set_content(f"{text}\n\n{header}\n{quoted}\n")
    if attachment is not None:
        reply.add_attachment(
            attachment, maintype="image", subtype="jpeg", filename="photo-of-my-board.jpg"
        )
    return reply.as_bytes(policy=policy.SMTP)


def whole_turn(game, seat: int, pick: int = 0) -> list[str]:
    """The seat's whole turn in the game's notation, one step a line, as the store would
    play it (the same rng), taking the `pick`-th legal move (or the last) at each step."""
    rules, state, lines = game.rules, copy.deepcopy(game.state), []
    stream = store.random_stream(game)
    while seat in rules.to_act(state) and len(lines) < 30:
        legal = rules.legal_moves(state, seat)
        move = legal[min(pick, len(legal) - 1)]
        lines.append(rules.format_move(move, state, seat))
        rng = stream.rng_for(game.seq + len(lines))
        state = rules.apply(state, seat, move, rng)
        stream.settle(rng)
    return lines


@pytest.fixture(autouse=True)
def unsigned_replies_taken(settings) -> None:
    """Test replies come unsigned, from the same few addresses test after test (and the cache
    that counts them is shared): take them as authenticated and without an hourly limit. The
    tests of those two rules turn them back on."""
    settings.MAIL_REQUIRE_AUTHENTICATED_SENDER = False
    settings.MAIL_INBOUND_PER_SENDER_PER_HOUR = 0


@pytest.fixture
def fast_passwords(settings) -> None:
    """Test players' passwords hash in microseconds instead of half a second each (every
    test's do already: tests/conftest.py; kept for the modules that name it)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# ---------------------------------------------------------------------------- DKIM


def der(tag: int, body: bytes) -> bytes:
    size = len(body)
    if size < 0x80:
        return bytes([tag, size]) + body
    length = size.to_bytes((size.bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(length)]) + length + body


def der_integers(*values: int) -> bytes:
    """A DER SEQUENCE of non-negative INTEGERs (an RSA key, in PKCS #1)."""
    return der(
        0x30, b"".join(der(0x02, v.to_bytes(v.bit_length() // 8 + 1, "big")) for v in values)
    )


def probable_prime(bits: int, rng: random.Random) -> int:
    """A random prime of exactly `bits` bits, its top two bits set (so that two of them make
    a modulus of exactly twice as many bits); Miller-Rabin, 32 rounds."""
    while True:
        candidate = rng.getrandbits(bits) | (3 << (bits - 2)) | 1
        if any(candidate % small == 0 for small in (3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)):
            continue
        odd, twos = candidate - 1, 0
        while odd % 2 == 0:
            odd, twos = odd // 2, twos + 1
        for _ in range(32):
            x = pow(rng.randrange(2, candidate - 1), odd, candidate)
            if x in (1, candidate - 1):
                continue
            for _ in range(twos - 1):
                x = pow(x, 2, candidate)
                if x == candidate - 1:
                    break
            else:
                break
        else:
            return candidate


@functools.cache
def dkim_key(bits: int = 1024) -> tuple[bytes, bytes]:
    """An RSA key for the tests alone: the private key as dkim.sign takes it (PEM, PKCS #1)
    and the DNS TXT record that publishes its public half. Made here, so the tests need no
    openssl, from a fixed seed, so every run signs with the same key."""
    rng = random.Random(f"tests-dkim-key-{bits}")
    e = 65537
    while True:
        p, q = probable_prime(bits // 2, rng), probable_prime(bits // 2, rng)
        phi = (p - 1) * (q - 1)
        if p != q and math.gcd(e, phi) == 1:
            break
    d = pow(e, -1, phi)
    private = der_integers(0, p * q, e, d, p, q, d % (p - 1), d % (q - 1), pow(q, -1, p))
    text = base64.b64encode(private)
    lines = b"\n".join(text[at : at + 64] for at in range(0, len(text), 64))
    pem = b"-----BEGIN RSA PRIVATE KEY-----\n" + lines + b"\n-----END RSA PRIVATE KEY-----\n"
    public = base64.b64encode(der_integers(p * q, e))
    return pem, b"v=DKIM1; k=rsa; p=" + public


def dkim_signed(raw: bytes, domain: str, selector: str = "test", *, length: bool = False) -> bytes:
    """The message with a DKIM signature of `domain` on top, as the sender's server adds it."""
    private, _ = dkim_key()
    signature = dkim.sign(
        raw,
        selector.encode(),
        domain.encode(),
        private,
        include_headers=[b"from", b"to", b"subject", b"date", b"message-id", b"in-reply-to"],
        length=length,
    )
    return signature + raw


@pytest.fixture
def dkim_dns(monkeypatch) -> Callable[[str, str], None]:
    """DNS for DKIM public keys: `publish(domain, selector)` puts the test key there, and the
    sender check looks keys up here instead of on the internet."""
    from tabletop.mail import senders

    records: dict[bytes, bytes] = {}
    monkeypatch.setattr(senders, "lookup_txt", lambda name, timeout=5: records.get(name))

    def publish(domain: str, selector: str = "test") -> None:
        records[f"{selector}._domainkey.{domain}.".encode()] = dkim_key()[1]

    return publish


@pytest.fixture
def authenticated_senders_required(settings) -> None:
    settings.MAIL_REQUIRE_AUTHENTICATED_SENDER = True
