"""Accounts: sign up, log in and out, reset a forgotten password by email."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from tabletop.play import store


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def sign_up(client, name: str, email: str, **extra):
    return client.post(
        "/accounts/signup/",
        {
            "username": name,
            "email": email,
            "password1": "a-long-table-password",
            "password2": "a-long-table-password",
            **extra,
        },
    )


def test_signing_up_logs_the_player_in(client, db, django_user_model):
    response = sign_up(client, "dora", "dora@example.com")
    assert response.status_code == 302
    assert django_user_model.objects.get(username="dora").email == "dora@example.com"
    assert "Hello, dora" in client.get("/").content.decode()


def test_signing_up_from_an_invitation_lands_on_the_game(client, make_user):
    game = store.create_game(make_user("ann"), "gazobu", 2)
    response = sign_up(client, "dora", "dora@example.com", next=f"/games/{game.pk}/")
    assert response["Location"] == f"/games/{game.pk}/"
    assert "Take a seat" in client.get(response["Location"]).content.decode()


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


def test_a_wrong_password_is_refused_on_the_login_page(client, make_user):
    make_user("ann")
    response = client.post("/accounts/login/", {"username": "ann", "password": "nope"})
    assert response.status_code == 200
    assert "enter a correct username and password" in response.content.decode()


def test_a_forgotten_password_is_reset_through_the_emailed_link(client, make_user):
    make_user("ann", "ann@example.com")
    client.post("/accounts/password_reset/", {"email": "ann@example.com"})
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.subject == "Choose a new tabletop password"
    assert message.alternatives  # the html part
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+)", message.body).group(1)
    form = client.get(link, follow=True)
    assert "Choose a new password" in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0],
        {"new_password1": "another-long-password", "new_password2": "another-long-password"},
    )
    assert done["Location"] == "/accounts/reset/done/"
    assert client.login(username="ann", password="another-long-password")
