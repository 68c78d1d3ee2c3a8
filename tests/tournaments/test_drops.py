"""Players who withdraw, time out repeatedly, or are dropped by the organiser: their running
games go on with the strong bot in their seat, and they are not seated again."""

from __future__ import annotations

from datetime import timedelta

import pytest

from games import Rng
from tabletop.play import clock, store
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.models import Game
from tabletop.tournaments import drops, entries, rounds, signals
from tabletop.tournaments.models import TournamentEvent
from tests.helpers.tournaments import finish_round, games_of_round, signed_up

pytestmark = pytest.mark.django_db


@pytest.fixture
def running(make_user):
    organiser = make_user("org")
    field = [make_user(f"p{n}") for n in range(4)]
    tournament = signed_up(
        organiser, field, "dos", format="round_robin", table_size=2, max_players=4
    )
    rounds.start_tournament(tournament, organiser)
    return tournament, organiser, field


def seat_of(game, user):
    return game.seats.get(user=user)


def test_a_dropped_players_game_goes_on_with_the_bot_and_they_sit_out(running):
    tournament, organiser, field = running
    told = []

    def listen(sender, entry, **_):
        told.append(entry.player_id)

    signals.player_dropped.connect(listen)
    leaver = field[0]
    game = next(g for g in games_of_round(tournament, 1) if g.seats.filter(user=leaver).exists())
    drops.drop_player(tournament, leaver, "left the club", by=organiser)
    game.refresh_from_db()
    assert seat_of(game, leaver).is_bot
    assert told == [leaver.pk]
    # The bot plays their turns: the game waits only for the person left at the table.
    person = next(s.position for s in game.seats.all() if s.user_id != leaver.pk)
    assert game.status == Game.Status.ACTIVE and game.to_act == [person]
    event = tournament.events.get(kind=TournamentEvent.Kind.DROPPED)
    assert event.data == {"player": leaver.pk, "reason": "left the club", "by": organiser.pk}
    finish_round(tournament)
    for number in (2, 3):
        tournament.refresh_from_db()
        seated = {s.user_id for g in games_of_round(tournament, number) for s in g.seats.all()}
        assert leaver.pk not in seated
        seating = tournament.events.get(kind=TournamentEvent.Kind.SEATED, data__round=number)
        assert len(seating.data["byes"]) == 1  # the leaver's would-be opponent
        finish_round(tournament)
    tournament.refresh_from_db()
    assert tournament.status == "finished"


def test_a_player_who_leaves_a_running_tournament_withdraws(running):
    tournament, _, field = running
    entries.leave_tournament(tournament, field[1])
    entry = tournament.entries.get(player=field[1])
    assert entry.dropped is not None and entry.drop_reason == drops.WITHDREW


def test_two_timeouts_drop_a_player(running, django_capture_on_commit_callbacks):
    tournament, _, _ = running
    game = games_of_round(tournament, 1)[0]
    late_seat = game.to_act[0]
    late = game.seats.get(position=late_seat).user
    for n in range(drops.MOST_TIMEOUTS):
        game.refresh_from_db()
        while late_seat not in game.to_act:  # the other player moves in time
            play_bot_steps(game, Rng(f"other-{n}"), 1)
        deadline = game.seats.get(position=late_seat).deadline
        clock.set_now(deadline + timedelta(minutes=1))
        with django_capture_on_commit_callbacks(execute=True):
            assert store.time_out(game.pk, late_seat)
        clock.set_now(None)
    entry = tournament.entries.get(player=late)
    assert entry.drop_reason == drops.TIMED_OUT
    assert tournament.events.filter(kind=TournamentEvent.Kind.TIMEOUT).count() == 2
    game.refresh_from_db()
    assert game.seats.get(user=late).is_bot
