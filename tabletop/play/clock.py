"""Time: deadlines and reminder times, computed here, stored on Seat rows, swept by beat.

A player's clock counts from the start of their turn for the game's days per move, except
while it stands still: on their vacation days, and during their quiet hours when they chose a
clock that pauses. Reminders fall at the game's ladder points before the deadline, moved out
of the player's quiet hours. `now()` is the one source of the time, so tests can set it.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Iterator
from datetime import date, datetime, time, timedelta

from django.utils import timezone

from tabletop import prepared
from tabletop.accounts import moments
from tabletop.accounts.models import Preferences

Interval = tuple[datetime, datetime]

_fixed: datetime | None = None
LONGEST_LOOKAHEAD_DAYS = 400
# A reminder pulled out of quiet hours goes this long before they begin, so that it is
# sent, not held back, by the time a worker has it.
QUIET_MARGIN = timedelta(minutes=15)


def now() -> datetime:
    return _fixed or timezone.now()


def set_now(moment: datetime | None) -> None:
    """Fix the time for every caller in this process (tests, the benchmark); None lets it run."""
    global _fixed
    _fixed = moment


def to_the_minute(moment: datetime) -> datetime:
    """`moment` as others read it: seconds would tell a standing order, or a bot, from a
    person's answer, and how fast someone answered is theirs to know."""
    return moment.replace(second=0, microsecond=0)


# ---------------------------------------------------------------------------- local time


def zone(preferences: Preferences) -> zoneinfo.ZoneInfo:
    return moments.zone_named(preferences.time_zone)


def local_moment(day: date, at: time, tz: zoneinfo.ZoneInfo) -> datetime:
    return datetime.combine(day, at, tzinfo=tz)


def quiet_interval(preferences: Preferences, day: date) -> Interval | None:
    """The quiet hours that begin on `day` (local), possibly running past midnight."""
    start, end = preferences.quiet_start, preferences.quiet_end
    if start is None or end is None or start == end:
        return None
    tz = zone(preferences)
    end_day = day if end > start else day + timedelta(days=1)
    return local_moment(day, start, tz), local_moment(end_day, end, tz)


def quiet_period_around(preferences: Preferences, moment: datetime) -> Interval | None:
    """The quiet hours `moment` falls in, if it falls in any."""
    local_day = moment.astimezone(zone(preferences)).date()
    for day in (local_day - timedelta(days=1), local_day):
        interval = quiet_interval(preferences, day)
        if interval and interval[0] <= moment < interval[1]:
            return interval
    return None


def vacation_interval(preferences: Preferences) -> Interval | None:
    first, last = preferences.vacation_start, preferences.vacation_end
    if first is None or last is None or last < first:
        return None
    tz = zone(preferences)
    return local_moment(first, time(0), tz), local_moment(last + timedelta(days=1), time(0), tz)


# ---------------------------------------------------------------------------- deadlines


def pauses(preferences: Preferences, start: datetime) -> Iterator[Interval]:
    """The intervals around and after `start` during which the player's clock stands still.

    Yielded in order of their start; they may overlap (the walk in deadline_for copes).
    """
    vacation = vacation_interval(preferences)
    tz = zone(preferences)
    first_day = start.astimezone(tz).date() - timedelta(days=1)
    if not (preferences.clock_pauses and quiet_interval(preferences, first_day)):
        if vacation:
            yield vacation
        return
    for offset in range(LONGEST_LOOKAHEAD_DAYS):
        quiet = quiet_interval(preferences, first_day + timedelta(days=offset))
        if vacation and vacation[0] <= quiet[0]:
            yield vacation
            vacation = None
        yield quiet


def deadline_for(start: datetime, days: int, preferences: Preferences | None = None) -> datetime:
    """When `days` of the player's running clock have passed since `start`."""
    remaining = timedelta(days=days)
    moment = start
    for pause_start, pause_end in pauses(preferences, start) if preferences else ():
        if pause_end <= moment:
            continue
        if pause_start > moment:
            if pause_start - moment >= remaining:
                break
            remaining -= pause_start - moment
        moment = pause_end
    return moment + remaining


# ---------------------------------------------------------------------------- reminders


def reminder_points(
    deadline: datetime, ladder_hours: list[int], started: datetime, preferences: Preferences
) -> list[datetime]:
    """Each ladder point before the deadline, moved out of the player's quiet hours.

    A point in quiet hours moves back to just before they begin; if the turn had not started
    by then, forward to when they end, if that is before the deadline.
    """
    points = set()
    for hours in ladder_hours:
        point = deadline - timedelta(hours=hours)
        quiet = quiet_period_around(preferences, point)
        if quiet:
            if quiet[0] - QUIET_MARGIN > started:
                point = quiet[0] - QUIET_MARGIN
            elif quiet[1] < deadline:
                point = quiet[1]
            else:
                continue
        if started < point < deadline:
            points.add(point)
    return sorted(points)


def next_reminder(seat, game, after: datetime, preferences: Preferences) -> datetime | None:
    """The first reminder of the seat's current turn later than `after`."""
    if seat.deadline is None or seat.turn_started is None:
        return None
    points = reminder_points(seat.deadline, game.reminder_hours, seat.turn_started, preferences)
    return next((point for point in points if point > after), None)


# ---------------------------------------------------------------------------- the store's hooks


def update_deadlines(game, newly_waiting: list[int]) -> None:
    """Start the clock for seats that now have to act; stop it for seats that do not.

    Called by the store inside the move's transaction.
    """
    moment = now()
    changed = []
    for seat in game.seats.all():
        if seat.position in newly_waiting:
            seat.turn_started, seat.turn_seq = moment, game.seq
            _schedule(seat, game, moment)
        elif seat.position not in game.to_act and seat.turn_started is not None:
            seat.turn_started = seat.deadline = seat.next_reminder = seat.turn_seq = None
        else:
            continue
        changed.append(seat)
    if changed:
        prepared.update_each(changed, ["turn_started", "turn_seq", "deadline", "next_reminder"])


def resume_turns(game, began: dict[int, datetime]) -> None:
    """The seats a take-back waits for again, their clocks counting from when their turns
    at that position began, not from the take-back (undoing must not buy time)."""
    changed = []
    for seat in game.seats.all():
        if seat.position in began:
            seat.turn_started = began[seat.position]
            _schedule(seat, game, now())
            changed.append(seat)
    if changed:
        prepared.update_each(changed, ["turn_started", "deadline", "next_reminder"])


def extend_deadline(game, position: int, days: int) -> None:
    """A seat's running deadline moved `days` later (the table voted it); a seat whose clock
    was stopped for the vote gets `days` from now."""
    seat = next(row for row in game.seats.all() if row.position == position)
    moment = now()
    seat.deadline = (seat.deadline or moment) + timedelta(days=days)
    seat.turn_started = seat.turn_started or moment
    seat.next_reminder = next_reminder(seat, game, moment, Preferences.of(seat.user))
    seat.save(update_fields=["deadline", "turn_started", "next_reminder"])


def reschedule(game, user) -> None:
    """The user's running deadline in this game again (their clock settings changed)."""
    for seat in game.seats.filter(user=user, turn_started__isnull=False):
        _schedule(seat, game, now())
        seat.save(update_fields=["deadline", "next_reminder"])


def _schedule(seat, game, moment: datetime) -> None:
    preferences = Preferences.of(seat.user)
    seat.deadline = deadline_for(seat.turn_started, game.days_per_move, preferences)
    seat.next_reminder = next_reminder(seat, game, moment, preferences)


def next_digest_time(preferences: Preferences, after: datetime) -> datetime:
    """The player's next digest hour in their time zone (mail holds turn emails until then)."""
    tz = zone(preferences)
    local_day = after.astimezone(tz).date()
    at = time(preferences.digest_hour % 24)
    today = local_moment(local_day, at, tz)
    return today if today > after else local_moment(local_day + timedelta(days=1), at, tz)
