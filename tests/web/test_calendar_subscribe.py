"""The settings page's calendar: Subscribe (a webcal:// address a calendar app keeps polling)
and Download (the same feed as a file)."""

from __future__ import annotations

import re

from django.conf import settings
from icalendar import Calendar

from tabletop.accounts.models import Preferences
from tests.helpers.factories import started_game


def test_the_settings_page_offers_to_subscribe_and_to_download(client, make_user):
    ann = make_user("ann")
    client.force_login(ann)
    secret = Preferences.objects.get_or_create(user=ann)[0].calendar_secret()
    page = client.get("/settings/").content.decode()
    subscribe = re.search(r'href="([^"]+)" id="calendar-subscribe">Subscribe<', page).group(1)
    download = re.search(r'href="([^"]+)" id="calendar-download" download>Download<', page)
    site = settings.SITE_URL
    assert subscribe == f"webcal://{site.split('://')[1]}/calendar/{secret}.ics"
    assert download.group(1) == f"{site}/calendar/{secret}.ics?download=1"


def test_the_download_is_the_feed_as_a_file(client, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    started_game([ann, ben])
    secret = Preferences.objects.get_or_create(user=ann)[0].calendar_secret()
    feed = client.get(f"/calendar/{secret}.ics")
    download = client.get(f"/calendar/{secret}.ics?download=1")
    assert download.status_code == 200
    assert download["Content-Type"].startswith("text/calendar")
    assert download["Content-Disposition"] == 'attachment; filename="tabletop-deadlines.ics"'
    assert "Content-Disposition" not in feed  # a subscription reads it in place
    events = [str(e["summary"]) for e in Calendar.from_ical(download.content).walk("VEVENT")]
    assert events == [str(e["summary"]) for e in Calendar.from_ical(feed.content).walk("VEVENT")]


def test_a_reset_address_downloads_nothing(client, make_user):
    ann = make_user("ann")
    secret = Preferences.objects.get_or_create(user=ann)[0].calendar_secret()
    client.force_login(ann)
    client.post("/settings/", {"action": "calendar-reset"})
    assert client.get(f"/calendar/{secret}.ics?download=1").status_code == 404
