"""Time zones a person can find: grouped by region, each with its offset from UTC today.

The IANA database holds about 600 names, many of them old aliases ("US/Eastern", "EST5EDT",
"Etc/GMT+5"); the list shows the zones under a region, plus UTC. An alias a player already
has stays valid and is shown in a group of its own.
"""

from __future__ import annotations

import zoneinfo
from datetime import datetime
from functools import lru_cache

REGIONS = (
    "Africa",
    "America",
    "Antarctica",
    "Arctic",
    "Asia",
    "Atlantic",
    "Australia",
    "Europe",
    "Indian",
    "Pacific",
)


@lru_cache(maxsize=1)
def known() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def is_known(name: str) -> bool:
    return name in known()


def offset(name: str, now: datetime | None = None) -> str:
    """'UTC+01:00': the zone's offset at `now` (summer time included)."""
    moment = (now or datetime.now(tz=zoneinfo.ZoneInfo("UTC"))).astimezone(zoneinfo.ZoneInfo(name))
    difference = moment.strftime("%z")
    return f"UTC{difference[0]}{difference[1:3]}:{difference[3:5]}"


def place(name: str) -> str:
    """'Argentina / Buenos Aires' for America/Argentina/Buenos_Aires."""
    return name.split("/", 1)[-1].replace("/", " / ").replace("_", " ")


def grouped_choices(current: str = "") -> list[tuple[str, list[tuple[str, str]]]]:
    """(region, [(zone, 'Place (UTC+hh:mm)')]) for a select with optgroups, UTC first."""
    now = datetime.now(tz=zoneinfo.ZoneInfo("UTC"))
    groups: list[tuple[str, list[tuple[str, str]]]] = [("UTC", [("UTC", "UTC (UTC+00:00)")])]
    for region in REGIONS:
        names = sorted(n for n in known() if n.startswith(region + "/"))
        groups.append((region, [(n, f"{place(n)} ({offset(n, now)})") for n in names]))
    listed = current == "UTC" or current.split("/", 1)[0] in REGIONS
    if current and is_known(current) and not listed:
        groups.append(("Other", [(current, f"{current} ({offset(current, now)})")]))
    return groups
