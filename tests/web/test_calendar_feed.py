"""A player's private calendar feed: every deadline they have now, with an alarm at each
reminder, at an address with a secret they can reset."""

from __future__ import annotations

from datetime import timedelta

import pytest
from icalendar import Calendar

from tabletop.accounts import channels
from tabletop.accounts.models import Preferences
from tabletop.play.models import Seat
from tests.helpers.factories import play_random_steps, started_game

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


def feed_of(client, user) -> Calendar:
    token = Preferences.objects.get_or_create(user=user)[0].calendar_secret()
    answer = client.get(f"/calendar/{token}.ics")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/calendar")
    return Calendar.from_ical(answer.content)


def seats_waiting_for(user) -> list[Seat]:
    seats = Seat.objects.filter(user=user, deadline__isnull=False).select_related("game")
    return [seat for seat in seats if seat.position in seat.game.to_act]


def event_of(events: list, game):
    found = [e for e in events if str(e["summary"]).startswith(f"{game.title} #{game.pk}:")]
    return found[0] if found else None


def until_seat_waits(game, position: int):
    while position not in game.to_act:
        game = play_random_steps(game, 1)
    return game


def test_the_feed_holds_an_event_per_deadline_of_the_players_seats(client, make_user, frozen):
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    mine = [
        until_seat_waits(started_game([ann, ben], "gazobu", reminder_hours=[24, 2]), 0),
        until_seat_waits(started_game([ben, ann], "dos", reminder_hours=[12]), 1),
    ]
    waiting_for_ben = until_seat_waits(started_game([ann, ben], "gazobu"), 1)
    others = started_game([ben, cat], "gazobu")

    events = feed_of(client, ann).walk("VEVENT")

    waiting = seats_waiting_for(ann)
    assert {seat.game_id for seat in waiting} >= {game.pk for game in mine}
    assert len(events) == len(waiting)
    for seat in waiting:
        game = seat.game
        event = event_of(events, game)
        assert str(event["summary"]) == f"{game.title} #{game.pk}: your move"
        assert event.decoded("dtend") == seat.deadline
        assert str(event["url"]).endswith(f"/games/{game.pk}/")
        alarms = sorted(alarm.decoded("trigger") for alarm in event.walk("VALARM"))
        expected = sorted(seat.deadline - timedelta(hours=h) for h in game.reminder_hours)
        assert alarms == expected
    if 0 not in waiting_for_ben.to_act:
        assert event_of(events, waiting_for_ben) is None
    assert event_of(events, others) is None


def test_the_feed_follows_the_games_as_they_move(client, make_user, frozen):
    ann, ben = make_user("ann"), make_user("ben")
    game = until_seat_waits(started_game([ann, ben]), 0)
    assert event_of(feed_of(client, ann).walk("VEVENT"), game) is not None
    game = until_seat_waits(game, 1)
    if 0 not in game.to_act:
        assert event_of(feed_of(client, ann).walk("VEVENT"), game) is None
    while not game.is_over:
        game = play_random_steps(game, 50)
    assert feed_of(client, ann).walk("VEVENT") == []


def test_a_reset_address_stops_the_old_one_working(client, make_user):
    ann = make_user("ann")
    old = Preferences.objects.get_or_create(user=ann)[0].calendar_secret()
    new = channels.new_calendar_token(ann)
    assert new != old
    assert client.get(f"/calendar/{old}.ics").status_code == 404
    assert client.get(f"/calendar/{new}.ics").status_code == 200


def test_the_settings_page_resets_the_calendar_address(client, make_user):
    ann = make_user("ann")
    client.force_login(ann)
    old = Preferences.objects.get_or_create(user=ann)[0].calendar_secret()
    assert old in client.get("/settings/").content.decode()
    assert client.post("/settings/", {"action": "calendar-reset"}).status_code == 302
    assert old not in client.get("/settings/").content.decode()
    assert client.get(f"/calendar/{old}.ics").status_code == 404


def test_no_token_no_calendar(client, db):
    assert client.get("/calendar/.ics").status_code == 404
    assert client.get("/calendar/guess.ics").status_code == 404
