"""A reply plays only if it comes from its player: a DKIM signature of the From domain proves it
(or the webhook provider's verdict does), since anyone can write any From; mail that is not
proved is recorded and never answered, as it may be forged. And no sender is heard more than
MAIL_INBOUND_PER_SENDER_PER_HOUR times an hour."""

from __future__ import annotations

import smtplib
from io import StringIO
from types import SimpleNamespace

import pytest
from django.core.management import call_command

from tabletop.mail import inbound, webhooks
from tabletop.mail.management.commands.smtpd import controller
from tabletop.mail.models import InboundMail, Outbox
from tabletop.play.models import Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords", "authenticated_senders_required")


@pytest.fixture
def game(make_user):
    return started_game([make_user("ann"), make_user("ben")])


@pytest.fixture
def receiver(transactional_db):
    # Set up after the database and so stopped before it is flushed: a reply still being
    # handled in the server's thread would otherwise deadlock the flush's TRUNCATE.
    server = controller("127.0.0.1", mailhelpers.free_port(), domain="localhost")
    server.start()
    yield server
    server.stop()


def first_step_reply(game) -> tuple[bytes, str]:
    """The seat's first step as a reply to its turn email, and the address it goes to."""
    seat = game.to_act[0]
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    step = mailhelpers.whole_turn(game, seat)[0]
    return mailhelpers.reply_to(original, step), original["Reply-To"]


def email_moves(game) -> int:
    return Move.objects.filter(game=game, source=Move.Source.EMAIL).count()


def answers() -> int:
    return Outbox.objects.filter(kind=Outbox.Kind.REPLY).count()


def test_a_reply_signed_by_the_senders_domain_is_played(game, dkim_dns, receiver, transactional_db):
    dkim_dns("example.com")
    raw, to = first_step_reply(game)
    with smtplib.SMTP(receiver.hostname, receiver.port) as client:
        client.sendmail("ann@example.com", [to], mailhelpers.dkim_signed(raw, "example.com"))
    record = InboundMail.objects.get()
    assert record.result == "accepted", record.detail
    assert email_moves(game) == 1 and answers() == 1


def test_a_forged_from_without_a_signature_is_refused_and_not_answered(
    game, dkim_dns, receiver, transactional_db
):
    dkim_dns("example.com")
    raw, to = first_step_reply(game)
    with smtplib.SMTP(receiver.hostname, receiver.port) as client:
        client.sendmail("mallory@example.org", [to], raw)
    record = InboundMail.objects.get()
    assert record.result == "refused" and not record.answered
    assert "not authenticated: no valid DKIM signature of example.com" in record.detail
    assert email_moves(game) == 0 and answers() == 0


def test_a_signature_of_another_domain_does_not_vouch_for_the_from(game, dkim_dns):
    dkim_dns("mallory.example.org")
    raw, _ = first_step_reply(game)
    record = inbound.receive(mailhelpers.dkim_signed(raw, "mallory.example.org"), "test")
    assert record.result == "refused" and not record.answered
    assert email_moves(game) == 0 and answers() == 0


def test_a_signed_reply_altered_on_the_way_is_refused(game, dkim_dns):
    dkim_dns("example.com")
    raw, _ = first_step_reply(game)
    signed = mailhelpers.dkim_signed(raw, "example.com")
    step = mailhelpers.whole_turn(game, game.to_act[0])[0].encode()
    altered = signed.replace(step, b"draw", 1)
    assert altered != signed
    assert inbound.receive(altered, "test").result == "refused"
    assert email_moves(game) == 0 and answers() == 0


def test_a_signature_over_only_part_of_the_body_does_not_count(game, dkim_dns):
    # With l=, anyone may add text below the signed part: it proves nothing about the reply.
    dkim_dns("example.com")
    raw, _ = first_step_reply(game)
    record = inbound.receive(mailhelpers.dkim_signed(raw, "example.com", length=True), "test")
    assert record.result == "refused"
    assert email_moves(game) == 0


def test_a_parent_domains_signature_vouches_for_a_subdomain_sender(make_user, dkim_dns):
    dkim_dns("example.net")
    game = started_game(
        [make_user("ann", "ann@mail.example.net"), make_user("ben", "ben@mail.example.net")]
    )
    raw, _ = first_step_reply(game)
    record = inbound.receive(mailhelpers.dkim_signed(raw, "example.net"), "test")
    assert record.result == "accepted", record.detail


def test_a_signed_reply_fetched_by_imap_is_played(game, dkim_dns, imap_server):
    dkim_dns("example.com")
    raw, _ = first_step_reply(game)
    mailhelpers.deliver_to_mailbox(imap_server, mailhelpers.dkim_signed(raw, "example.com"))
    call_command("fetch_mail", url=imap_server, stdout=StringIO())
    assert InboundMail.objects.get().result == "accepted"
    assert email_moves(game) == 1


def test_unsigned_replies_are_taken_when_the_setting_is_off(game, settings):
    settings.MAIL_REQUIRE_AUTHENTICATED_SENDER = False
    raw, _ = first_step_reply(game)
    assert inbound.receive(raw, "test").result == "accepted"


# ---------------------------------------------------------------------------- providers


def provider_event(esp_event, *, spam: bool = False) -> SimpleNamespace:
    message = mailhelpers.parsed(b"From: Ann <ann@example.com>\r\nSubject: x\r\n\r\ndraw\r\n")
    message.spam_detected = spam
    return SimpleNamespace(message=message, esp_event=esp_event)


def postmark_headers(*tests: str) -> dict:
    return {"Headers": [{"Name": "X-Spam-Tests", "Value": value} for value in tests]}


def test_postmarks_spamassassin_verdict_on_the_authors_signature_is_believed():
    vouched = webhooks.vouched_for
    assert vouched(
        "postmark", provider_event(postmark_headers("DKIM_SIGNED,DKIM_VALID,DKIM_VALID_AU"))
    )
    assert not vouched("postmark", provider_event(postmark_headers("DKIM_SIGNED,DKIM_VALID")))
    assert not vouched("postmark", provider_event(postmark_headers("DKIM_VALID_AU", "SPF_PASS")))
    assert not vouched("postmark", provider_event(postmark_headers("DKIM_VALID_AU"), spam=True))


def test_amazon_ses_dmarc_verdict_is_believed():
    passed = {"receipt": {"dmarcVerdict": {"status": "PASS"}}}
    gray = {"receipt": {"dmarcVerdict": {"status": "GRAY"}}}
    assert webhooks.vouched_for("amazon_ses", provider_event(passed))
    assert not webhooks.vouched_for("amazon_ses", provider_event(gray))


def test_sendgrids_dkim_result_must_be_aligned_with_the_from():
    def posted(dkim: str) -> SimpleNamespace:
        return provider_event(SimpleNamespace(POST={"dkim": dkim}))

    assert webhooks.vouched_for("sendgrid", posted("{@example.com : pass}"))
    assert not webhooks.vouched_for("sendgrid", posted("{@example.com : fail}"))
    assert not webhooks.vouched_for("sendgrid", posted("{@mallory.example.org : pass}"))


def test_a_provider_without_a_verdict_counts_as_unauthenticated():
    assert not webhooks.vouched_for("mailgun", provider_event({}))


# ---------------------------------------------------------------------------- the hourly limit


def test_more_replies_than_the_hourly_limit_are_recorded_not_played_nor_answered(
    make_user, settings, frozen
):
    settings.MAIL_REQUIRE_AUTHENTICATED_SENDER = False
    settings.MAIL_INBOUND_PER_SENDER_PER_HOUR = 3
    # The count lives in the shared cache, under this test's own key prefix (tests/conftest.py).
    game = started_game([make_user(name) for name in ("ann", "ben")])
    seat = game.to_act[0]
    player = game.seats.get(position=seat).user
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    frozen.set(frozen.now.replace(minute=0))
    for _ in range(3):
        assert inbound.receive(mailhelpers.reply_to(original, "status"), "test").result == (
            "answered"
        )
    step = mailhelpers.whole_turn(game, seat)[0]
    record = inbound.receive(mailhelpers.reply_to(original, step), "test")
    assert record.result == "refused" and not record.answered
    assert f"more than 3 messages from {player.email} within the hour" in record.detail
    assert email_moves(game) == 0 and answers() == 3
    frozen.advance(hours=1)
    assert inbound.receive(mailhelpers.reply_to(original, step), "test").result == "accepted"
