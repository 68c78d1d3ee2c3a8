"""Time zones a person can find: one field, grouped by region with today's offsets, the browser's
zone taken at sign-up and accepted from the dashboard's proposal."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from django.test import Client

from tabletop.accounts import zones
from tabletop.accounts.models import Preferences

pytestmark = pytest.mark.usefixtures("fast_passwords")
pytest_plugins = ["tests.helpers.mail"]


def test_the_zones_are_grouped_by_region_with_their_offset_and_no_old_aliases():
    january = datetime(2026, 1, 15, 12, tzinfo=UTC)
    assert zones.offset("Europe/Prague", january) == "UTC+01:00"
    assert zones.offset("America/St_Johns", january) == "UTC-03:30"
    groups = dict(zones.grouped_choices())
    assert re.fullmatch(r"Prague \(UTC[+-]\d\d:\d\d\)", dict(groups["Europe"])["Europe/Prague"])
    assert dict(groups["America"])["America/Argentina/Buenos_Aires"].startswith(
        "Argentina / Buenos Aires ("
    )
    listed = {name for choices in groups.values() for name, _ in choices}
    assert "US/Eastern" not in listed and "EST5EDT" not in listed
    assert len(listed) < 500


def test_the_settings_page_says_time_zone_once_and_keeps_an_old_alias(client, make_user):
    ann = make_user("ann")
    Preferences.objects.create(user=ann, time_zone="US/Eastern")
    client.force_login(ann)
    page = client.get("/settings/").content.decode()
    assert page.count(">Time zone<") == 1
    assert '<optgroup label="Europe">' in page
    assert '<option value="US/Eastern" selected>' in page


def test_sign_up_keeps_the_time_zone_the_browser_proposed(db):
    response = Client().post(
        "/accounts/signup/",
        {
            "username": "zoe",
            "email": "zoe@example.com",
            "password1": "a-long-table-password",
            "password2": "a-long-table-password",
            "time_zone": "Europe/Prague",
        },
    )
    assert response.status_code == 302
    assert Preferences.objects.get(user__username="zoe").time_zone == "Europe/Prague"


def test_the_dashboard_proposal_sets_the_zone_and_an_unknown_one_is_refused(client, make_user):
    ann = make_user("ann")
    client.force_login(ann)
    assert "data-time-zone-proposal" in client.get("/").content.decode()

    refused = client.post("/settings/time-zone/", {"time_zone": "Mars/Olympus_Mons"})
    assert refused.status_code == 400
    assert "Mars/Olympus_Mons is not a time zone we know" in refused.content.decode()

    accepted = client.post("/settings/time-zone/", {"time_zone": "Asia/Tokyo"})
    assert accepted["Location"] == "/"
    assert Preferences.of(ann).time_zone == "Asia/Tokyo"
    assert "data-time-zone-proposal" not in client.get("/").content.decode()
