"""A friend invited by address who signed up through the ordinary form, with that address not
yet confirmed: the table's refusal and the dashboard show the invitation waiting, say that
confirming the address takes the seat, offer allauth's resend, and confirming seats them and
lands them at the table. Nobody else ever sees that invitation."""

from __future__ import annotations

import re
import time
from types import SimpleNamespace

import pytest
from allauth.core.internal import ratelimit
from django.core import mail
from django.test import Client

from tabletop.accounts import addresses
from tabletop.play import invitations
from tabletop.play.models import Game

PASSWORD = "a-long-table-password"


def private_table_for_zoe(ann, players: int = 2) -> Game:
    return invitations.create_table(
        ann, "gazobu", players, {}, private=True, invitees=["zoe@example.com"]
    )


def signed_up(name: str, email: str) -> Client:
    """A browser that signed up through the ordinary form (not the invitation's link)."""
    browser = Client()
    form = {"username": name, "email": email, "password1": PASSWORD, "password2": PASSWORD}
    response = browser.post("/accounts/signup/", form)
    assert response.status_code == 302, response.content.decode()
    return browser


def confirmation_path(email: str) -> str:
    [message] = [m for m in mail.outbox if m.to == [email]][-1:]
    return re.search(r"http://localhost:8000(/accounts/confirm-email/\S+)", message.body).group(1)


def zoe_user():
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username="zoe")


def test_the_refusal_says_confirming_the_address_takes_the_seat(make_user):
    game = private_table_for_zoe(make_user("ann"))
    zoe = signed_up("zoe", "zoe@example.com")

    page = zoe.get(f"/games/{game.pk}/")

    assert page.status_code == 403
    text = page.content.decode()
    assert "its seat for zoe@example.com waits for you to confirm that address" in text
    assert f"Gazobu #{game.pk}" in text
    assert "Confirming the address takes the seat" in text
    assert 'name="action_send"' in text and 'value="zoe@example.com"' in text


def test_the_dashboard_shows_the_invitation_waiting_for_the_address(make_user):
    game = private_table_for_zoe(make_user("ann"))
    zoe = signed_up("zoe", "zoe@example.com")

    text = zoe.get("/").content.decode()

    assert "Invitations waiting for your address" in text
    assert f"Gazobu #{game.pk}" in text and "from ann" in text
    assert "which you have not confirmed yet" in text


def test_confirming_the_address_seats_the_player_and_lands_them_at_the_table(make_user):
    game = private_table_for_zoe(make_user("ann"))
    zoe = signed_up("zoe", "zoe@example.com")

    response = zoe.post(confirmation_path("zoe@example.com"))

    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert [seat.user.username for seat in game.seats.order_by("position")] == ["ann", "zoe"]
    page = zoe.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    assert "Invitations waiting for your address" not in zoe.get("/").content.decode()


def test_confirming_in_a_browser_not_logged_in_goes_by_the_log_in_page_to_the_table(make_user):
    game = private_table_for_zoe(make_user("ann"), players=3)
    signed_up("zoe", "zoe@example.com")

    response = Client().post(confirmation_path("zoe@example.com"))

    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next=/games/{game.pk}/"
    assert game.seats.filter(user__username="zoe").exists()


def test_confirming_after_the_seat_is_gone_seats_nobody_and_lands_on_the_dashboard(make_user):
    ann = make_user("ann")
    game = private_table_for_zoe(ann)
    invitations.withdraw(game.invitations.get(), ann)
    zoe = signed_up("zoe", "zoe@example.com")
    assert "Invitations waiting" not in zoe.get("/").content.decode()

    response = zoe.post(confirmation_path("zoe@example.com"))

    assert response["Location"] == "/"
    assert not game.seats.filter(user__username="zoe").exists()


def test_send_the_confirmation_again_is_allauths_rate_limited_resend(make_user, monkeypatch):
    private_table_for_zoe(make_user("ann"))
    zoe = signed_up("zoe", "zoe@example.com")
    asked = {"email": "zoe@example.com", "action_send": ""}
    sent = len(mail.outbox)

    # Minutes after the sign-up's own link: allauth sends nothing new yet.
    zoe.post("/accounts/email/", asked)
    assert len(mail.outbox) == sent

    later = time.time() + 4 * 60
    clock = SimpleNamespace(time=lambda: later, monotonic=time.monotonic)
    monkeypatch.setattr(ratelimit, "time", clock)
    response = zoe.post("/accounts/email/", asked, follow=True)
    assert len(mail.outbox) == sent + 1
    assert mail.outbox[-1].to == ["zoe@example.com"]
    assert "We sent a link to zoe@example.com" in response.content.decode()


def test_a_waiting_invitation_is_shown_to_nobody_but_the_owner_of_the_address(make_user):
    game = private_table_for_zoe(make_user("ann"))
    zoe = signed_up("zoe", "zoe@example.com")
    mallory = signed_up("mallory", "mallory@example.com")
    for browser in (mallory, Client()):
        assert "zoe@example.com" not in browser.get(f"/games/{game.pk}/").content.decode()
        assert f"Gazobu #{game.pk}" not in browser.get("/").content.decode()

    # Once someone else has proven the address, it is theirs: the claimant sees nothing.
    owner = make_user("zoe-for-real", email="")
    assert addresses.verify(owner, "zoe@example.com")
    assert invitations.awaiting_confirmation(zoe_user()) == []
    refusal = zoe.get(f"/games/{game.pk}/").content.decode()
    assert "waits for you to confirm" not in refusal
    assert "Invitations waiting for your address" not in refusal


@pytest.mark.parametrize(
    ("language", "words"),
    [("pl", "czeka, aż potwierdzisz ten adres"), ("cs", "čeká, až tu adresu potvrdíš")],
)
def test_the_waiting_invitation_reads_in_the_players_language(make_user, language, words):
    game = private_table_for_zoe(make_user("ann"))
    zoe = signed_up("zoe", "zoe@example.com")

    text = zoe.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    assert words in text
    assert "Confirming the address takes the seat" not in text
