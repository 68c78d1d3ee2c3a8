"""Reminders before the deadline, with a set clock: at the game's ladder points, once each,
never in the player's quiet hours; quiet hours hold other email back; digests and opt-outs."""

from __future__ import annotations

from datetime import time, timedelta

import pytest

from tabletop.accounts.models import Preferences
from tabletop.mail import outbox, tasks
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import clock
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def pair(make_user):
    return [make_user("ann"), make_user("ben")]


def reminders() -> list[Outbox]:
    return list(Outbox.objects.filter(kind=Outbox.Kind.REMINDER))


def waiting_seat(game):
    return game.seats.get(position=game.to_act[0])


def test_it_reminds_at_each_ladder_point_once(pair, frozen):
    game = started_game(pair, days_per_move=3, reminder_hours=[24, 2])
    seat = waiting_seat(game)
    assert seat.deadline == frozen.now + timedelta(days=3)
    assert seat.next_reminder == seat.deadline - timedelta(hours=24)

    frozen.set(seat.deadline - timedelta(hours=24, seconds=1))
    tasks.sweep()
    assert reminders() == []

    frozen.advance(seconds=1)
    tasks.sweep()
    tasks.sweep()
    assert len(reminders()) == 1
    seat.refresh_from_db()
    assert seat.next_reminder == seat.deadline - timedelta(hours=2)

    frozen.set(seat.deadline - timedelta(hours=2))
    tasks.sweep()
    assert [row.seat for row in reminders()] == [seat.position, seat.position]
    seat.refresh_from_db()
    assert seat.next_reminder is None


def test_the_reminder_names_the_deadline_and_the_timeout_policy(pair, frozen):
    game = started_game(pair, days_per_move=2, reminder_hours=[2])
    seat = waiting_seat(game)
    frozen.set(seat.deadline - timedelta(hours=2))
    tasks.sweep()
    message = compose(reminders()[0])
    assert message.subject == f"Gazobu #{game.pk}: your move (reminder)"
    assert "Your deadline: " in message.body and "in 2 hours" in message.body
    assert "a bot moves for the late seat" in message.body


def test_a_reminder_due_in_quiet_hours_comes_before_they_begin(pair, frozen):
    frozen.set(frozen.now.replace(hour=9, minute=0, second=0))
    for player in pair:
        Preferences.objects.create(
            user=player, time_zone="UTC", quiet_start=time(22), quiet_end=time(8)
        )
    game = started_game(pair, days_per_move=2, reminder_hours=[24, 6])
    seat = waiting_seat(game)
    # Deadline 09:00 in two days; 6 h before is 03:00, inside 22:00-08:00: moved before 22:00.
    before_quiet = (seat.deadline - timedelta(days=1)).replace(hour=21, minute=45)
    assert seat.next_reminder == seat.deadline - timedelta(hours=24)
    quiet = Preferences.of(seat.user)
    points = clock.reminder_points(seat.deadline, game.reminder_hours, seat.turn_started, quiet)
    assert points == [seat.deadline - timedelta(hours=24), before_quiet]
    for point in points:
        assert clock.quiet_period_around(quiet, point) is None

    for point in points:
        frozen.set(point)
        tasks.sweep()
    assert len(reminders()) == 2


def test_no_email_goes_out_in_quiet_hours_it_waits_for_their_end(
    pair, mailbox, worker, frozen, settings
):
    ann, ben = pair
    frozen.set(frozen.now.replace(hour=23, minute=30))
    for player in pair:
        Preferences.objects.create(
            user=player, time_zone="UTC", quiet_start=time(22), quiet_end=time(7)
        )
    game = started_game(pair)
    row = Outbox.objects.get(kind=Outbox.Kind.TURN)
    # A turn email is held a short window first (test_presence_and_bursts.py), then put off.
    frozen.advance(seconds=settings.MAIL_COALESCE_SECONDS)
    tasks.sweep()
    mailhelpers.wait_until(lambda: Outbox.objects.get(pk=row.pk).not_before.hour == 7)
    row.refresh_from_db()
    assert row.status == Outbox.Status.PENDING
    assert row.not_before == (frozen.now + timedelta(days=1)).replace(hour=7, minute=0)
    assert mailbox.received == []

    frozen.set(row.not_before - timedelta(minutes=1))
    assert tasks.sweep()["republished"] == 0
    frozen.set(row.not_before)
    assert tasks.sweep()["republished"] == 1
    [mail] = mailbox.wait_for(user_at(game, game.to_act[0]).email)
    assert "It is your move" in mail.text


def test_the_clock_keeps_counting_in_quiet_hours_unless_it_pauses(pair, frozen):
    frozen.set(frozen.now.replace(hour=12, minute=0))
    quiet = {"time_zone": "UTC", "quiet_start": time(0), "quiet_end": time(6)}
    for player in pair:
        Preferences.objects.create(user=player, **quiet)
    counting = waiting_seat(started_game(pair, days_per_move=1, reminder_hours=[2]))
    assert counting.deadline == frozen.now + timedelta(days=1)

    Preferences.objects.filter(user__in=pair).update(clock_pauses=True)
    paused = waiting_seat(started_game(pair, days_per_move=1, reminder_hours=[2]))
    assert paused.deadline == frozen.now + timedelta(days=1, hours=6)


def test_opted_out_reminders_are_not_sent(pair, frozen, mailbox, worker):
    game = started_game(pair, days_per_move=1, reminder_hours=[2])
    seat = waiting_seat(game)
    Preferences.objects.create(user=seat.user, email_reminder=False)
    frozen.set(seat.deadline - timedelta(hours=2))
    tasks.sweep()
    [row] = reminders()
    mailhelpers.wait_until(lambda: Outbox.objects.get(pk=row.pk).status == "skipped")
    [turn_email] = mailbox.wait_for(seat.user.email)
    assert "(reminder)" not in turn_email.message["Subject"]
    assert Outbox.objects.get(pk=row.pk).last_error == "the player does not want this kind of email"


def test_a_daily_digest_replaces_turn_emails_with_one_email_a_day(make_user, frozen, settings):
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    frozen.set(frozen.now.replace(hour=10, minute=0))
    for player in (ann, ben, cat):
        Preferences.objects.create(user=player, daily_digest=True, digest_hour=8)
    games = [started_game([ann, ben]), started_game([ann, cat]), started_game([ben, ann])]
    frozen.advance(seconds=settings.MAIL_COALESCE_SECONDS)  # the turn emails' short hold
    for row in Outbox.objects.filter(kind=Outbox.Kind.TURN):
        claimed = outbox.claim(row.pk)
        outbox.send(claimed)
    assert set(Outbox.objects.values_list("status", flat=True)) == {Outbox.Status.HELD}
    tomorrow_eight = (frozen.now + timedelta(days=1)).replace(hour=8, minute=0)
    assert set(Outbox.objects.values_list("not_before", flat=True)) == {tomorrow_eight}

    frozen.set(tomorrow_eight)
    tasks.sweep()
    digests = Outbox.objects.filter(kind=Outbox.Kind.DIGEST)
    waiting_for = {user_at(game, game.to_act[0]) for game in games}
    assert {row.user for row in digests} == waiting_for
    assert set(Outbox.objects.filter(kind=Outbox.Kind.TURN).values_list("status", flat=True)) == {
        Outbox.Status.DIGESTED
    }
    ann_digest = digests.filter(user=ann).first()
    if ann_digest:
        body = compose(ann_digest).body
        mine = [game for game in games if user_at(game, game.to_act[0]) == ann]
        for game in mine:
            assert f"#{game.pk}" in body
        assert body.count("Move by email: write your move to ") == len(mine)
