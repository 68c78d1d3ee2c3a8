"""The tournament pages: the list by status, a new tournament, joining and leaving, the
organiser's start, cancel and drop, a tournament by invitation hidden from others, and
refusals shown as the page with their status and message."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from tabletop.play import clock
from tabletop.tournaments import rounds
from tabletop.tournaments.models import Tournament, TournamentEvent
from tests.helpers.tournaments import finish_round, games_of_round, signed_up

Kind = TournamentEvent.Kind


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def org(make_user):
    return make_user("org")


def dos_cup(org, players, name: str = "DOS cup", **settings) -> Tournament:
    settings = {"format": "round_robin", "table_size": 2, "max_players": 8, **settings}
    cup = signed_up(org, players, "dos", **settings)
    Tournament.objects.filter(pk=cup.pk).update(name=name)
    cup.name = name
    return cup


def new_form(**fields) -> dict:
    deadline = timezone.localtime(clock.now() + timedelta(days=3))
    form = {
        "game": "dos",
        "name": "Winter DOS cup",
        "format": "swiss",
        "table_size": "2",
        "rounds": "3",
        "max_players": "8",
        "days_per_move": "2",
        "round_days": "10",
        "signup_deadline": deadline.strftime("%Y-%m-%dT%H:%M"),
        "seating": "open",
        "invite": "",
    }
    form.update(fields)
    return form


def test_the_list_shows_tournaments_open_running_and_finished(client, org, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    dos_cup(org, [ann], name="Open cup")
    running = dos_cup(org, [ann, ben], name="Running cup")
    rounds.start_tournament(running, org)
    over = dos_cup(org, [ann, ben], name="Over cup")
    rounds.start_tournament(over, org)
    finish_round(over)

    html = client.get("/tournaments/").content.decode()

    signup, running_heading, finished = (
        html.index(f'id="tournaments-{status}"') for status in ("signup", "running", "finished")
    )
    assert signup < html.index("Open cup") < running_heading
    assert running_heading < html.index("Running cup") < finished < html.index("Over cup")
    assert "1 of 8 players" in html and "round 1 of 1" in html
    assert "won by " in html
    assert "New tournament" not in html


def test_each_kind_of_the_list_pages_on_past_its_page_newest_first(
    client, org, make_user, monkeypatch
):
    monkeypatch.setattr("tabletop.web.tournaments.LISTED", 2)
    ann = make_user("ann")
    for name in ("First cup", "Second cup", "Third cup"):
        dos_cup(org, [ann], name=name)

    first = client.get("/tournaments/").content.decode()
    second = client.get("/tournaments/?signup=2").content.decode()

    assert "Third cup" in first and "Second cup" in first and "First cup" not in first
    assert 'href="?signup=2#tournaments-signup"' in first and "Page 1 of 2" in first
    assert "First cup" in second and "Third cup" not in second
    assert 'href="?signup=1#tournaments-signup"' in second
    assert client.get("/tournaments/?signup=99").status_code == 200


def test_a_player_creates_a_tournament_with_its_sign_up_in_their_time_zone(client, org):
    client.force_login(org)
    assert "/tournaments/new/?game=dos" in client.get("/tournaments/new/").content.decode()
    assert 'name="option_target"' in client.get("/tournaments/new/?game=dos").content.decode()
    assert "New tournament" in client.get("/tournaments/").content.decode()

    answer = client.post("/tournaments/new/", new_form(signup_deadline="2099-01-02T18:30"))

    made = Tournament.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/tournaments/{made.pk}/"
    assert (made.name, made.slug, made.format, made.rounds) == ("Winter DOS cup", "dos", "swiss", 3)
    assert (made.days_per_move, made.round_days, made.max_players) == (2, 10, 8)
    assert made.signup_deadline == timezone.make_aware(
        timezone.datetime(2099, 1, 2, 18, 30), timezone.get_current_timezone()
    )
    assert made.organiser == org and not made.private


def test_a_tournament_by_invitation_names_its_players(client, org, make_user):
    ann = make_user("ann")
    client.force_login(org)
    client.post("/tournaments/new/", new_form(seating="private", invite="ann"))
    made = Tournament.objects.get()
    assert made.private and list(made.invited.all()) == [ann]

    answer = client.post("/tournaments/new/", new_form(seating="private", invite="ann, nobody"))
    assert answer.status_code == 200
    assert "There is no player nobody." in answer.content.decode()


def test_a_refused_tournament_shows_why_on_the_form(client, org):
    client.force_login(org)
    answer = client.post("/tournaments/new/", new_form(table_size="2", max_players="1"))
    assert answer.status_code == 200
    past = client.post("/tournaments/new/", new_form(signup_deadline="2001-01-01T10:00"))
    assert "The sign-up deadline must be in the future." in past.content.decode()
    assert not Tournament.objects.exists()


def test_a_player_joins_and_leaves_before_the_start(client, org, make_user):
    ann = make_user("ann")
    cup = dos_cup(org, [])
    client.force_login(ann)
    assert "Join the tournament" in client.get(f"/tournaments/{cup.pk}/").content.decode()

    client.post(f"/tournaments/{cup.pk}/join/")
    page = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert "You joined the tournament." in page and "Leave the tournament" in page
    assert list(cup.entries.values_list("player__username", flat=True)) == ["ann"]

    client.post(f"/tournaments/{cup.pk}/leave/")
    assert not cup.entries.exists()


def test_once_running_leaving_is_withdrawing_after_a_confirmation(client, org, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    cup = dos_cup(org, [ann, ben])
    rounds.start_tournament(cup, org)
    client.force_login(ann)
    page = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert "Withdraw…" in page and "Withdraw from the tournament" in page

    client.post(f"/tournaments/{cup.pk}/leave/")

    entry = cup.entries.get(player=ann)
    assert entry.dropped is not None
    assert "withdrew" in client.get(f"/tournaments/{cup.pk}/").content.decode()


def test_the_organiser_starts_early_and_the_round_shows_its_tables(client, org, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    cup = dos_cup(org, [ann, ben])
    client.force_login(org)

    client.post(f"/tournaments/{cup.pk}/start/")

    cup.refresh_from_db()
    assert cup.status == Tournament.Status.RUNNING
    game = games_of_round(cup, 1)[0]
    page = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert "Round 1" in page and f'href="/games/{game.pk}/"' in page
    assert "ann, ben" in page or "ben, ann" in page
    assert "Standings" in page and "Opponents" in page


def test_the_standings_show_each_players_points_once_a_round_is_played(client, org, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    cup = dos_cup(org, [ann, ben])
    rounds.start_tournament(cup, org)
    game = finish_round(cup)[0]
    winner = game.seats.get(position=game.outcome["winners"][0]).user.username

    page = client.get(f"/tournaments/{cup.pk}/").content.decode()

    first_row = page[page.index("<tbody>") :]
    assert first_row.index(winner) < first_row.index("</tr>")
    assert "<strong>1</strong>" in first_row
    assert "The winner: " + winner in page


def test_the_organiser_calls_off_a_tournament_before_it_starts(client, org, make_user):
    cup = dos_cup(org, [make_user("ann")])
    client.force_login(org)
    assert "Call off the tournament" in client.get(f"/tournaments/{cup.pk}/").content.decode()

    client.post(f"/tournaments/{cup.pk}/cancel/")

    cup.refresh_from_db()
    assert cup.status == Tournament.Status.CANCELLED


def test_the_organiser_drops_a_player_with_a_reason_kept_in_the_log(client, org, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    cup = dos_cup(org, [ann, ben])
    rounds.start_tournament(cup, org)
    client.force_login(org)

    answer = client.post(
        f"/tournaments/{cup.pk}/drop/", {"player": ben.pk, "reason": "abusive in chat"}
    )

    assert answer.status_code == 302
    logged = cup.events.get(kind=Kind.DROPPED)
    assert logged.data["reason"] == "abusive in chat" and logged.data["by"] == org.pk
    page = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert "dropped" in page and "abusive in chat" in page


def test_only_the_organiser_may_start_cancel_or_drop(client, org, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    cup = dos_cup(org, [ann, ben])
    client.force_login(ann)
    assert "Start now" not in client.get(f"/tournaments/{cup.pk}/").content.decode()

    for action in ("start", "cancel"):
        answer = client.post(f"/tournaments/{cup.pk}/{action}/")
        assert answer.status_code == 403
        assert "Only the tournament&#x27;s organiser can do this." in answer.content.decode()
    rounds.start_tournament(cup, org)
    answer = client.post(f"/tournaments/{cup.pk}/drop/", {"player": ben.pk, "reason": "no"})
    assert answer.status_code == 403
    assert not cup.entries.filter(dropped__isnull=False).exists()


def test_refusals_are_the_page_with_their_status_and_message(client, org, make_user):
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    cup = dos_cup(org, [ann, ben], max_players=2)
    client.force_login(cat)

    full = client.post(f"/tournaments/{cup.pk}/join/")
    assert full.status_code == 409
    assert "This tournament is full: all 2 places are taken." in full.content.decode()
    assert 'class="refusal"' in full.content.decode()

    client.force_login(ann)
    again = client.post(f"/tournaments/{cup.pk}/leave/")
    assert again.status_code == 302
    twice = client.post(f"/tournaments/{cup.pk}/leave/")
    assert twice.status_code == 400
    assert "You have not joined this tournament." in twice.content.decode()

    client.force_login(org)
    alone = client.post(f"/tournaments/{cup.pk}/start/")
    assert alone.status_code == 409 and "Not enough players to start" in alone.content.decode()


def test_a_tournament_by_invitation_is_hidden_from_others(client, org, make_user):
    ann, cat = make_user("ann"), make_user("cat")
    cup = dos_cup(org, [ann, make_user("ben")], private=True, name="Friends only")

    assert "Friends only" not in client.get("/tournaments/").content.decode()
    assert client.get(f"/tournaments/{cup.pk}/").status_code == 403
    client.force_login(cat)
    hidden = client.get(f"/tournaments/{cup.pk}/")
    assert hidden.status_code == 403
    assert "only its players see it" in hidden.content.decode()
    assert "Friends only" not in client.get("/tournaments/").content.decode()
    assert client.post(f"/tournaments/{cup.pk}/join/").status_code == 403
    assert not cup.entries.filter(player=cat).exists()

    client.force_login(ann)
    listed = client.get("/tournaments/").content.decode()
    assert "Friends only" in listed and "2 of 8 players" in listed
    assert client.get(f"/tournaments/{cup.pk}/").status_code == 200


def test_an_unknown_tournament_is_404(client, db):
    assert client.get("/tournaments/999/").status_code == 404


def test_the_round_deadline_reads_in_the_readers_zone(client, org, make_user):
    from tabletop.accounts.models import Preferences

    ann, ben = make_user("ann"), make_user("ben")
    Preferences.objects.update_or_create(user=ann, defaults={"time_zone": "Asia/Tokyo"})
    cup = dos_cup(org, [ann, ben])
    rounds.start_tournament(cup, org)
    client.force_login(ann)
    page = client.get(f"/tournaments/{cup.pk}/").content.decode()
    assert "(Asia/Tokyo)" in page
