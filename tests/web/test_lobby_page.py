"""The lobby: the welcome page, creating a game with its options, inviting, joining, dashboard."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tabletop.mail.models import Outbox
from tabletop.play.models import Game, Invitation
from tests.helpers.factories import play_random_steps, started_game, user_at


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def ann(make_user):
    return make_user("ann")


def new_game_form(**fields) -> dict:
    form = {
        "game": "gazobu",
        "players": "2",
        "days_per_move": "3",
        "reminder_hours": ["24", "2"],
        "timeout_policy": "bot",
        "invite": "",
    }
    form.update(fields)
    return form


def test_a_visitor_sees_the_games_and_a_way_to_sign_up(client, db):
    html = client.get("/").content.decode()
    assert "Sign up and play" in html
    for title in ("Gazobu", "Buttons"):
        assert f"Start a {title} game" in html


def test_the_lobby_offers_every_game_then_its_own_form(client, ann):
    client.force_login(ann)
    gallery = client.get("/games/new/").content.decode()
    assert "/games/new/?game=buttons" in gallery
    form = client.get("/games/new/?game=buttons").content.decode()
    assert 'name="option_layout"' in form
    assert "4 players" in form
    assert "Days per move" in form and "When the deadline passes" in form


def test_a_player_creates_a_game_with_its_options_and_takes_the_first_seat(client, ann):
    client.force_login(ann)
    response = client.post(
        "/games/new/",
        new_game_form(
            game="buttons",
            players="3",
            option_layout="2b",
            days_per_move="5",
            reminder_hours=["48", "6"],
            timeout_policy="skip",
        ),
    )
    game = Game.objects.get()
    assert response["Location"] == f"/games/{game.pk}/"
    assert (game.slug, game.players, game.options) == ("buttons", 3, {"layout": "2b"})
    assert (game.days_per_move, game.reminder_hours, game.timeout_policy) == (5, [48, 6], "skip")
    assert game.seats.get().user == ann
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Waiting for players" in page and "2 seats still free" in page


def test_a_reminder_after_the_deadline_is_refused_in_the_form(client, ann):
    client.force_login(ann)
    response = client.post("/games/new/", new_game_form(days_per_move="1", reminder_hours=["48"]))
    assert response.status_code == 200
    assert "Reminders must fall between the start of a turn and its deadline." in (
        response.content.decode()
    )
    assert not Game.objects.exists()


def test_an_invited_address_gets_an_invitation_email_with_a_join_link(
    client, ann, django_capture_on_commit_callbacks
):
    client.force_login(ann)
    with django_capture_on_commit_callbacks():
        client.post(
            "/games/new/", new_game_form(players="3", invite="bob@example.com, Carol@Example.com")
        )
    game = Game.objects.get()
    assert sorted(Invitation.objects.values_list("email", flat=True)) == [
        "bob@example.com",
        "carol@example.com",
    ]
    rows = Outbox.objects.filter(kind="invitation").order_by("to")
    assert [row.to for row in rows] == ["bob@example.com", "carol@example.com"]
    assert rows[0].context["join_url"].endswith(f"/games/{game.pk}/")
    assert rows[0].context["invited_by"] == "ann"
    assert f"next=%2Fgames%2F{game.pk}%2F" in rows[0].context["signup_url"]


def test_inviting_the_same_address_twice_sends_one_email(client, ann):
    client.force_login(ann)
    client.post("/games/new/", new_game_form())
    game = Game.objects.get()
    client.post(f"/games/{game.pk}/invite/", {"invite": "bob@example.com"})
    client.post(f"/games/{game.pk}/invite/", {"invite": "bob@example.com"})
    assert Outbox.objects.filter(kind="invitation", to="bob@example.com").count() == 1


def test_an_invited_player_joins_from_the_dashboard_and_the_game_starts(client, ann, make_user):
    bob = make_user("bob")
    client.force_login(ann)
    client.post("/games/new/", new_game_form(invite="bob@example.com"))
    game = Game.objects.get()
    client.force_login(bob)
    invitation = Invitation.objects.get()
    accept = f"/games/{game.pk}/invitations/{invitation.pk}/accept/"
    dashboard = client.get("/").content.decode()
    assert "Invitations" in dashboard and accept in dashboard
    client.post(accept)
    game.refresh_from_db()
    assert game.status == "active"
    assert Invitation.objects.get().accepted is not None


def test_open_games_lists_games_with_free_seats_and_lets_a_player_join(client, ann, make_user):
    client.force_login(ann)
    client.post("/games/new/", new_game_form(players="3"))
    game = Game.objects.get()
    ben = make_user("ben")
    client.force_login(ben)
    listing = client.get("/games/open/").content.decode()
    assert f"/games/{game.pk}/join/" in listing
    assert "1 of 3 seated" in listing
    client.post(f"/games/{game.pk}/join/")
    assert "you are seated" in client.get("/games/open/").content.decode()


def test_joining_a_full_game_says_why(client, ann, make_user):
    game = started_game([ann, make_user("ben")])
    client.force_login(make_user("cat"))
    response = client.post(f"/games/{game.pk}/join/", follow=True)
    assert "This game is not open for joining any more." in response.content.decode()


def test_the_dashboard_lists_your_moves_by_deadline_then_others_then_finished(
    client, ann, make_user
):
    ben = make_user("ben")
    later = started_game([ann, ben])
    sooner = started_game([ann, ben])
    for game, days in ((later, 2), (sooner, 1)):
        # Put ann on move in both games, with different deadlines.
        if game.to_act != [0]:
            play_random_steps(game, 1)
            game.refresh_from_db()
        while game.to_act != [0]:
            play_random_steps(game, 1, seed=f"s{game.seq}")
            game.refresh_from_db()
        seat = game.seats.get(position=0)
        seat.deadline = timezone.now() + timedelta(days=days)
        seat.save(update_fields=["deadline"])
    waiting = started_game([ann, ben])
    while waiting.to_act != [1]:
        play_random_steps(waiting, 1, seed=f"w{waiting.seq}")
        waiting.refresh_from_db()
    finished = play_random_steps(started_game([ann, ben]), 500, seed="end")
    assert finished.is_over
    client.force_login(ann)
    html = client.get("/").content.decode()
    yours, rest = html.split("Waiting for others", 1)
    others, done = rest.split("Finished", 1)
    assert yours.index(f"#{sooner.pk}<") < yours.index(f"#{later.pk}<")
    assert f"#{waiting.pk}<" in others and "waiting for ben" in others
    assert f"#{finished.pk}<" in done
    assert user_at(waiting, 1) == ben
