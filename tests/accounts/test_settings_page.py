"""The settings page: email preferences, time zone, quiet hours and vacation."""

from __future__ import annotations

from datetime import time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from tabletop.accounts.models import Preferences
from tests.helpers.factories import started_game


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def preferences_form(**fields) -> dict:
    form = {
        "time_zone": "UTC",
        "quiet_start": "",
        "quiet_end": "",
        "vacation_start": "",
        "vacation_end": "",
        "digest_hour": "8",
        "email_turn": "on",
        "email_reminder": "on",
        "email_timeout": "on",
        "email_game_over": "on",
        "email_invitation": "on",
    }
    form.update(fields)
    return {name: value for name, value in form.items() if value is not None}


def test_the_settings_page_asks_to_log_in_first(client, db):
    response = client.get("/settings/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_a_player_saves_time_zone_quiet_hours_and_email_choices(client, make_user):
    ann = make_user("ann")
    client.force_login(ann)
    page = client.get("/settings/").content.decode()
    for group in ("Quiet hours", "Vacation", "Email"):
        assert f"<legend>{group}</legend>" in page
    assert '<label for="id_time_zone">Time zone</label>' in page
    response = client.post(
        "/settings/",
        preferences_form(
            time_zone="Europe/Prague", quiet_start="22:00", quiet_end="07:00", email_reminder=None
        ),
    )
    assert response["Location"] == "/settings/"
    saved = Preferences.objects.get(user=ann)
    assert saved.time_zone == "Europe/Prague"
    assert (saved.quiet_start, saved.quiet_end) == (time(22), time(7))
    assert saved.email_reminder is False
    assert "Your settings are saved." in client.get("/settings/").content.decode()


def test_a_vacation_that_ends_before_it_starts_is_refused(client, make_user):
    client.force_login(make_user("ann"))
    today = timezone.localdate()
    response = client.post(
        "/settings/",
        preferences_form(vacation_start=str(today + timedelta(days=5)), vacation_end=str(today)),
    )
    assert response.status_code == 200
    assert "The vacation ends before it starts." in response.content.decode()


def test_deadlines_show_in_the_players_own_time_zone(client, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    player = game.seats.get(position=game.to_act[0]).user
    deadline = game.seats.get(position=game.to_act[0]).deadline
    Preferences.objects.update_or_create(user=player, defaults={"time_zone": "Asia/Tokyo"})
    client.force_login(player)
    html = client.get(f"/games/{game.pk}/").content.decode()
    in_tokyo = timezone.localtime(deadline, timezone=ZoneInfo("Asia/Tokyo"))
    in_utc = timezone.localtime(deadline, timezone=ZoneInfo("UTC"))
    assert f"Deadline {in_tokyo:%a} {in_tokyo.day} {in_tokyo:%b, %H:%M}" in html
    assert f"{in_utc:%H:%M}" not in html
