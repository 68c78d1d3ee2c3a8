"""Accounts (django-allauth in our pages): sign up, log in by name, address or emailed code,
log out, reset a forgotten password by email, and every old address that still leads there."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.tokens import default_token_generator
from django.core import mail
from django.test import Client
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from tabletop.accounts import addresses
from tabletop.play import store
from tabletop.play.management.commands.demo import PASSWORD, PLAYERS, demo_users


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_up(client, name: str, email: str, path: str = "/accounts/signup/", **extra):
    return client.post(
        path,
        {
            "username": name,
            "email": email,
            "password1": "a-long-table-password",
            "password2": "a-long-table-password",
            **extra,
        },
    )


def link_in(message, pattern: str = r"http://localhost:8000(/\S+)") -> str:
    return re.search(pattern, message.body).group(1)


def test_signing_up_logs_the_player_in(client, db, django_user_model):
    response = sign_up(client, "dora", "dora@example.com")
    assert response.status_code == 302
    assert django_user_model.objects.get(username="dora").email == "dora@example.com"
    assert "Hello, dora" in client.get("/").content.decode()


def test_signing_up_sends_a_link_that_verifies_the_address(client, db, django_user_model):
    sign_up(client, "dora", "dora@example.com")
    dora = django_user_model.objects.get(username="dora")
    assert not addresses.is_verified(dora)
    assert "We sent a link to dora@example.com" in client.get("/").content.decode()
    assert "not confirmed yet" in client.get("/settings/").content.decode()
    [message] = mail.outbox
    assert message.to == ["dora@example.com"]
    assert message.subject == "Confirm your address for tabletop"
    assert message.alternatives  # the html part
    link = link_in(message)
    assert link.startswith("/accounts/confirm-email/")
    page = client.get(link)
    assert "Confirm your address" in page.content.decode()
    client.post(link)
    assert addresses.is_verified(dora)
    assert "not confirmed yet" not in client.get("/settings/").content.decode()


def test_signing_up_from_an_invitation_lands_on_the_game(client, make_user):
    game = store.create_game(make_user("ann"), "gazobu", 2)
    response = sign_up(client, "dora", "dora@example.com", next=f"/games/{game.pk}/")
    assert response["Location"] == f"/games/{game.pk}/"
    assert "Take a seat" in client.get(response["Location"]).content.decode()


def test_the_sign_up_link_keeps_next_through_the_form(client, make_user):
    game = store.create_game(make_user("ann"), "gazobu", 2)
    path = f"/accounts/signup/?next=/games/{game.pk}/"
    page = client.get(path).content.decode()
    assert f'name="next" value="/games/{game.pk}/"' in page
    assert sign_up(client, "dora", "dora@example.com", path)["Location"] == f"/games/{game.pk}/"


def test_signing_up_never_redirects_off_site(client, db):
    response = sign_up(client, "dora", "dora@example.com", next="//evil.example/")
    assert response["Location"] == "/"


def test_an_address_plays_under_one_account_only(client, make_user):
    make_user("ann", "ann@example.com")
    response = sign_up(client, "annie", "ANN@example.com")
    assert response.status_code == 200
    assert "Someone already plays with this address" in response.content.decode()


def test_logging_in_and_out(client, make_user):
    make_user("ann")
    response = client.post("/accounts/login/", {"username": "ann", "password": "pw-ann"})
    assert response["Location"] == "/"
    assert "Hello, ann" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert "Sign up and play" in client.get("/").content.decode()


def test_logging_in_with_the_email_address(client, make_user):
    make_user("ann", "ann@example.com")
    response = client.post(
        "/accounts/login/", {"username": "Ann@Example.com", "password": "pw-ann"}
    )
    assert response["Location"] == "/"
    assert "Hello, ann" in client.get("/").content.decode()


def test_logging_in_goes_on_to_next(client, make_user):
    make_user("ann")
    response = client.post(
        "/accounts/login/?next=/settings/", {"username": "ann", "password": "pw-ann"}
    )
    assert response["Location"] == "/settings/"


def test_a_wrong_password_is_refused_on_the_login_page(client, make_user):
    make_user("ann")
    response = client.post("/accounts/login/", {"username": "ann", "password": "nope"})
    assert response.status_code == 200
    assert "That name and password do not match." in response.content.decode()


def test_the_account_pages_wear_the_site_look(client, db):
    for path in (
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password/reset/",
        "/accounts/login/code/",
    ):
        page = client.get(path).content.decode()
        assert '<header class="topbar">' in page, path
        assert 'class="field' in page, path  # templates/web/field.html
        assert "· tabletop</title>" in page, path


def test_logging_in_by_a_code_sent_by_email(client, make_user):
    make_user("ann", "ann@example.com")
    response = client.post("/accounts/login/code/", {"email": "ann@example.com"})
    assert response["Location"] == "/accounts/login/code/confirm/"
    [message] = mail.outbox
    assert message.subject.startswith("Your tabletop log-in code: ")
    assert message.alternatives
    code = message.subject.rpartition(": ")[2]
    assert code in message.body
    confirmed = client.post("/accounts/login/code/confirm/", {"code": code})
    assert confirmed.status_code == 302
    assert "Hello, ann" in client.get("/").content.decode()


def test_a_log_in_code_is_never_sent_to_an_address_nobody_plays_with(client, db):
    client.post("/accounts/login/code/", {"email": "stranger@example.com"})
    assert mail.outbox == []


def test_a_forgotten_password_is_reset_through_the_emailed_link(client, make_user):
    make_user("ann", "ann@example.com")
    client.post("/accounts/password/reset/", {"email": "ann@example.com"})
    [message] = mail.outbox
    assert message.subject == "Choose a new tabletop password"
    assert message.alternatives  # the html part
    link = link_in(message)
    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"password1": "another-long-password", "password2": "another-long-password"},
    )
    assert done["Location"] == "/accounts/password/reset/key/done/"
    assert client.login(username="ann", password="another-long-password")


def test_a_reset_asked_for_an_unknown_address_sends_nothing(client, db):
    response = client.post("/accounts/password/reset/", {"email": "stranger@example.com"})
    assert response.status_code == 302  # the same answer as for a known address
    assert mail.outbox == []


def test_the_old_password_reset_page_leads_to_the_new_one_with_its_form(client, make_user):
    make_user("ann", "ann@example.com")
    assert client.get("/accounts/password_reset/")["Location"] == "/accounts/password/reset/"
    response = client.post("/accounts/password_reset/", {"email": "ann@example.com"})
    assert response.status_code == 308  # the method and the form go along
    client.post("/accounts/password_reset/", {"email": "ann@example.com"}, follow=True)
    assert mail.outbox[0].subject == "Choose a new tabletop password"


def test_a_reset_link_sent_in_djangos_old_format_still_works(client, make_user):
    ann = make_user("ann", "ann@example.com")
    uid = urlsafe_base64_encode(force_bytes(ann.pk))
    token = default_token_generator.make_token(ann)
    form = client.get(f"/accounts/reset/{uid}/{token}/", follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "another-long-password", "new_password2": "another-long-password"},
    )
    assert done["Location"] == "/accounts/reset/done/"
    assert client.login(username="ann", password="another-long-password")


def test_account_emails_link_to_the_site_not_to_the_host_the_request_named(make_user):
    make_user("ann", "ann@example.com")
    Client(HTTP_HOST="127.0.0.1").post("/accounts/password/reset/", {"email": "ann@example.com"})
    assert "http://localhost:8000/accounts/password/reset/key/" in mail.outbox[0].body
    assert "127.0.0.1" not in mail.outbox[0].body


def test_the_admin_logs_in_through_the_site_log_in_page(client, db):
    response = client.get("/admin/login/?next=/admin/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")


def test_the_demo_players_log_in_with_verified_addresses(db):
    demo_users()
    demo_users()  # twice, as `make run` does on every start
    for name in PLAYERS:
        client = Client()
        response = client.post("/accounts/login/", {"username": name, "password": PASSWORD})
        assert response["Location"] == "/", name
        assert EmailAddress.objects.filter(
            user__username=name, email=f"{name}@example.com", verified=True, primary=True
        ).exists()
