"""One deadline, read by players in Warsaw, New York and Tokyo: each reads it in their own
zone, named as they chose it, on the game page, in their emails and in their calendar; the API
keeps ISO 8601 with the offset."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from icalendar import Calendar

from tabletop.accounts.models import Preferences
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

# The game starts two days before the deadline (two days per move), and a vote called then
# stays open two days: both end on Thursday 3 December 2026 at 23:20 UTC.
START = datetime(2026, 12, 1, 23, 20, tzinfo=UTC)
READ_AS = {
    "Europe/Warsaw": "Fri 4 Dec, 00:20 (Europe/Warsaw)",
    "America/New_York": "Thu 3 Dec, 18:20 (America/New_York)",
    "Asia/Tokyo": "Fri 4 Dec, 08:20 (Asia/Tokyo)",
}


@pytest.fixture
def table(make_user, frozen) -> Game:
    frozen.set(START)
    people = [make_user("ann"), make_user("ben"), make_user("cat")]
    for person, zone in zip(people, READ_AS, strict=True):
        Preferences.objects.update_or_create(user=person, defaults={"time_zone": zone})
    return started_game(people, days_per_move=2)


def read_by(game: Game, zone: str):
    """The player waited for, now living in `zone`."""
    player = user_at(game, game.to_act[0])
    Preferences.objects.filter(user=player).update(time_zone=zone)
    Preferences.objects.get(user=player).save()  # forgets the zone the pages kept
    return player


@pytest.mark.parametrize("zone", READ_AS)
def test_the_same_deadline_reads_in_each_players_zone_on_the_page(client, table, zone):
    client.force_login(read_by(table, zone))
    html = client.get(f"/games/{table.pk}/").content.decode()
    assert f"Deadline {READ_AS[zone]}" in html
    assert "UTC" not in html


@pytest.mark.parametrize("zone", READ_AS)
def test_the_same_deadline_reads_in_each_players_zone_in_their_calendar(client, table, zone):
    player = read_by(table, zone)
    token = Preferences.objects.get(user=player).calendar_secret()
    feed = Calendar.from_ical(client.get(f"/calendar/{token}.ics").content)
    (event,) = feed.walk("VEVENT")
    assert f"Gazobu #{table.pk}: {READ_AS[zone]}; then" in str(event["description"])
    assert "UTC" not in str(event["description"])


@pytest.mark.parametrize("zone", READ_AS)
def test_the_same_deadline_reads_in_each_players_zone_in_their_turn_email(table, zone):
    read_by(table, zone)
    row = Outbox.objects.filter(kind="turn", seat=table.to_act[0], channel="email").latest("pk")
    text = compose(row).body
    assert f"Your deadline: {READ_AS[zone]}, in 2 days" in text
    assert "UTC" not in text


def test_an_open_vote_reads_in_each_players_zone_on_their_page_and_in_their_email(client, table):
    caller = user_at(table, 0)
    store.call_vote(table, caller, "end", {"how": "scored"}, Move.Source.WEB)
    for position, zone in enumerate(READ_AS):
        client.force_login(user_at(table, position))
        html = client.get(f"/games/{table.pk}/").content.decode()
        assert f"open until {READ_AS[zone]}" in html
        if position != 0:  # the caller's yes is counted: the others are asked by email
            row = Outbox.objects.filter(kind="vote", seat=position, channel="email").get()
            email = compose(row)
            assert f"open until {READ_AS[zone]}." in email.body
            assert f"open until {READ_AS[zone]}." in email.alternatives[0][0]


def test_the_api_keeps_the_deadline_in_iso_8601_with_its_offset(client, table):
    player = read_by(table, "Asia/Tokyo")
    client.force_login(player)
    answer = client.get(f"/api/games/{table.pk}/").json()
    deadlines = [seat["deadline"] for seat in answer["seats"] if seat["deadline"]]
    assert deadlines
    assert all(
        datetime.fromisoformat(d) == datetime(2026, 12, 3, 23, 20, tzinfo=UTC) for d in deadlines
    )
    assert all(d[-6:] in ("+00:00", "+09:00") or d.endswith("Z") for d in deadlines)
