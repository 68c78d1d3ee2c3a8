"""Tables among friends: invitations hold seats, private tables seat and show only the
invited, invitees answer on the dashboard, the game page or the API, someone invited by
address signs up into their seat, and the creator withdraws invitations or cancels the table."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.test import Client
from rest_framework.test import APIClient

from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import chat, invitations, store
from tabletop.play.models import Game, Invitation, Move

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

PASSWORD = "a-long-table-password"


@pytest.fixture
def ann(make_user):
    return make_user("ann")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def cat(make_user):
    return make_user("cat")


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def table(creator, players: int = 2, *, private: bool = False, invite=()) -> Game:
    return invitations.create_table(
        creator, "gazobu", players, {}, private=private, invitees=invite
    )


def new_game_form(**fields) -> dict:
    return {
        "game": "gazobu",
        "players": "3",
        "days_per_move": "3",
        "reminder_hours": ["24", "2"],
        "timeout_policy": "bot",
        "invite": "",
        **fields,
    }


def accept_path(invitation: Invitation, answer: str = "accept") -> str:
    return f"/games/{invitation.game_id}/invitations/{invitation.pk}/{answer}/"


# ---------------------------------------------------------------------------- held seats


def test_a_stranger_cannot_take_a_seat_held_for_an_invited_friend(ann, bob, cat):
    game = table(ann, invite=["bob"])
    refused = logged_in(cat).post(f"/games/{game.pk}/join/", follow=True)
    assert "Every free seat at this table is held for an invited player" in (
        refused.content.decode()
    )
    assert not game.seats.filter(user=cat).exists()
    page = logged_in(cat).get(f"/games/{game.pk}/").content.decode()
    assert "You are watching. Every free seat is held for an invited player" in page
    assert "Take a seat</button>" not in page

    [invitation] = invitations.pending_for(bob)
    logged_in(bob).post(accept_path(invitation))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert [seat.user for seat in game.seats.all()] == [ann, bob]


def test_an_invitee_whose_table_filled_without_them_is_told_why_they_are_watching(ann, bob, cat):
    # As with invitations from before they held seats: a stranger took the last seat.
    game = table(ann)
    store.join_game(game, cat)
    Invitation.objects.create(game=game, email=bob.email, user=bob, invited_by=ann)
    page = logged_in(bob).get(f"/games/{game.pk}/").content.decode()
    assert "You are watching. The game started before you took the seat you were invited to." in (
        page
    )


def test_the_open_games_list_offers_only_the_seats_nobody_holds(ann, bob, cat):
    held = table(ann, invite=["bob"])
    free = table(ann, players=3, invite=["bob"])
    listing = logged_in(cat).get("/games/open/").content.decode()
    assert f"/games/{held.pk}/join/" not in listing
    assert "the free seats are held for invited players" in listing
    assert f"/games/{free.pk}/join/" in listing
    assert "1 of 3 seated (1 held for invited players)" in listing


def test_an_invited_friend_answers_on_the_game_page_and_the_last_seat_starts_the_game(
    ann, bob, cat
):
    game = table(ann, players=3, private=True, invite=["bob", "cat@example.com"])
    for friend in (bob, cat):
        page = logged_in(friend).get(f"/games/{game.pk}/").content.decode()
        assert "ann invites you to this table." in page
        assert "Accept: take my seat" in page and "Decline" in page
    bob_invitation = invitations.held_for(game, bob)
    logged_in(bob).post(accept_path(bob_invitation))
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN
    logged_in(cat).post(accept_path(invitations.held_for(game, cat)))
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert [seat.user for seat in game.seats.all()] == [ann, bob, cat]
    assert game.invitations.filter(accepted__isnull=False).count() == 2
    assert Invitation.objects.get(email="cat@example.com").user == cat


def test_an_invitee_who_declines_frees_the_seat_for_someone_else(ann, bob, cat):
    game = table(ann, invite=["bob"])
    invitation = invitations.held_for(game, bob)
    response = logged_in(bob).post(accept_path(invitation, "decline"), follow=True)
    assert f"You declined the invitation to Gazobu #{game.pk}." in response.content.decode()
    assert invitations.pending_for(bob) == []
    logged_in(cat).post(f"/games/{game.pk}/join/")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    answered = logged_in(bob).post(accept_path(invitation))
    assert answered.status_code == 409
    assert "This game has all its players" in answered.content.decode()


def test_the_creator_withdraws_an_invitation_and_invites_someone_else(ann, bob, cat):
    game = table(ann, invite=["bob"])
    refused = logged_in(ann).post(f"/games/{game.pk}/invite/", {"invite": "cat"})
    assert refused.status_code == 409
    assert "Every seat at this table is taken or held" in refused.content.decode()

    invitation = invitations.held_for(game, bob)
    page = logged_in(ann).get(f"/games/{game.pk}/").content.decode()
    assert accept_path(invitation, "withdraw") in page
    logged_in(ann).post(accept_path(invitation, "withdraw"))
    assert logged_in(ann).post(f"/games/{game.pk}/invite/", {"invite": "cat"}).status_code == 302
    assert invitations.held_for(game, cat) is not None

    watching = logged_in(bob).get(f"/games/{game.pk}/").content.decode()
    assert "ann withdrew your invitation to this table." in watching
    answered = logged_in(bob).post(accept_path(invitation))
    assert answered.status_code == 409
    assert "ann withdrew this invitation." in answered.content.decode()


def test_only_the_creator_withdraws_invitations_and_cancels(ann, bob, cat):
    game = table(ann, players=3, invite=["cat"])
    logged_in(bob).post(f"/games/{game.pk}/join/")
    invitation = invitations.held_for(game, cat)
    withdrawn = logged_in(bob).post(accept_path(invitation, "withdraw"))
    assert withdrawn.status_code == 403
    assert "Only ann, who set this table, withdraws invitations." in withdrawn.content.decode()
    cancelled = logged_in(bob).post(f"/games/{game.pk}/cancel/", {"confirm": "yes"})
    assert cancelled.status_code == 403
    assert "Only ann, who set this table, can cancel it." in cancelled.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN and invitation.holds_a_seat


def test_an_invitation_by_a_name_nobody_plays_under_says_so_and_sets_no_table(ann, bob):
    response = logged_in(ann).post("/games/new/", new_game_form(invite="bob, nobody-here"))
    assert response.status_code == 200
    assert "Nobody plays here under the name &#x27;nobody-here&#x27;" in (response.content.decode())
    assert not Game.objects.exists()


def test_more_invitations_than_free_seats_are_refused_and_set_no_table(ann, bob, cat):
    form = new_game_form(players="2", invite="bob, cat")
    response = logged_in(ann).post("/games/new/", form)
    assert "Every seat at this table is taken or held" in response.content.decode()
    assert not Game.objects.exists() and not Outbox.objects.exists()


def test_what_a_player_types_as_an_invitee_is_checked_and_shown_escaped(ann):
    game = table(ann, players=3)
    client = logged_in(ann)
    response = client.post(f"/games/{game.pk}/invite/", {"invite": "<b>bold</b>"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "&#x27;&lt;b&gt;bold&lt;/b&gt;&#x27; is neither a player&#x27;s name" in html
    assert "<b>bold</b>" not in html
    too_long = client.post(f"/games/{game.pk}/invite/", {"invite": "a" * 300 + "@example.com"})
    assert too_long.status_code == 400
    assert "at most 254 characters" in too_long.content.decode()

    client.post(f"/games/{game.pk}/invite/", {"invite": "o'hara&co@example.com"})
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "o&#x27;hara&amp;co@example.com" in page and "o'hara&co" not in page


def test_each_player_is_shown_their_own_pending_invitations_by_name_and_by_proven_address(
    ann, bob, cat, make_user
):
    # The dashboard's query is compiled once per thread around a stand-in player: every
    # player asking after the first must still be answered with their own invitations.
    by_name = table(ann, players=3, invite=["bob"])
    by_address = table(ann, players=3)
    Invitation.objects.create(game=by_address, email="cat@example.com", invited_by=ann)
    unproven = table(ann, players=3)
    Invitation.objects.create(game=unproven, email="dan@example.com", invited_by=ann)
    dan = make_user("dan", email="")
    EmailAddress.objects.create(user=dan, email="dan@example.com", verified=False, primary=True)
    already_seated = table(ann, players=3, invite=["cat"])
    store.join_game(already_seated, cat)

    assert [(i.game, i.invited_by) for i in invitations.pending_for(bob)] == [(by_name, ann)]
    assert [i.game for i in invitations.pending_for(cat)] == [by_address]
    assert invitations.pending_for(ann) == []
    assert invitations.pending_for(dan) == []  # an address typed in proves nothing


# ---------------------------------------------------------------------------- private tables


def test_a_private_table_is_made_on_the_new_game_form_and_listed_to_nobody_else(ann, bob, cat):
    form = new_game_form(seating="private", invite="bob")
    response = logged_in(ann).post("/games/new/", form)
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    assert game.private
    assert f"/games/{game.pk}/" not in logged_in(cat).get("/games/open/").content.decode()
    assert [g["id"] for g in api(cat).get("/api/games/").json()] == []
    assert [g["id"] for g in api(bob).get("/api/games/").json()] == [game.pk]
    assert f"Gazobu #{game.pk}" in logged_in(bob).get("/").content.decode()


def test_a_private_table_is_refused_to_strangers_with_the_reason(ann, bob, cat):
    game = table(ann, players=3, private=True, invite=["bob"])
    for path in (f"/games/{game.pk}/", f"/games/{game.pk}/panel/"):
        refused = logged_in(cat).get(path)
        assert refused.status_code == 403
        assert "This table is private: only its players and the people they invited see it." in (
            refused.content.decode()
        )
    anonymous = Client().get(f"/games/{game.pk}/")
    assert anonymous.status_code == 403
    assert f"/accounts/login/?next=/games/{game.pk}/" in anonymous.content.decode()
    assert logged_in(bob).get(f"/games/{game.pk}/").status_code == 200


def test_nothing_of_a_private_table_reaches_a_stranger_by_any_path(ann, bob, cat):
    game = table(ann, players=2, private=True, invite=["bob"])
    store.join_game(game, bob)
    chat.post(game, ann, "our secret plan", Move.Source.WEB)
    pages = ("", "panel/", "history/", "history/log.json")
    for path in (f"/games/{game.pk}/{page}" for page in pages):
        assert logged_in(cat).get(path).status_code == 403, path
    said = logged_in(cat).post(f"/games/{game.pk}/chat/", {"text": "hello"})
    assert said.status_code == 403
    for path in ("", "moves/", "states/0/", "chat/", "note/"):
        refused = api(cat).get(f"/api/games/{game.pk}/{path}")
        assert refused.status_code == 403, path
        assert "our secret plan" not in refused.content.decode()
    assert api(cat).post(f"/api/games/{game.pk}/chat/", {"text": "hi"}).status_code == 403
    assert [m.text for m in game.chat.all()] == ["our secret plan"]


def test_a_stranger_cannot_join_a_private_table(ann, cat):
    game = table(ann, players=3, private=True)
    with pytest.raises(store.NotInvited, match="only the players invited to it take its seats"):
        store.join_game(game, cat)
    refused = api(cat).post(f"/api/games/{game.pk}/join/")
    assert refused.status_code == 403
    assert refused.json()["detail"].startswith("This table is private")
    assert not game.seats.filter(user=cat).exists()


def test_at_a_private_table_only_the_creator_invites(ann, bob, cat):
    game = table(ann, players=3, private=True, invite=["bob"])
    logged_in(bob).post(accept_path(invitations.held_for(game, bob)))
    refused = logged_in(bob).post(f"/games/{game.pk}/invite/", {"invite": "cat"})
    assert refused.status_code == 403
    assert "Only ann invites players to this private table." in refused.content.decode()


# ---------------------------------------------------------------------------- by email


def invitation_link(game: Game, email: str) -> str:
    row = Outbox.objects.get(kind=Outbox.Kind.INVITATION, game=game, to=email)
    url = re.search(r"Sign up with this address first: (\S+)", compose(row).body).group(1)
    return url.removeprefix("http://localhost:8000")


def sign_up(client: Client, name: str, email: str, path: str):
    form = {"username": name, "email": email, "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(path, form)
    assert response.status_code == 302, response.content.decode()
    return response


def test_someone_invited_by_email_signs_up_through_the_link_and_lands_in_their_seat(
    ann, django_user_model
):
    game = table(ann, players=3, private=True, invite=["zoe@example.com"])
    client = Client()
    response = sign_up(client, "zoe", "zoe@example.com", invitation_link(game, "zoe@example.com"))
    assert response["Location"] == f"/games/{game.pk}/"
    zoe = django_user_model.objects.get(username="zoe")
    assert game.seats.filter(user=zoe, position=1).exists()
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "zoe <em>(you)</em>" in page
    assert Invitation.objects.get().state == "accepted"


def test_a_forwarded_invitation_link_seats_nobody_else(ann, django_user_model):
    game = table(ann, players=3, private=True, invite=["zoe@example.com"])
    sign_up(Client(), "yan", "yan@example.com", invitation_link(game, "zoe@example.com"))
    yan = django_user_model.objects.get(username="yan")
    assert not game.seats.filter(user=yan).exists()
    assert Invitation.objects.get().holds_a_seat


def test_signing_up_through_the_link_of_a_withdrawn_invitation_seats_nobody(ann, django_user_model):
    game = table(ann, players=3, private=True, invite=["zoe@example.com"])
    link = invitation_link(game, "zoe@example.com")
    invitations.withdraw(Invitation.objects.get(), ann)
    client = Client()
    sign_up(client, "zoe", "zoe@example.com", link)
    assert game.seats.count() == 1
    refused = client.get(f"/games/{game.pk}/")
    assert refused.status_code == 403
    assert "ann withdrew your invitation" in refused.content.decode()


# ---------------------------------------------------------------------------- cancelling


def test_the_creator_cancels_a_table_that_has_not_started_and_the_page_says_so(ann, bob):
    game = table(ann, players=3, invite=["bob"])
    client = logged_in(ann)
    unconfirmed = client.post(f"/games/{game.pk}/cancel/")
    assert unconfirmed.status_code == 400
    assert "Tick the box to confirm" in unconfirmed.content.decode()
    client.post(f"/games/{game.pk}/cancel/", {"confirm": "yes"})
    game.refresh_from_db()
    assert game.status == Game.Status.CANCELLED
    page = logged_in(bob).get(f"/games/{game.pk}/").content.decode()
    assert "ann cancelled this table before it started" in page
    assert invitations.pending_for(bob) == []
    refused = logged_in(bob).post(accept_path(Invitation.objects.get()))
    assert refused.status_code == 409
    assert "This table was cancelled before it started." in refused.content.decode()
    assert "cancelled before it started" in client.get("/").content.decode()
    assert client.get(f"/games/{game.pk}/history/").status_code == 302
    assert store.verify(game) == []


def test_cancelling_a_table_emails_the_seated_and_the_invited_but_not_the_creator(ann, bob, cat):
    game = table(ann, players=4, invite=["zoe@example.com", "cat@example.com"])
    store.join_game(game, bob)
    invitations.decline(Invitation.objects.get(email="cat@example.com"), cat)
    store.cancel_game(game, ann)
    rows = Outbox.objects.filter(kind=Outbox.Kind.TABLE_CANCELLED).order_by("to")
    assert [row.to for row in rows] == ["bob@example.com", "zoe@example.com"]
    message = compose(rows[1])
    assert message.subject == f"ann cancelled Gazobu #{game.pk}"
    assert "before it started, so the seat held for you is gone" in message.body
    assert "Seated were: ann, bob." in message.body
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message.reply_to == []


def test_a_table_that_has_started_cannot_be_cancelled(ann, bob):
    game = table(ann)
    store.join_game(game, bob)
    with pytest.raises(store.GameNotActive, match="can no longer be cancelled; resign instead"):
        store.cancel_game(game, ann)


# ---------------------------------------------------------------------------- the API


def test_the_api_creates_a_private_table_with_invitations_by_name_and_address(ann, bob):
    created = api(ann).post(
        "/api/games/",
        {"game": "gazobu", "players": 3, "private": True, "invite": ["bob", "zoe@example.com"]},
        format="json",
    )
    assert created.status_code == 201, created.json()
    body = created.json()
    assert body["private"] is True
    assert [(i["player"], i["email"], i["state"]) for i in body["invitations"]] == [
        ("bob", "bob@example.com", "held"),
        (None, "zoe@example.com", "held"),
    ]
    seen_by_bob = api(bob).get(f"/api/games/{body['id']}/").json()
    assert [i["player"] for i in seen_by_bob["invitations"]] == ["bob"]
    assert Outbox.objects.filter(kind=Outbox.Kind.INVITATION).count() == 2


def test_the_api_refuses_a_private_table_to_strangers_with_the_reason(ann, cat):
    game = table(ann, players=3, private=True)
    for path in (f"/api/games/{game.pk}/", f"/api/games/{game.pk}/moves/"):
        refused = api(cat).get(path)
        assert refused.status_code == 403
        assert refused.json()["detail"].startswith("This table is private")
        assert APIClient().get(path).status_code == 401
    assert api(ann).get(f"/api/games/{game.pk}/").status_code == 200


def test_the_api_adds_withdraws_accepts_and_declines_invitations(ann, bob, cat):
    game = table(ann, players=3, private=True)
    invited = api(ann).post(f"/api/games/{game.pk}/invitations/", {"invite": "bob"}, format="json")
    assert invited.status_code == 201
    bob_invitation = invited.json()["id"]
    path = f"/api/games/{game.pk}/invitations/{bob_invitation}/"
    not_yours = api(cat).delete(path)
    assert not_yours.status_code == 403
    assert api(bob).delete(path).status_code == 403
    assert api(ann).delete(path).json()["state"] == "withdrawn"
    assert api(ann).delete(path).status_code == 409

    again = api(ann).post(f"/api/games/{game.pk}/invitations/", {"invite": "bob"}, format="json")
    assert again.json()["state"] == "held"
    declined = api(bob).post(f"{path}decline/")
    assert declined.status_code == 200 and declined.json()["state"] == "declined"

    api(ann).post(f"/api/games/{game.pk}/invitations/", {"invite": "bob"}, format="json")
    cat_invited = api(ann).post(
        f"/api/games/{game.pk}/invitations/", {"invite": "cat@example.com"}, format="json"
    )
    cats = f"/api/games/{game.pk}/invitations/{cat_invited.json()['id']}/"
    assert api(bob).post(f"{cats}accept/").status_code == 403
    assert api(bob).post(f"{path}accept/").json()["your_seat"] == 1
    started = api(cat).post(f"{cats}accept/")
    assert started.status_code == 200
    assert started.json()["status"] == "active" and started.json()["your_seat"] == 2


def test_the_api_refuses_what_it_cannot_do_with_a_reason(ann, bob):
    game = table(ann, players=2)
    path = f"/api/games/{game.pk}/invitations/"
    assert api(ann).post(path, {"invite": "nobody-here"}, format="json").status_code == 400
    assert api(ann).post(path, {"invite": "ann"}, format="json").json()["detail"] == (
        "ann already has a seat in this game."
    )
    api(ann).post(path, {"invite": "bob"}, format="json")
    full = api(ann).post(path, {"invite": "zoe@example.com"}, format="json")
    assert full.status_code == 409 and "withdraw an invitation" in full.json()["detail"]
    assert api(ann).post(f"/api/games/{game.pk}/invitations/999/accept/").status_code == 404
    assert APIClient().post(path, {"invite": "bob"}, format="json").status_code == 401


def test_the_api_cancels_a_table(ann, bob):
    game = table(ann, players=3, invite=["bob"])
    assert api(bob).post(f"/api/games/{game.pk}/cancel/").status_code == 403
    cancelled = api(ann).post(f"/api/games/{game.pk}/cancel/")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    assert api(ann).post(f"/api/games/{game.pk}/cancel/").status_code == 409
    assert api(ann).get(f"/api/games/{game.pk}/moves/").json() == []
    assert api(ann).get(f"/api/games/{game.pk}/states/0/").status_code == 409
    assert game.pk not in [g["id"] for g in api(bob).get("/api/games/").json()]
