"""Real HTTP receivers on loopback for webhook and push tests: one that answers 200, one that
answers 500, one that hangs past the sender's timeout. Each keeps what it was sent."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tabletop.accounts.models import Preferences
from tests.helpers.mail import WAIT_SECONDS, wait_until


@dataclass
class Request:
    path: str
    headers: Message  # case-insensitive, as HTTP headers are
    body: bytes

    @property
    def json(self) -> dict:
        return json.loads(self.body)


class Receiver:
    """A webhook receiver: `status` is what it answers, `hang` seconds it waits first."""

    def __init__(self, status: int = 200, hang: float = 0) -> None:
        self.status = status
        self.hang = hang
        self.requests: list[Request] = []
        self.lock = threading.Lock()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the name http.server calls
                length = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(length)
                with receiver.lock:
                    receiver.requests.append(Request(self.path, self.headers, body))
                if receiver.hang:
                    time.sleep(receiver.hang)
                self.send_response(receiver.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}/hook"

    def received(self) -> list[Request]:
        with self.lock:
            return list(self.requests)

    def wait_for(self, count: int = 1, seconds: float = WAIT_SECONDS) -> list[Request]:
        return wait_until(lambda: len(self.received()) >= count and self.received(), seconds)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def loopback_webhooks(settings) -> None:
    """The receivers listen on loopback, which production refuses."""
    settings.WEBHOOK_ALLOW_LOOPBACK = True


def receiver_fixture(status: int = 200, hang: float = 0):
    @pytest.fixture
    def fixture(loopback_webhooks) -> Iterator[Receiver]:
        receiver = Receiver(status, hang)
        yield receiver
        receiver.stop()

    return fixture


answering = receiver_fixture(200)
failing = receiver_fixture(500)
hanging = receiver_fixture(200, hang=3)


def wants_webhooks(user, *events: str) -> None:
    preferences, _ = Preferences.objects.get_or_create(user=user)
    preferences.set_channels({event: {"webhook": True} for event in events})
    preferences.save()
