"""The local outbox (/mail/) of the embedded default: each player reads only their own mail."""

from __future__ import annotations

import pytest

from tabletop.mail.models import LocalMail

LOCAL_BACKEND = "tabletop.mail.backends.LocalOutboxBackend"


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def outbox(db, settings):
    """DEBUG on with mail kept locally, as `make run` runs: mail to ann, joann and both."""
    settings.DEBUG = True
    settings.EMAIL_BACKEND = LOCAL_BACKEND
    for recipients, subject in (
        ("ann@example.com", "Your turn, ann"),
        ("joann@example.com", "Your turn, joann"),
        ("Ben <ben@example.com>, ANN@example.com", "Game over for ann and ben"),
    ):
        LocalMail.objects.create(
            sender="play@localhost", recipients=recipients, subject=subject, message=subject
        )


def test_an_anonymous_visitor_is_sent_to_log_in(client, outbox):
    response = client.get("/mail/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/mail/"


def test_a_player_reads_only_the_mail_addressed_to_them(client, outbox, make_user):
    client.force_login(make_user("ann"))
    page = client.get("/mail/").content.decode()
    assert "Your turn, ann" in page
    assert "Game over for ann and ben" in page
    assert "joann" not in page


def test_a_player_without_mail_sees_none_of_the_others(client, outbox, make_user):
    client.force_login(make_user("cat"))
    page = client.get("/mail/").content.decode()
    assert "No mail yet." in page
    assert "Your turn" not in page


def test_staff_read_every_message(client, outbox, make_user):
    staff = make_user("sam")
    staff.is_staff = True
    staff.save()
    client.force_login(staff)
    page = client.get("/mail/").content.decode()
    for subject in ("Your turn, ann", "Your turn, joann", "Game over for ann and ben"):
        assert subject in page


def test_without_debug_only_staff_find_the_local_outbox(client, outbox, make_user, settings):
    settings.DEBUG = False
    client.force_login(make_user("ann"))
    assert client.get("/mail/").status_code == 404


def test_there_is_no_outbox_page_when_mail_really_goes_out(client, outbox, make_user, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    client.force_login(make_user("ann"))
    assert client.get("/mail/").status_code == 404
