"""Three ways in, one function behind them: a provider's webhook (django-anymail), an IMAP
mailbox polled by `manage.py fetch_mail`, and the SMTP receiver of `manage.py smtpd`."""

from __future__ import annotations

import base64
import json
import os
import smtplib
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

from tabletop.mail.management.commands.smtpd import controller
from tabletop.mail.models import InboundMail, Outbox
from tabletop.play.models import Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.mail"]
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


def postmark(raw: bytes, to: str, secret: str = "hook:s3cret", headers: list | None = None):
    payload = {"RawEmail": raw.decode(), "OriginalRecipient": to, "Headers": headers or []}
    credentials = base64.b64encode(secret.encode()).decode()
    return Client(enforce_csrf_checks=True).post(
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


def test_only_the_configured_providers_inbound_url_is_mounted(game, reply, webhook, settings):
    for url in (
        "/anymail/mailgun/inbound/",
        "/anymail/sendgrid/inbound/",
        "/anymail/amazon_ses/inbound/",
        "/anymail/mandrill/",
        "/anymail/postmark/tracking/",
    ):
        assert Client().post(url, "{}", content_type="application/json").status_code == 404
    settings.MAIL_INBOUND_PROVIDER = "mailgun"
    raw, to = reply
    assert postmark(raw, to).status_code == 404
    assert email_moves(game) == 0
    assert not InboundMail.objects.exists()


def test_the_configured_webhook_refuses_a_caller_without_credentials_never_with_a_500(
    game, reply, webhook
):
    raw, to = reply
    response = Client(raise_request_exception=False).post(
        "/anymail/postmark/inbound/",
        json.dumps({"RawEmail": raw.decode(), "OriginalRecipient": to, "Headers": []}),
        content_type="application/json",
    )
    assert 400 <= response.status_code < 500
    assert email_moves(game) == 0
    assert not InboundMail.objects.exists()


def test_a_payload_the_providers_parser_cannot_read_is_rejected_once_not_retried(webhook, db):
    credentials = base64.b64encode(b"hook:s3cret").decode()
    for _ in range(2):
        response = Client(raise_request_exception=False).post(
            "/anymail/postmark/inbound/",
            "{not json",
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Basic {credentials}",
        )
        assert response.status_code == 200
    assert InboundMail.objects.get().result == "rejected"


def test_a_webhook_reply_is_authenticated_by_the_providers_verdict(game, reply, webhook, settings):
    settings.MAIL_REQUIRE_AUTHENTICATED_SENDER = True
    raw, to = reply
    assert postmark(raw, to).status_code == 200
    assert InboundMail.objects.get().result == "refused"
    assert email_moves(game) == 0
    signed = {"Name": "X-Spam-Tests", "Value": "DKIM_SIGNED,DKIM_VALID,DKIM_VALID_AU,SPF_PASS"}
    again = raw.replace(b"Message-ID: <", b"Message-ID: <again.", 1)
    assert postmark(again, to, headers=[signed]).status_code == 200
    assert email_moves(game) == 1


def settings_of_a_new_process(**env: str) -> subprocess.CompletedProcess:
    """Django set up in a fresh process, with these variables (and no MAIL_ or DEBUG ones)."""
    kept = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("MAIL_", "ANYMAIL_", "DEBUG"))
    }
    code = (
        "import django; django.setup(); from django.conf import settings; "
        "print(settings.MAIL_REQUIRE_AUTHENTICATED_SENDER)"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**kept, "DJANGO_SETTINGS_MODULE": "tabletop.settings", **env},
        cwd=str(Path(__file__).resolve().parents[2]),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_provider_without_a_webhook_secret_refuses_to_start():
    started = settings_of_a_new_process(MAIL_INBOUND_PROVIDER="postmark")
    assert started.returncode != 0
    assert "ImproperlyConfigured" in started.stderr
    assert "ANYMAIL_WEBHOOK_SECRET is not set" in started.stderr
    secret = settings_of_a_new_process(
        MAIL_INBOUND_PROVIDER="postmark", ANYMAIL_WEBHOOK_SECRET="hook:s3cret"
    )
    assert secret.returncode == 0, secret.stderr


def test_authenticated_senders_are_required_unless_debug_is_on():
    assert settings_of_a_new_process(DEBUG="0").stdout.split() == ["True"]
    assert settings_of_a_new_process(DEBUG="1").stdout.split() == ["False"]
    off = settings_of_a_new_process(DEBUG="0", MAIL_REQUIRE_AUTHENTICATED_SENDER="0")
    assert off.stdout.split() == ["False"]


# ---------------------------------------------------------------------------- SMTP


@pytest.fixture
def receiver(transactional_db):
    # Set up after the database and so stopped before it is flushed: a reply still being
    # handled in the server's thread would otherwise deadlock the flush's TRUNCATE.
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


def test_fetch_mail_plays_unseen_replies_and_marks_them_seen(game, reply, imap_server):
    raw, _ = reply
    mailhelpers.deliver_to_mailbox(imap_server, raw)
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


# ---------------------------------------------------------------------------- any input


def with_nul_in(raw: bytes, name: str) -> bytes:
    """The message with a NUL byte a few characters into one of its headers."""
    start = (b"\r\n" + raw).index(f"\r\n{name}: ".encode()) + len(name) + 2
    return raw[: start + 3] + b"\x00" + raw[start + 3 :]


def nested(raw: bytes, depth: int) -> bytes:
    """The message's header over a body of `depth` multiparts, each inside the last."""
    head = raw[: raw.index(b"\r\n\r\n")].replace(b"Content-Type:", b"X-Was-Content-Type:")
    opening = b"".join(
        b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n' % (n, n)
        for n in range(depth)
    )
    closing = b"".join(b"\r\n--b%d--\r\n" % n for n in reversed(range(depth)))
    return (
        head
        + b"\r\nMIME-Version: 1.0\r\n"
        + opening
        + b"Content-Type: text/plain\r\n\r\ndraw"
        + closing
    )


def test_a_nul_byte_in_the_subject_or_message_id_is_dropped_and_the_reply_played(
    game, reply, receiver, transactional_db
):
    raw, to = reply
    with smtplib.SMTP(receiver.hostname, receiver.port) as client:
        client.sendmail(
            "ann@example.com", [to], with_nul_in(with_nul_in(raw, "Subject"), "Message-ID")
        )
    record = InboundMail.objects.get()
    assert record.result == "accepted", record.detail
    assert "\x00" not in record.subject + record.message_id
    assert email_moves(game) == 1


def test_a_nul_byte_in_from_leaves_no_sender_to_answer(game, reply, receiver, transactional_db):
    raw, to = reply
    with smtplib.SMTP(receiver.hostname, receiver.port) as client:
        client.sendmail("ann@example.com", [to], with_nul_in(raw, "From"))
    record = InboundMail.objects.get()
    assert record.result == "ignored" and not record.answered
    assert email_moves(game) == 0


def test_a_message_nested_two_thousand_deep_is_refused_for_good_over_smtp(
    game, reply, receiver, transactional_db
):
    raw, to = reply
    with (
        smtplib.SMTP(receiver.hostname, receiver.port) as client,
        pytest.raises(smtplib.SMTPDataError) as refused,
    ):
        client.sendmail("ann@example.com", [to], nested(raw, 2000))
    assert refused.value.smtp_code == 554  # permanent: the sender stops offering it
    record = InboundMail.objects.get()
    assert record.result == "rejected" and not record.answered
    assert email_moves(game) == 0


def test_a_message_the_parser_cannot_follow_is_rejected_too(game, reply, monkeypatch):
    from tabletop.mail import inbound
    from tabletop.mail.inbound import reading

    raw, _ = reply
    monkeypatch.setattr(reading, "MOST_CONTAINERS", 10_000)  # past the count, to the parser
    record = inbound.receive(nested(raw, 2000), "test")
    assert record.result == "rejected"
    assert "RecursionError" in record.detail


@pytest.mark.parametrize("problem", ["nul in subject", "nul in from", "nested"])
def test_fetch_mail_marks_unreadable_mail_seen_and_records_it(game, reply, imap_server, problem):
    raw, _ = reply
    broken = {
        "nul in subject": lambda: with_nul_in(raw, "Subject"),
        "nul in from": lambda: with_nul_in(raw, "From"),
        "nested": lambda: nested(raw, 300),  # as deep as pymap itself stores (2,000 over SMTP)
    }[problem]()
    mailhelpers.deliver_to_mailbox(imap_server, broken)
    out = StringIO()
    call_command("fetch_mail", url=imap_server, stdout=out)
    assert "1 handled, 0 failed" in out.getvalue()
    expected = {"nul in subject": "accepted", "nul in from": "ignored", "nested": "rejected"}
    assert InboundMail.objects.get().result == expected[problem]
    out = StringIO()
    call_command("fetch_mail", url=imap_server, stdout=out)
    assert "0 handled, 0 failed" in out.getvalue()


def test_fetch_mail_takes_only_the_header_of_a_reply_far_over_the_limit(
    game, reply, imap_server, settings
):
    settings.MAIL_INBOUND_MAX_BYTES = 100_000
    raw, _ = reply
    large = mailhelpers.reply_to(
        mailhelpers.latest_email(Outbox.Kind.TURN, game.to_act[0]),
        "draw",
        attachment=b"\xff\xd8" * 150_000,
    )
    mailhelpers.deliver_to_mailbox(imap_server, large)
    call_command("fetch_mail", url=imap_server, stdout=StringIO())
    record = InboundMail.objects.get()
    assert record.result == "refused" and record.size >= len(large) - 1000
    assert "replies are taken up to" in record.detail
    assert email_moves(game) == 0
