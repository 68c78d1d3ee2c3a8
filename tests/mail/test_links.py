"""The signed links in emails: into a game logged in, once, and one-click unsubscribe (RFC 8058).

What a session started by such a link may reach is in test_link_sessions.py.
"""

from __future__ import annotations

import re
import time

import pytest
from django.core import mail, signing
from django.test import Client

from tabletop.accounts import links
from tabletop.accounts.models import Preferences
from tabletop.mail import subscriptions
from tabletop.mail.models import Suppression
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


def old_token(data: dict, salt: str, hours: int) -> str:
    """A token signed by this server `hours` ago."""

    class Earlier(signing.TimestampSigner):
        def timestamp(self) -> str:
            return signing.b62_encode(int(time.time()) - hours * 3600)

    return Earlier(salt=salt).sign_object(data)


def link_path(user, game) -> str:
    return links.game_link(user, game).removeprefix("http://localhost:8000")


def test_the_game_link_logs_the_player_in_and_opens_the_game(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    url = links.game_link(ben, game)
    assert url.startswith("http://localhost:8000/mail/go/")
    client = Client()
    response = client.get(url.removeprefix("http://localhost:8000"))
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    assert client.session["_auth_user_id"] == str(ben.pk)


def test_an_expired_game_link_is_refused_and_logs_nobody_in(make_user, settings):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    data = {"u": ben.pk, "g": game.pk, "p": links.password_fingerprint(ben)}
    token = old_token(data, links.GO_SALT, settings.MAIL_LINK_MAX_AGE_HOURS + 1)
    client = Client()
    response = client.get(f"/mail/go/{token}/")
    assert response.status_code == 400
    assert b"expired" in response.content
    assert "_auth_user_id" not in client.session


def test_a_tampered_game_link_is_refused(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    token = links.game_link(ben, game).rstrip("/").rsplit("/", 1)[1]
    forged = signing.dumps({"u": ann.pk, "g": game.pk}, salt="something else")
    for bad in (token[:-2] + "xx", forged):
        response = Client().get(f"/mail/go/{bad}/")
        assert response.status_code == 400
        assert b"not valid" in response.content


def test_game_links_work_for_two_days_by_default(make_user, settings):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    assert settings.MAIL_LINK_MAX_AGE_HOURS == 48
    data = {"u": ben.pk, "g": game.pk, "p": links.password_fingerprint(ben)}
    token = old_token(data, links.GO_SALT, 47)
    assert Client().get(f"/mail/go/{token}/")["Location"] == f"/games/{game.pk}/"


def test_a_game_link_dies_with_a_password_change(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    url = links.game_link(ben, game).removeprefix("http://localhost:8000")
    ben.set_password("a-new-secret-1")
    ben.save()
    assert Client().get(url).status_code == 400


def test_a_password_changed_on_the_settings_page_kills_the_links_already_sent(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    path = link_path(ben, game)
    client = Client()
    client.login(username="ben", password="pw-ben")
    changed = client.post(
        "/accounts/password_change/",
        {
            "old_password": "pw-ben",
            "new_password1": "another-long-password",
            "new_password2": "another-long-password",
        },
    )
    assert changed["Location"] == "/accounts/password_change/done/"
    response = Client().get(path)
    assert response.status_code == 400
    assert b"no longer valid" in response.content


def test_a_password_reset_through_email_kills_the_links_already_sent(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    path = link_path(ben, game)
    client = Client()
    client.post("/accounts/password/reset/", {"email": "ben@example.com"})
    reset = re.search(r"https?://[^/]+(/accounts/password/reset/\S+)", mail.outbox[-1].body)
    form = client.get(reset.group(1), follow=True)
    client.post(
        form.redirect_chain[-1][0],
        {"password1": "another-long-password", "password2": "another-long-password"},
    )
    stranger = Client()
    assert stranger.get(path).status_code == 400
    assert "_auth_user_id" not in stranger.session


def test_a_game_link_logs_in_only_once(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    path = link_path(ben, game)
    assert Client().get(path).status_code == 302
    forwarded = Client()
    response = forwarded.get(path)
    assert response.status_code == 400
    assert b"used already" in response.content
    assert f"/accounts/login/?next=/games/{game.pk}/".encode() in response.content
    assert "_auth_user_id" not in forwarded.session


def test_a_used_link_still_opens_the_game_in_the_players_own_browser(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    path = link_path(ben, game)
    client = Client()
    assert client.get(path)["Location"] == f"/games/{game.pk}/"
    again = client.get(path)
    assert again.status_code == 302
    assert again["Location"] == f"/games/{game.pk}/"
    assert client.session["_auth_user_id"] == str(ben.pk)


def test_each_emailed_link_is_used_up_on_its_own(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    turn_email, digest = link_path(ben, game), link_path(ben, game)
    assert turn_email != digest
    assert Client().get(turn_email).status_code == 302
    assert Client().get(digest).status_code == 302


@pytest.mark.parametrize("role", ["is_staff", "is_superuser"])
def test_a_game_link_never_logs_in_a_staff_account(make_user, role):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    data = {"u": ben.pk, "g": game.pk, "p": links.password_fingerprint(ben)}
    token = signing.dumps(data, salt=links.GO_SALT)  # a link sent before ben became staff
    setattr(ben, role, True)
    ben.save()
    client = Client()
    response = client.get(f"/mail/go/{token}/")
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next=/games/{game.pk}/"
    assert "_auth_user_id" not in client.session
    assert links.game_link(ben, game) == f"http://localhost:8000/games/{game.pk}/"


def test_unsubscribe_asks_first_on_a_get(make_user):
    ann = make_user("ann")
    path = subscriptions.unsubscribe_link(ann).removeprefix("http://localhost:8000")
    response = Client().get(path)
    assert response.status_code == 200
    assert b'<form method="post">' in response.content
    assert not Preferences.of(ann).unsubscribed


def test_one_click_unsubscribe_works_without_a_session_or_csrf_token(make_user):
    ann = make_user("ann")
    path = subscriptions.unsubscribe_link(ann).removeprefix("http://localhost:8000")
    client = Client(enforce_csrf_checks=True)
    response = client.post(
        path, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 200
    assert Preferences.of(ann).unsubscribed
    assert not Preferences.of(ann).wants("turn")
    assert Preferences.of(ann).wants("reply")


def test_an_invited_address_without_account_can_unsubscribe(db):
    path = subscriptions.unsubscribe_link(email="Zoe@Example.com").removeprefix(
        "http://localhost:8000"
    )
    assert Client().post(path).status_code == 200
    assert Suppression.objects.filter(email="zoe@example.com").exists()


def test_a_tampered_unsubscribe_link_changes_nothing(make_user):
    ann = make_user("ann")
    path = subscriptions.unsubscribe_link(ann).removeprefix("http://localhost:8000")
    assert Client().post(path[:-3] + "zz/").status_code == 400
    assert not Preferences.of(ann).unsubscribed
