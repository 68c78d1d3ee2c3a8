"""A round past its deadline: the games still running are ended, scored as they stand, so one
slow game cannot stall the round; the next round is seated by itself."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tabletop.play import clock, store
from tabletop.play.models import Game
from tabletop.tournaments import deadlines, rounds, verification
from tabletop.tournaments.models import TournamentEvent
from tests.helpers.tournaments import finish_with_bots, games_of_round, signed_up

pytestmark = pytest.mark.django_db

Kind = TournamentEvent.Kind


def test_a_slow_game_is_adjudicated_at_the_round_deadline(make_user):
    organiser = make_user("org")
    field = [make_user(f"p{n}") for n in range(4)]
    tournament = signed_up(
        organiser, field, "dos", format="swiss", rounds=2, table_size=2, max_players=4
    )
    rounds.start_tournament(tournament, organiser)
    quick, slow = games_of_round(tournament, 1)
    finish_with_bots(quick)
    tournament.refresh_from_db()
    assert tournament.current_round == 1  # the slow game holds the round
    deadline = tournament.round_set.get(number=1).deadline
    clock.set_now(deadline + timedelta(minutes=1))
    try:
        assert deadlines.sweep(clock.now()) >= 1
    finally:
        clock.set_now(None)
    slow.refresh_from_db()
    assert slow.status == Game.Status.FINISHED
    assert slow.outcome["details"]["adjudicated"] == store.ROUND_DEADLINE
    scores = [slow.rules.standing(slow.state, seat) for seat in range(2)]
    assert slow.outcome["scores"] == scores
    assert slow.moves.last().payload["kind"] == "adjudicated"
    assert store.verify(slow) == []
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    logged = tournament.events.get(kind=Kind.ADJUDICATED)
    assert logged.data == {"round": 1, "game": slow.pk, "reason": store.ROUND_DEADLINE}
    assert verification.verify(tournament) == []


def test_the_sweep_adjudicates_nothing_before_the_deadline(make_user):
    organiser = make_user("org")
    field = [make_user(f"p{n}") for n in range(2)]
    tournament = signed_up(
        organiser, field, "dos", format="swiss", rounds=1, table_size=2, max_players=2
    )
    rounds.start_tournament(tournament, organiser)
    assert deadlines.adjudicate_overdue(clock.now()) == 0
    assert games_of_round(tournament, 1)[0].status == Game.Status.ACTIVE
