"""Who at a table is on vacation, now or soon, as their opponents see it on the game page.

A vacation is whole days of the player's own calendar (their time zone), first and last
included; their clock stands still on those days (tabletop/play/clock.py), which is why the
others want to know. The days are shown as the player set them, as dates.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from tabletop.accounts.models import Preferences
from tabletop.play import clock


@dataclass(frozen=True)
class Vacation:
    first: date
    last: date
    begun: bool


def vacations(users: list, moment: datetime) -> dict[int, Vacation]:
    """The vacation each of these players is on at `moment`, or has set for later: from their
    preferences read with them (the table's seats are), else in one query."""
    relation = Preferences._meta.get_field("user").remote_field
    if all(relation.is_cached(user) for user in users):
        chosen = [Preferences.of(user) for user in users]
    else:
        chosen = Preferences.objects.filter(user__in=users)
    found = {}
    for preferences in chosen:
        if preferences.vacation_start is None or preferences.vacation_end is None:
            continue
        interval = clock.vacation_interval(preferences)
        if interval is None or interval[1] <= moment:
            continue
        found[preferences.user_id] = Vacation(
            preferences.vacation_start, preferences.vacation_end, begun=interval[0] <= moment
        )
    return found
