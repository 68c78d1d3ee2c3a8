"""The session's player read with their preferences (tabletop/accounts/backends.py): sessions
opened before keep their player, and a preferences change shows on every device at once."""

import pytest
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tabletop.accounts.models import Preferences


@pytest.mark.parametrize(
    "former",
    [
        "django.contrib.auth.backends.ModelBackend",
        "allauth.account.auth_backends.AuthenticationBackend",
    ],
)
def test_a_session_opened_under_a_former_backend_keeps_its_player(make_user, former):
    player = make_user("ann")
    client = Client()
    client.force_login(player, backend=former)
    stored = Session.objects.get(pk=client.cookies[settings.SESSION_COOKIE_NAME].value)
    assert stored.get_decoded()[BACKEND_SESSION_KEY] == former
    response = client.get("/settings/")
    assert response.status_code == 200
    assert response.wsgi_request.user == player


def test_a_password_log_in_names_tabletops_backend(client, make_user):
    make_user("ann")
    response = client.post("/accounts/login/", {"username": "ann", "password": "pw-ann"})
    assert response.status_code == 302
    stored = Session.objects.get(pk=client.cookies[settings.SESSION_COOKIE_NAME].value)
    assert stored.get_decoded()[BACKEND_SESSION_KEY].startswith("tabletop.accounts.backends.")


def test_a_page_reads_the_player_and_their_preferences_in_one_query(client, make_user):
    player = make_user("ann")
    Preferences.objects.create(user=player, time_zone="Europe/Prague", language="cs")
    client.force_login(player)
    client.get("/settings/")  # the session into the cache
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/games/mine/", {"version": "no such version"})
    assert response.status_code == 200
    assert response["Content-Language"] == "cs"
    about_players = [q["sql"] for q in queries if "auth_user" in q["sql"]]
    assert len(about_players) == 1, about_players
    assert not [q["sql"] for q in queries if '"accounts_preferences"' in q["sql"]][1:]


def test_a_language_changed_on_one_device_speaks_on_the_other_at_once(make_user):
    player = make_user("ann")
    phone, laptop = Client(), Client()
    phone.force_login(player)
    laptop.force_login(player)
    assert laptop.get("/settings/")["Content-Language"] == "en"
    # Even a change that bypasses save(), as an operator's bulk update does.
    Preferences.objects.update_or_create(user=player, defaults={"language": "pl"})
    Preferences.objects.filter(user=player).update(language="cs")
    assert laptop.get("/settings/")["Content-Language"] == "cs"


def test_a_player_made_inactive_is_logged_out_of_every_session(client, make_user):
    player = make_user("ann")
    client.force_login(player)
    assert client.get("/settings/").status_code == 200
    type(player).objects.filter(pk=player.pk).update(is_active=False)
    response = client.get("/settings/")
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
