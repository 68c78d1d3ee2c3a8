"""A friend invited by email to a private table, in Chromium: signed up through the email's
link, they land in the seat held for them and the game starts; signed up through the ordinary
form, the table and the dashboard tell them that confirming the address takes the seat, send
the confirmation again, and confirming lands them in it."""

from __future__ import annotations

import re
import time
from types import SimpleNamespace

import pytest
from allauth.core.internal import ratelimit
from django.core import mail

from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import invitations
from tabletop.play.models import Game
from tests.browser.conftest import PASSWORD, log_in, screenshots
from tests.browser.test_accessibility import check_here

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_an_invitee_signs_up_through_the_link_and_lands_in_their_seat(new_page, make_user):
    make_user("ann")
    ann = new_page()
    log_in(ann, "ann", "pw-ann")
    ann.goto("/games/new/?game=gazobu")
    ann.select_option("#id_players", "2")
    ann.check("input[name=seating][value=private]")
    ann.fill("#id_invite", "zoe@example.com")
    ann.click("form.stacked button.big")
    ann.wait_for_url(re.compile(r".*/games/\d+/$"))
    game = Game.objects.get()
    assert game.private
    assert "held for zoe@example.com" in ann.inner_text(".seat-list")
    screenshots(ann, "private-table-waiting-for-an-invitee")

    row = Outbox.objects.get(kind=Outbox.Kind.INVITATION, to="zoe@example.com")
    link = re.search(r"Sign up with this address first: (\S+)", compose(row).body).group(1)
    zoe = new_page()
    zoe.goto(link.removeprefix("http://localhost:8000"))
    assert zoe.input_value("#id_email") == "zoe@example.com"
    zoe.fill("#id_username", "zoe")
    zoe.fill("#id_password1", PASSWORD)
    zoe.fill("#id_password2", PASSWORD)
    zoe.click("form.stacked button")
    zoe.wait_for_url(re.compile(rf".*/games/{game.pk}/$"))

    assert "zoe (you)" in zoe.inner_text(".seat-list")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert [seat.user.username for seat in game.seats.all()] == ["ann", "zoe"]
    screenshots(zoe, "invitee-in-their-seat")


def test_an_invitee_who_signed_up_by_the_ordinary_form_confirms_and_lands_in_their_seat(
    new_page, make_user, monkeypatch
):
    ann = make_user("ann")
    game = invitations.create_table(
        ann, "gazobu", 2, {}, private=True, invitees=["zoe@example.com"]
    )
    row = Outbox.objects.get(kind=Outbox.Kind.INVITATION, to="zoe@example.com")
    take_your_seat = re.search(r"Take your seat: (\S+)", compose(row).body).group(1)

    zoe = new_page()
    found: dict[str, list[str]] = {}
    zoe.goto(take_your_seat.removeprefix("http://localhost:8000"))
    check_here(zoe, "the table's refusal to a visitor", found)
    zoe.click("main >> text=Sign up")
    assert zoe.input_value("#id_email") == ""
    zoe.fill("#id_username", "zoe")
    zoe.fill("#id_email", "zoe@example.com")
    zoe.fill("#id_password1", PASSWORD)
    zoe.fill("#id_password2", PASSWORD)
    zoe.click("form.stacked button")
    zoe.wait_for_url(re.compile(rf".*/games/{game.pk}/$"))

    refusal = zoe.inner_text("main")
    assert "its seat for zoe@example.com waits for you to confirm that address" in refusal
    assert f"Gazobu #{game.pk}" in refusal and "from ann" in refusal
    screenshots(zoe, "invitee-waits-for-the-address")
    check_here(zoe, "the table's refusal, waiting for the address", found)
    zoe.goto("/")
    waiting = zoe.inner_text(".pending-invitations")
    assert "Confirming the address takes the seat" in waiting
    screenshots(zoe, "dashboard-invitation-waits-for-the-address")
    check_here(zoe, "the dashboard, waiting for the address", found)
    assert not found, found

    # The sign-up's link went astray; minutes later (past allauth's limit) she asks again.
    later = time.time() + 4 * 60
    clock = SimpleNamespace(time=lambda: later, monotonic=time.monotonic)
    monkeypatch.setattr(ratelimit, "time", clock)
    sent = len(mail.outbox)
    zoe.click("text=Send the confirmation again")
    zoe.wait_for_url(re.compile(r".*/accounts/email/$"))
    assert len(mail.outbox) == sent + 1
    link = re.search(r"http://localhost:8000(/accounts/confirm-email/\S+)", mail.outbox[-1].body)

    zoe.goto(link.group(1))
    zoe.click("form.stacked button")
    zoe.wait_for_url(re.compile(rf".*/games/{game.pk}/$"))
    assert "zoe (you)" in zoe.inner_text(".seat-list")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert [seat.user.username for seat in game.seats.all()] == ["ann", "zoe"]


def test_a_player_invited_by_name_accepts_on_the_game_page(new_page, make_user):
    creator, bob = make_user("ann"), make_user("bob")
    game = invitations.create_table(creator, "gazobu", 3, {}, private=True, invitees=["bob"])
    page = new_page()
    log_in(page, "bob", "pw-bob")
    page.goto("/")
    page.click(f"text=Gazobu #{game.pk}")
    assert "ann invites you to this table." in page.inner_text(".invitation")
    screenshots(page, "invitation-on-the-game-page")
    page.click("text=Accept: take my seat")
    page.wait_for_url(re.compile(rf".*/games/{game.pk}/$"))
    assert "bob (you)" in page.inner_text(".seat-list")
    assert game.seats.filter(user=bob, position=1).exists()
