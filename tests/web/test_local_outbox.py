"""The local outbox (/mail/) of the embedded default, as `make run` runs it (DEBUG on): every
email kept, each read as its reader would read it, linked from the navigation and from the
flash that says an email went out; nowhere without DEBUG (but for staff)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tabletop.mail import outbox
from tabletop.mail.models import LocalMail, Outbox
from tabletop.play import invitations, store

LOCAL_BACKEND = "tabletop.mail.backends.LocalOutboxBackend"
PASSWORD = "a-long-table-password"


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def local_mail(db, settings):
    """DEBUG on with mail kept locally, as `make run` runs."""
    settings.DEBUG = True
    settings.EMAIL_BACKEND = LOCAL_BACKEND


def sign_up(client: Client, name: str):
    return client.post(
        "/accounts/signup/",
        {
            "username": name,
            "email": f"{name}@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        follow=True,
    )


def kept(subject: str) -> LocalMail:
    return LocalMail.objects.get(subject=subject)


def test_anyone_reads_every_email_in_the_outbox_while_debug_is_on(local_mail, make_user):
    for name in ("ann", "joann"):
        LocalMail.objects.create(
            sender="play@localhost",
            recipients=f"{name}@example.com",
            subject=f"Your turn, {name}",
            message=f"Your turn, {name}",
        )
    for client in (Client(), logged_in(make_user("cat"))):
        page = client.get("/mail/").content.decode()
        assert "Your turn, ann" in page
        assert "Your turn, joann" in page
        assert f'href="/mail/{kept("Your turn, ann").pk}/"' in page


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_an_invitee_without_an_account_reads_their_invitation_in_the_outbox(local_mail, make_user):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 3)
    invitations.invite(game, "zoe@example.com", ann)
    outbox.deliver(Outbox.objects.get(kind=Outbox.Kind.INVITATION).pk)
    subject = f"ann invites you to Gazobu #{game.pk}"
    zoe = Client()
    assert subject in zoe.get("/mail/").content.decode()
    page = zoe.get(f"/mail/{kept(subject).pk}/").content.decode()
    assert "zoe@example.com" in page
    assert f'<a href="http://localhost:8000/games/{game.pk}/"' in page


def test_an_email_is_shown_as_read_its_html_sandboxed_and_its_text_with_live_links(local_mail):
    sign_up(Client(), "dora")
    mail = kept("Confirm your address for tabletop")
    page = Client().get(f"/mail/{mail.pk}/").content.decode()
    assert "Content-Transfer-Encoding" not in page  # not the raw message
    assert "dora@example.com" in page
    confirm = re.search(r'<a href="(http://localhost:8000/accounts/confirm-email/[^"]+)"', page)
    assert confirm, "the text part's confirmation link can be clicked"
    frame = re.search(r'<iframe class="mail-html" src="([^"]+)" sandbox="([^"]*)"', page)
    assert frame.group(1) == f"/mail/{mail.pk}/html/"
    assert frame.group(2) == "allow-top-navigation-by-user-activation"

    html = Client().get(frame.group(1))
    assert html["Content-Type"] == "text/html; charset=utf-8"
    assert "sandbox allow-top-navigation-by-user-activation" in html["Content-Security-Policy"]
    assert "frame-ancestors 'self'" in html["Content-Security-Policy"]
    assert html["X-Frame-Options"] == "SAMEORIGIN"
    body = html.content.decode()
    assert '<base target="_top">' in body  # a click opens the link in the window, not the frame
    assert f'href="{confirm.group(1)}"' in body
    assert "Confirm my address" in body


def test_an_email_without_an_html_part_shows_its_text_alone(local_mail):
    mail = LocalMail.objects.create(
        sender="play@localhost", recipients="ann@example.com", subject="Plain", message="Just text"
    )
    page = Client().get(f"/mail/{mail.pk}/").content.decode()
    assert "Just text" in page
    assert "<iframe" not in page
    assert Client().get(f"/mail/{mail.pk}/html/").status_code == 404


def test_the_sign_up_flash_and_the_navigation_lead_to_the_outbox_while_debug_is_on(local_mail):
    page = sign_up(Client(), "dora").content.decode()
    assert "We sent a link to dora@example.com" in page
    assert '<a href="/mail/">Read it in the local outbox.</a>' in page
    assert '<a href="/mail/">Local outbox</a>' in page


def test_a_log_in_code_flash_leads_to_the_outbox_while_debug_is_on(local_mail, make_user):
    make_user("dora")
    client = Client()
    page = client.post("/accounts/login/code/", {"email": "dora@example.com"}, follow=True)
    assert '<a href="/mail/">Read it in the local outbox.</a>' in page.content.decode()
    assert LocalMail.objects.filter(subject__startswith="Your tabletop log-in code:").exists()


def test_without_debug_nothing_links_the_outbox_and_it_is_not_found(
    local_mail, settings, make_user
):
    settings.DEBUG = False
    page = sign_up(Client(), "dora").content.decode()
    assert "We sent a link to dora@example.com" in page
    assert 'href="/mail/"' not in page
    mail = kept("Confirm your address for tabletop")
    for client in (Client(), logged_in(make_user("ann"))):
        for path in ("/mail/", f"/mail/{mail.pk}/", f"/mail/{mail.pk}/html/"):
            assert client.get(path).status_code == 404, path


def test_without_debug_staff_still_read_the_outbox(local_mail, settings, make_user):
    settings.DEBUG = False
    LocalMail.objects.create(
        sender="play@localhost", recipients="ann@example.com", subject="Your turn", message="Go"
    )
    staff = make_user("sam")
    staff.is_staff = True
    staff.save()
    assert "Your turn" in logged_in(staff).get("/mail/").content.decode()


def test_there_is_no_outbox_when_mail_really_goes_out(local_mail, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    mail = LocalMail.objects.create(
        sender="play@localhost", recipients="ann@example.com", subject="Old", message="Old"
    )
    for path in ("/mail/", f"/mail/{mail.pk}/", f"/mail/{mail.pk}/html/"):
        assert Client().get(path).status_code == 404, path
    assert 'href="/mail/"' not in Client().get("/").content.decode()


def test_the_outbox_warns_a_visitor_browsing_another_origin_than_its_links(local_mail, settings):
    settings.SITE_URL = "http://127.0.0.1:8000"
    page = Client().get("/mail/", HTTP_HOST="localhost:8000").content.decode()
    assert "The links in these emails open http://127.0.0.1:8000" in page
    assert "you are browsing http://localhost:8000" in page
    same = Client().get("/mail/", HTTP_HOST="127.0.0.1:8000").content.decode()
    assert "The links in these emails open" not in same
