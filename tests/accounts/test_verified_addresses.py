"""Nobody gets game email at an address they have not proven they own: sign-up sends a link,
and until it is clicked turn emails, reminders, timeouts, game-over emails, digests and
invitations to that account are skipped. An invitation's own sign-up link proves the invited
address; players from before verification keep their mail."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail, signing
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client

from tabletop.accounts import addresses
from tabletop.mail import outbox
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import clock, invitations, store
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

PASSWORD = "a-long-table-password"


def sign_up(client: Client, name: str, email: str, path: str = "/accounts/signup/"):
    response = client.post(
        path, {"username": name, "email": email, "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302, response.content.decode()
    return response


def signed_up(name: str, email: str | None = None):
    from django.contrib.auth import get_user_model

    sign_up(Client(), name, email or f"{name}@example.com")
    return get_user_model().objects.get(username=name)


def send(row: Outbox) -> Outbox:
    outbox.send(outbox.claim(row.pk))
    row.refresh_from_db()
    return row


def site_path(url: str) -> str:
    return url.removeprefix("http://localhost:8000")


def confirm_address(message) -> None:
    link = re.search(r"http://localhost:8000(/accounts/confirm-email/\S+)", message.body).group(1)
    Client().post(link)


def test_a_new_player_gets_no_turn_email_until_the_address_is_verified(db, frozen, settings):
    players = [signed_up("dora"), signed_up("dan")]
    game = started_game(players)
    frozen.advance(seconds=settings.MAIL_COALESCE_SECONDS)  # the turn email's short hold
    row = send(Outbox.objects.get(kind=Outbox.Kind.TURN))
    assert row.status == Outbox.Status.SKIPPED
    assert row.last_error == "the address is not verified yet"

    [confirmation] = [m for m in mail.outbox if m.to == [row.to]]
    confirm_address(confirmation)
    assert addresses.is_verified(row.user)
    later = outbox.queue(Outbox.Kind.TURN, game, row.user, row.seat)
    frozen.advance(seconds=settings.MAIL_COALESCE_SECONDS)
    assert send(later).status == Outbox.Status.SENT


@pytest.mark.parametrize(
    "kind",
    [Outbox.Kind.REMINDER, Outbox.Kind.TIMEOUT, Outbox.Kind.GAME_OVER, Outbox.Kind.DIGEST],
)
def test_no_game_email_of_any_kind_goes_to_an_unverified_address(make_user, kind):
    dora = signed_up("dora")
    game = started_game([dora, make_user("ann")])
    seat = game.seats.get(user=dora).position
    row = outbox.queue(kind, game, dora, seat)
    decision = outbox.plan(row, clock.now())
    assert (decision.action, decision.reason) == ("skip", "the address is not verified yet")


def test_answers_to_a_players_own_emailed_moves_still_go(make_user):
    dora = signed_up("dora")
    game = started_game([dora, make_user("ann")])
    row = outbox.queue_to(dora.email, Outbox.Kind.REPLY, game, dora, subject="Re: your move")
    assert outbox.plan(row, clock.now()).action == "send"


def test_an_address_changed_to_an_unproven_one_gets_no_game_email(make_user):
    ann = make_user("ann")
    game = started_game([ann, make_user("ben")])
    ann.email = "someone-else@example.com"
    ann.save()
    row = outbox.queue(Outbox.Kind.TURN, game, ann, game.seats.get(user=ann).position)
    assert outbox.plan(row, clock.now()).reason == "the address is not verified yet"


def test_an_invitation_to_an_unverified_account_is_not_sent(make_user):
    ann = make_user("ann")
    signed_up("dora")
    game = store.create_game(ann, "gazobu", 3)
    invitations.invite(game, "dora@example.com", ann)
    row = send(Outbox.objects.get(kind=Outbox.Kind.INVITATION))
    assert (row.status, row.last_error) == (
        Outbox.Status.SKIPPED,
        "the address is not verified yet",
    )


def test_an_invitation_to_an_address_without_an_account_goes_out(make_user):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 3)
    invitations.invite(game, "zoe@example.com", ann)
    assert send(Outbox.objects.get(kind=Outbox.Kind.INVITATION)).status == Outbox.Status.SENT


def invitation_signup_path(ann, email: str = "zoe@example.com") -> tuple:
    game = store.create_game(ann, "gazobu", 3)
    invitations.invite(game, email, ann)
    message = compose(Outbox.objects.get(kind=Outbox.Kind.INVITATION, game=game))
    url = re.search(r"Sign up with this address first: (\S+)", message.body).group(1)
    return game, site_path(url)


def test_signing_up_through_an_invitations_link_verifies_the_invited_address(
    make_user, django_user_model
):
    game, path = invitation_signup_path(make_user("ann"))
    client = Client()
    form = client.get(path).content.decode()
    assert 'value="zoe@example.com"' in form  # offered, so that the link's proof applies
    response = sign_up(client, "zoe", "zoe@example.com", path)
    assert response["Location"] == f"/games/{game.pk}/"
    zoe = django_user_model.objects.get(username="zoe")
    assert addresses.is_verified(zoe)
    assert mail.outbox == []  # nothing left to confirm
    client.post(f"/games/{game.pk}/join/")
    row = outbox.queue(Outbox.Kind.GAME_OVER, game, zoe, game.seats.get(user=zoe).position)
    assert outbox.plan(row, clock.now()).action == "send"


def test_a_plain_email_in_the_sign_up_link_verifies_nothing(db):
    client = Client()
    sign_up(client, "zoe", "zoe@example.com", "/accounts/signup/?email=zoe@example.com")
    assert not EmailAddress.objects.filter(email="zoe@example.com", verified=True).exists()
    assert len(mail.outbox) == 1  # the link to confirm it


def test_a_forged_invitation_token_verifies_nothing(db):
    token = signing.dumps("zoe@example.com", salt="some-other-purpose")
    sign_up(Client(), "zoe", "zoe@example.com", f"/accounts/signup/?invitation={token}")
    assert not EmailAddress.objects.filter(email="zoe@example.com", verified=True).exists()


def test_a_forwarded_invitation_verifies_only_the_invited_address(make_user, django_user_model):
    _, path = invitation_signup_path(make_user("ann"))
    sign_up(Client(), "yan", "yan@example.com", path)
    yan = django_user_model.objects.get(username="yan")
    assert yan.email == "yan@example.com"
    assert not addresses.is_verified(yan)
    assert not EmailAddress.objects.filter(email="zoe@example.com").exists()


def test_an_address_verified_by_one_player_cannot_be_verified_by_another(make_user):
    make_user("ann", "ann@example.com")
    imposter = signed_up("imposter", "imposter@example.com")
    assert not addresses.verify(imposter, "ann@example.com")
    assert not addresses.is_verified(imposter, "ann@example.com")


# ---------------------------------------------------------------------------- grandfathering

BEFORE = [("accounts", "0002_used_link")]
AFTER = [("accounts", "0003_grandfather_verified_addresses")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_players_from_before_verification_keep_their_game_email():
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    try:
        apps = migrate(BEFORE)
        User = apps.get_model("auth", "User")
        ann = User.objects.create(username="ann", email="Ann@Example.com", password="x")
        twin = User.objects.create(username="twin", email="ann@example.com", password="x")
        User.objects.create(username="nomail", email="", password="x")
        apps = migrate(AFTER)
        EmailAddress = apps.get_model("account", "EmailAddress")
        assert EmailAddress.objects.get(user_id=ann.pk).email == "ann@example.com"
        assert EmailAddress.objects.get(user_id=ann.pk).verified
        assert EmailAddress.objects.get(user_id=ann.pk).primary
        # An address plays under one account: the older one keeps it.
        assert not EmailAddress.objects.get(user_id=twin.pk).verified
        assert EmailAddress.objects.count() == 2
    finally:
        migrate(latest)
