"""The one way a time is written for a person to read: in their time zone, in the active
language, with the zone named as they chose it ("Fri 4 Dec, 00:20 (Europe/Warsaw)").

Pages, emails, calendar texts, webhook lines and answers to replies write their times here
(the template filter `moment` in templatetags/moments.py is the same function); the API does
not, it keeps ISO 8601 with the offset, for programs to read.
"""

from __future__ import annotations

import zoneinfo
from datetime import datetime, tzinfo

from django.utils import formats, timezone
from django.utils.translation import pgettext

UTC = "UTC"


def zone_named(name: str | None) -> zoneinfo.ZoneInfo:
    """The zone of that name; UTC for none, or for a name no longer known."""
    try:
        return zoneinfo.ZoneInfo(name or UTC)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(UTC)


def moment(when: datetime | str | None, zone: str | tzinfo | None = None) -> str:
    """`when` in `zone` (a name, or a zone; the active one when None, which pages and emails
    set to the reader's), e.g. "Fri 4 Dec, 00:20 (Europe/Warsaw)"; "" for no time."""
    if when is None or when == "":
        return ""
    if isinstance(when, str):
        when = datetime.fromisoformat(when)
    if zone is None:
        tz = timezone.get_current_timezone()
    elif isinstance(zone, str):
        tz = zone_named(zone)
    else:
        tz = zone
    if timezone.is_naive(when):
        when = timezone.make_aware(when, zoneinfo.ZoneInfo(UTC))
    local = when.astimezone(tz)
    # Translators: a date format of Django's date filter: "Fri 4 Dec, 00:20" in English.
    shown = formats.date_format(local, pgettext("a moment's format", "D j M, H:i"))
    return f"{shown} ({zone_name(tz)})"


def zone_name(tz: tzinfo) -> str:
    """The zone's name as the player chose it (a ZoneInfo keeps the name it was opened by)."""
    return getattr(tz, "key", None) or str(tz)
