"""Deadlines and reminder times: computed here, stored on Seat rows, swept by beat."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone


def deadline_for(start: datetime, days: int) -> datetime:
    return start + timedelta(days=days)


def first_reminder(deadline: datetime, ladder_hours: list[int], now: datetime) -> datetime | None:
    """The earliest ladder point still ahead of now."""
    points = sorted(deadline - timedelta(hours=h) for h in ladder_hours)
    return next((point for point in points if point > now), None)


def update_deadlines(game, newly_waiting: list[int]) -> None:
    """Start the clock for seats that now have to act; stop it for seats that do not."""
    now = timezone.now()
    for seat in game.seats.all():
        if seat.position in newly_waiting:
            seat.turn_started = now
            seat.deadline = deadline_for(now, game.days_per_move)
            seat.next_reminder = first_reminder(seat.deadline, game.reminder_hours, now)
        elif seat.position not in game.to_act:
            seat.turn_started = seat.deadline = seat.next_reminder = None
        else:
            continue
        seat.save(update_fields=["turn_started", "deadline", "next_reminder"])


def reschedule(game, user) -> None:
    """The user's running deadline in this game again, from when their turn started."""
    for seat in game.seats.filter(user=user, turn_started__isnull=False):
        seat.deadline = deadline_for(seat.turn_started, game.days_per_move)
        seat.next_reminder = first_reminder(seat.deadline, game.reminder_hours, timezone.now())
        seat.save(update_fields=["deadline", "next_reminder"])
