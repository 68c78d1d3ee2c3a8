"""The calendar feed shows the deadline of each running round a player sits in, one event per
round, and drops it once the round is over."""

from __future__ import annotations

import pytest
from icalendar import Calendar

from tabletop.accounts.models import Preferences
from tabletop.tournaments import rounds
from tabletop.tournaments.models import Round, Tournament
from tests.helpers.tournaments import finish_round, signed_up

pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def round_events(client, user) -> list:
    token = Preferences.objects.get_or_create(user=user)[0].calendar_secret()
    feed = Calendar.from_ical(client.get(f"/calendar/{token}.ics").content)
    return [e for e in feed.walk("VEVENT") if "-round-" in str(e["uid"])]


def swiss_of_dos(org, players) -> Tournament:
    tournament = signed_up(
        org, players, "dos", format="swiss", rounds=2, table_size=2, max_players=8
    )
    return rounds.start_tournament(tournament, org)


def test_each_running_round_a_player_sits_in_is_an_event_ending_at_its_deadline(client, make_user):
    org, ann, ben, cat, dan = (make_user(n) for n in ("org", "ann", "ben", "cat", "dan"))
    mine = swiss_of_dos(org, [ann, ben])
    others = swiss_of_dos(org, [cat, dan])

    events = round_events(client, ann)

    played = Round.objects.get(tournament=mine, number=1)
    assert len(events) == 1
    event = events[0]
    assert str(event["summary"]) == f"{mine.name}: round 1 ends"
    assert event.decoded("dtend") == played.deadline.replace(microsecond=0)
    assert str(event["url"]).endswith(f"/tournaments/{mine.pk}/")
    assert round_events(client, org) == []
    assert [str(e["summary"]) for e in round_events(client, cat)] == [
        f"{others.name}: round 1 ends"
    ]


def test_a_round_over_leaves_the_feed_and_the_next_one_comes_in(client, make_user):
    org, ann, ben = make_user("org"), make_user("ann"), make_user("ben")
    cup = swiss_of_dos(org, [ann, ben])

    finish_round(cup)

    cup.refresh_from_db()
    summaries = [str(e["summary"]) for e in round_events(client, ann)]
    assert summaries == [f"{cup.name}: round 2 ends"]
    finish_round(cup)
    assert round_events(client, ann) == []
