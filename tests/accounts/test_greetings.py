"""The line that greets a player after logging in: a new player is welcomed, not welcomed back."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def greetings(response) -> list[str]:
    return [str(message) for message in get_messages(response.wsgi_request)]


def test_a_player_who_has_just_signed_up_is_welcomed_not_welcomed_back(client, db):
    answer = client.post(
        "/accounts/signup/",
        {
            "username": "ted",
            "email": "ted@example.com",
            "password1": "a-long-table-password",
            "password2": "a-long-table-password",
        },
    )
    assert answer.status_code == 302
    said = greetings(answer)
    assert "Welcome to tabletop, ted." in said
    assert not any("Welcome back" in line for line in said)


def test_a_player_logging_in_again_is_welcomed_back(client, make_user):
    make_user("ann")
    answer = client.post("/accounts/login/", {"username": "ann", "password": "pw-ann"})
    assert answer.status_code == 302
    assert "Welcome back, ann." in greetings(answer)


def test_a_new_player_signing_up_in_czech_is_welcomed_in_czech(client, db):
    answer = client.post(
        "/accounts/signup/",
        {
            "username": "jana",
            "email": "jana@example.com",
            "password1": "a-long-table-password",
            "password2": "a-long-table-password",
        },
        HTTP_ACCEPT_LANGUAGE="cs",
    )
    assert "Vítej v tabletopu, jana." in greetings(answer)
