"""At the deadline the game's timeout policy plays for the late seat, as a logged move with
its source, once, however many sweeps run; vacations and settings changes move deadlines."""

from __future__ import annotations

import threading
from datetime import date, time, timedelta

import pytest
from django.db import connection

from tabletop.accounts.forms import PreferencesForm
from tabletop.accounts.models import Preferences
from tabletop.mail.models import Outbox
from tabletop.play import history, store, timeouts
from tabletop.play import tasks as play_tasks
from tabletop.play.models import Game, Move
from tests.helpers.factories import play_random_steps, started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def pair(make_user):
    return [make_user("ann"), make_user("ben")]


def waiting_seat(game):
    return game.seats.get(position=game.to_act[0])


def timeout_moves(game) -> list[Move]:
    return list(
        game.moves.filter(source__in=["timeout-bot", "timeout-skip", "forfeit"]).order_by("seq")
    )


def test_nothing_happens_before_the_deadline(pair, frozen):
    game = started_game(pair)
    frozen.set(waiting_seat(game).deadline - timedelta(seconds=1))
    assert play_tasks.sweep_deadlines() == 0
    assert game.moves.count() == 0


def test_a_bot_plays_the_late_seats_whole_turn_and_everyone_is_told(pair, frozen):
    game = started_game(pair, timeout_policy="bot")
    late = game.to_act[0]
    frozen.set(waiting_seat(game).deadline)
    assert play_tasks.sweep_deadlines() == 1
    game.refresh_from_db()
    moves = timeout_moves(game)
    assert moves and {(m.seat, m.source) for m in moves} == {(late, "timeout-bot")}
    assert late not in game.to_act
    told = Outbox.objects.filter(kind=Outbox.Kind.TIMEOUT)
    assert sorted(row.seat for row in told) == [0, 1]
    assert all(row.context["logged"] == [m.seq for m in moves] for row in told)
    assert store.verify(game) == []
    assert play_tasks.sweep_deadlines() == 0


def test_skip_uses_the_games_skip_where_it_has_one(make_user, frozen):
    game = started_game([make_user("ann"), make_user("ben")], "dr_hrubec", timeout_policy="skip")
    late = game.to_act[0]
    expected = game.rules.skip_move(game.state, late)
    assert expected is not None
    frozen.set(waiting_seat(game).deadline)
    play_tasks.sweep_deadlines()
    moves = timeout_moves(game)
    assert moves[0].payload == expected and moves[0].source == "timeout-skip"
    game.refresh_from_db()
    assert late not in game.to_act


def test_skip_falls_back_to_a_bot_where_the_game_cannot_skip(pair, frozen):
    game = started_game(pair, "gazobu", timeout_policy="skip")
    frozen.set(waiting_seat(game).deadline)
    play_tasks.sweep_deadlines()
    assert {m.source for m in timeout_moves(game)} == {"timeout-bot"}


def test_forfeit_ends_a_two_player_game_for_the_other(pair, frozen):
    game = started_game(pair, timeout_policy="forfeit")
    late = game.to_act[0]
    frozen.set(waiting_seat(game).deadline)
    play_tasks.sweep_deadlines()
    game.refresh_from_db()
    [move] = timeout_moves(game)
    assert (move.seat, move.source, move.payload) == (late, "forfeit", store.RESIGN)
    assert game.status == Game.Status.FINISHED
    assert game.outcome["winners"] == [1 - late]
    assert game.seats.get(position=late).forfeited
    assert Outbox.objects.filter(kind=Outbox.Kind.GAME_OVER).count() == 2
    assert store.verify(game) == []
    [line] = history.lines(game, viewer=None)
    assert "forfeited" in line["text"]


def test_a_forfeited_seat_in_a_bigger_game_is_played_by_a_bot(make_user, frozen):
    players = [make_user("ann"), make_user("ben"), make_user("cat")]
    game = started_game(players, timeout_policy="forfeit")
    late = game.to_act[0]
    frozen.set(waiting_seat(game).deadline)
    play_tasks.sweep_deadlines()
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert late not in game.to_act
    assert game.moves.filter(seat=late, source="bot").exists()


@pytest.mark.parametrize("policy", ["bot", "skip", "forfeit"])
def test_overlapping_sweeps_apply_the_policy_once(make_user, transactional_db, frozen, policy):
    players = [make_user("ann"), make_user("ben"), make_user("cat")]
    game = started_game(players, "dr_hrubec", timeout_policy=policy)
    late = game.to_act[0]
    frozen.set(waiting_seat(game).deadline)
    start = threading.Barrier(3)
    done = []

    def sweep():
        start.wait()
        try:
            done.append(timeouts.apply_due(frozen.now))
        finally:
            connection.close()

    threads = [threading.Thread(target=sweep) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(done) == [0, 0, 1]
    game.refresh_from_db()
    assert late not in game.to_act
    sources = {"bot": "timeout-bot", "skip": "timeout-skip", "forfeit": "forfeit"}
    late_moves = [m for m in timeout_moves(game) if m.seat == late]
    # A skip covers what the game lets it skip; a bot plays the rest of the turn.
    assert late_moves[0].source == sources[policy]
    assert {m.source for m in late_moves} <= {sources[policy], "timeout-bot"}
    assert Outbox.objects.filter(kind=Outbox.Kind.TIMEOUT).count() == 3
    assert store.verify(game) == []


def test_the_next_seat_gets_a_fresh_deadline_after_a_timeout(pair, frozen):
    game = started_game(pair)
    frozen.set(waiting_seat(game).deadline)
    play_tasks.sweep_deadlines()
    game.refresh_from_db()
    assert waiting_seat(game).deadline == frozen.now + timedelta(days=game.days_per_move)


def test_vacation_days_stop_the_clock(pair, frozen):
    frozen.set(frozen.now.replace(hour=12))
    today = frozen.now.date()
    for player in pair:
        Preferences.objects.create(
            user=player,
            vacation_start=today + timedelta(days=1),
            vacation_end=today + timedelta(days=2),
        )
    seat = waiting_seat(started_game(pair, days_per_move=3))
    assert seat.deadline == frozen.now + timedelta(days=5)


def test_taking_a_vacation_moves_a_running_deadline(pair, frozen):
    frozen.set(frozen.now.replace(hour=12))
    game = started_game(pair, days_per_move=2)
    seat = waiting_seat(game)
    first = seat.deadline
    tomorrow = frozen.now.date() + timedelta(days=1)
    form = PreferencesForm(
        data={
            "time_zone": "UTC",
            "digest_hour": 8,
            "vacation_start": tomorrow.isoformat(),
            "vacation_end": tomorrow.isoformat(),
            "email_turn": "on",
        },
        instance=Preferences.of(seat.user),
    )
    assert form.is_valid(), form.errors
    form.save()
    seat.refresh_from_db()
    assert seat.deadline == first + timedelta(days=1)
    frozen.set(first)
    assert play_tasks.sweep_deadlines() == 0


def test_a_vacation_longer_than_allowed_is_refused(pair):
    form = PreferencesForm(
        data={
            "time_zone": "Europe/Prague",
            "digest_hour": 8,
            "vacation_start": date(2027, 1, 1),
            "vacation_end": date(2027, 3, 1),
        },
        instance=Preferences.of(pair[0]),
    )
    assert not form.is_valid()
    assert "at most 30 days" in str(form.errors)


def test_a_clock_that_pauses_in_quiet_hours_across_a_time_zone(pair, frozen):
    frozen.set(frozen.now.replace(month=1, day=15, hour=12))
    for player in pair:
        Preferences.objects.create(
            user=player,
            time_zone="America/New_York",
            quiet_start=time(23),
            quiet_end=time(7),
            clock_pauses=True,
        )
    seat = waiting_seat(started_game(pair, days_per_move=1, reminder_hours=[2]))
    # 24 h of clock at 16 h a day: noon UTC (07:00 in New York) plus 1.5 local days.
    assert seat.deadline == frozen.now + timedelta(hours=24 + 8)


def test_timeouts_keep_going_until_a_game_ends(pair, frozen):
    game = play_random_steps(started_game(pair), 3)
    for _ in range(500):
        game.refresh_from_db()
        if game.is_over:
            break
        frozen.set(max(seat.deadline for seat in game.seats.all() if seat.deadline))
        play_tasks.sweep_deadlines()
    assert game.is_over
    assert store.verify(game) == []
    assert Outbox.objects.filter(kind=Outbox.Kind.GAME_OVER).count() == 2
    assert user_at(game, 0).email
