"""Invitations go out through the outbox like every email, and an invited address without
an account can unsubscribe from them in one click."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import Client

from tabletop.accounts import addresses
from tabletop.mail import outbox
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import invitations, store

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


def test_an_invitation_links_to_the_game_and_to_signing_up(make_user):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 3)
    invitations.invite(game, "zoe@example.com", ann)
    row = Outbox.objects.get(kind=Outbox.Kind.INVITATION)
    message = compose(row)
    assert message.to == ["zoe@example.com"]
    assert message.subject == f"ann invites you to Gazobu #{game.pk}"
    assert f"Take your seat: http://localhost:8000/games/{game.pk}/" in message.body
    assert "Sign up with this address first: http://localhost:8000/accounts/signup/" in (
        message.body
    )
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_the_sign_up_link_of_an_invitation_carries_proof_of_the_invited_address(make_user):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 3)
    invitations.invite(game, "Zoe@Example.com", ann)
    signup_url = Outbox.objects.get(kind=Outbox.Kind.INVITATION).context["signup_url"]
    query = parse_qs(urlsplit(signup_url).query)
    assert query["next"] == [f"/games/{game.pk}/"]
    assert addresses.invited_address(query["invitation"][0]) == "zoe@example.com"


def test_the_sign_up_link_of_an_invitation_names_the_seat_it_holds(make_user):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 3)
    invitation = invitations.invite(game, "zoe@example.com", ann)
    signup_url = Outbox.objects.get(kind=Outbox.Kind.INVITATION).context["signup_url"]
    token = parse_qs(urlsplit(signup_url).query)["invitation"][0]
    assert addresses.read_invitation_token(token) == ("zoe@example.com", invitation.pk)


def test_an_invitation_to_a_player_by_name_goes_to_their_address(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    game = store.create_game(ann, "gazobu", 3)
    invitation = invitations.invite(game, "Bob", ann)
    assert invitation.user == bob
    message = compose(Outbox.objects.get(kind=Outbox.Kind.INVITATION))
    assert message.to == ["bob@example.com"]
    assert message.body.startswith("Hello bob,")
    assert "No account yet?" not in message.body


def test_an_address_that_unsubscribed_gets_no_more_invitations(make_user):
    ann = make_user("ann")
    first = store.create_game(ann, "gazobu", 3)
    invitations.invite(first, "zoe@example.com", ann)
    row = Outbox.objects.get(kind=Outbox.Kind.INVITATION)
    unsubscribe = compose(row).extra_headers["List-Unsubscribe"].strip("<>")
    Client().post(unsubscribe.removeprefix("http://localhost:8000"))

    second = store.create_game(ann, "gazobu", 3)
    invitations.invite(second, "ZOE@example.com", ann)
    row = Outbox.objects.get(kind=Outbox.Kind.INVITATION, game=second)
    outbox.send(outbox.claim(row.pk))
    row.refresh_from_db()
    assert row.status == Outbox.Status.SKIPPED
