"""Three ways in, one function behind them: a provider's webhook (django-anymail), an IMAP
mailbox polled by `manage.py fetch_mail`, and the SMTP receiver of `manage.py smtpd`."""

from __future__ import annotations

import base64
import json
import os
import shutil
import smtplib
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from imapclient import IMAPClient

from tabletop.mail.management.commands.smtpd import controller
from tabletop.mail.models import InboundMail, Outbox
from tabletop.play.models import Move
from tests import mailhelpers
from tests.conftest import need, reachable
from tests.factories import started_game

pytest_plugins = ["tests.mailhelpers"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def game(make_user):
    return started_game([make_user("ann"), make_user("ben")])


@pytest.fixture
def reply(game) -> tuple[bytes, str]:
    """A reply with the seat's first step, and the address it goes to."""
    seat = game.to_act[0]
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    step = mailhelpers.whole_turn(game, seat)[0]
    return mailhelpers.reply_to(original, step), original["Reply-To"]


def email_moves(game) -> int:
    return Move.objects.filter(game=game, source=Move.Source.EMAIL).count()


# ---------------------------------------------------------------------------- webhook


def postmark(raw: bytes, to: str, secret: str = "hook:s3cret"):
    payload = {"RawEmail": raw.decode(), "OriginalRecipient": to, "Headers": []}
    credentials = base64.b64encode(secret.encode()).decode()
    return Client().post(
        "/anymail/postmark/inbound/",
        json.dumps(payload),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Basic {credentials}",
    )


@pytest.fixture
def webhook(settings):
    settings.ANYMAIL = {**settings.ANYMAIL, "WEBHOOK_SECRET": "hook:s3cret"}
    settings.MAIL_INBOUND_PROVIDER = "postmark"


def test_a_reply_through_the_providers_webhook_moves(game, reply, webhook):
    raw, to = reply
    response = postmark(raw, to)
    assert response.status_code == 200
    assert email_moves(game) == 1
    assert InboundMail.objects.get().channel == "webhook"


def test_the_webhook_refuses_a_caller_without_the_secret(game, reply, webhook):
    raw, to = reply
    assert postmark(raw, to, secret="hook:guess").status_code == 400
    assert email_moves(game) == 0


def test_a_provider_other_than_the_configured_one_is_not_listened_to(
    game, reply, webhook, settings
):
    settings.MAIL_INBOUND_PROVIDER = "mailgun"
    raw, to = reply
    assert postmark(raw, to).status_code == 200
    assert email_moves(game) == 0
    assert not InboundMail.objects.exists()


# ---------------------------------------------------------------------------- SMTP


@pytest.fixture
def receiver():
    server = controller("127.0.0.1", mailhelpers.free_port(), domain="localhost")
    server.start()
    yield server
    server.stop()


def test_a_reply_over_smtp_moves(game, reply, receiver, transactional_db):
    raw, to = reply
    with smtplib.SMTP(receiver.hostname, receiver.port) as client:
        client.sendmail("whoever@example.com", [to], raw)
    assert email_moves(game) == 1
    assert InboundMail.objects.get().channel == "smtp"


def test_the_smtp_receiver_takes_mail_for_the_reply_domain_only(game, reply, receiver):
    raw, _ = reply
    with (
        smtplib.SMTP(receiver.hostname, receiver.port) as client,
        pytest.raises(smtplib.SMTPRecipientsRefused) as refused,
    ):
        client.sendmail("whoever@example.com", ["someone@elsewhere.example"], raw)
    [(code, text)] = refused.value.recipients.values()
    assert code == 550 and b"only @localhost is taken" in text
    assert not InboundMail.objects.exists()


def test_the_smtpd_command_serves_until_stopped(settings):
    port = mailhelpers.free_port()
    server = subprocess.Popen(
        [sys.executable, "manage.py", "smtpd", "--host", "127.0.0.1", "--port", str(port)],
        cwd=settings.BASE_DIR,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = server.stdout.readline()
        assert f"on 127.0.0.1:{port}" in line
        with smtplib.SMTP("127.0.0.1", port) as client:
            assert client.noop()[0] == 250
    finally:
        server.terminate()
        assert server.wait(20) == 0


# ---------------------------------------------------------------------------- IMAP


@pytest.fixture
def imap_server():
    """pymap, a real IMAP server, with one in-memory mailbox."""
    binary = shutil.which("pymap", path=str(Path(sys.executable).parent))
    need("pymap (IMAP server, a dev dependency)", binary is not None)
    port = mailhelpers.free_port()
    server = subprocess.Popen(
        [binary, "--host", "127.0.0.1", "--port", str(port), "--no-tls", "dict",
         "--demo-user", "replies", "--demo-password", "pw"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    mailhelpers.wait_until(lambda: reachable(f"imap://127.0.0.1:{port}", port), 20)
    yield f"imap://replies:pw@127.0.0.1:{port}/INBOX"
    server.terminate()
    server.wait(10)


def deliver_to_mailbox(url_port: str, raw: bytes) -> None:
    port = int(url_port.rsplit(":", 1)[1].split("/")[0])
    with IMAPClient("127.0.0.1", port=port, ssl=False) as client:
        client.login("replies", "pw")
        client.append("INBOX", raw)


def test_fetch_mail_plays_unseen_replies_and_marks_them_seen(game, reply, imap_server):
    raw, _ = reply
    deliver_to_mailbox(imap_server, raw)
    out = StringIO()
    call_command("fetch_mail", url=imap_server, stdout=out)
    assert "1 handled, 0 failed" in out.getvalue()
    assert email_moves(game) == 1
    assert InboundMail.objects.get().channel == "imap"
    out = StringIO()
    call_command("fetch_mail", url=imap_server, stdout=out)
    assert "0 handled, 0 failed" in out.getvalue()
    assert email_moves(game) == 1


def test_fetch_mail_without_a_mailbox_says_what_to_set(settings):
    settings.IMAP_URL = ""
    with pytest.raises(Exception, match="Set IMAP_URL"):
        call_command("fetch_mail")
