"""A seating that fails halfway leaves nothing half-made: the game's end still counts, its
result is logged, and the sweep seats the round later."""

from __future__ import annotations

import pytest

from tabletop.play import clock, store
from tabletop.play.models import Game
from tabletop.tournaments import deadlines, rounds, seating, verification
from tabletop.tournaments.models import Round, RoundGame, TournamentEvent
from tests.helpers.tournaments import finish_with_bots, games_of_round, signed_up

pytestmark = pytest.mark.django_db


def test_a_seating_that_fails_is_rolled_back_and_the_sweep_seats_the_round(make_user, monkeypatch):
    organiser = make_user("org")
    field = [make_user(f"p{n}") for n in range(4)]
    tournament = signed_up(
        organiser, field, "dos", format="swiss", rounds=2, table_size=2, max_players=4
    )
    rounds.start_tournament(tournament, organiser)
    first, last = games_of_round(tournament, 1)
    finish_with_bots(first)
    started = []

    def second_table_fails(*args, **kwargs):
        if started:
            raise RuntimeError("the worker died here")
        started.append(store.start_seated_game(*args, **kwargs))
        return started[-1]

    monkeypatch.setattr(seating.store, "start_seated_game", second_table_fails)
    finish_with_bots(last)
    monkeypatch.undo()
    last.refresh_from_db()
    assert last.status == Game.Status.FINISHED  # the player's last move still counts
    tournament.refresh_from_db()
    assert tournament.current_round == 1
    assert not Round.objects.filter(tournament=tournament, number=2).exists()
    assert not Game.objects.filter(pk__in=[g.pk for g in started]).exists()
    assert RoundGame.objects.filter(round__tournament=tournament).count() == 2
    results = tournament.events.filter(kind=TournamentEvent.Kind.RESULT)
    assert sorted(e.data["game"] for e in results) == sorted([first.pk, last.pk])
    assert deadlines.sweep(clock.now()) == 1
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    assert len(games_of_round(tournament, 2)) == 2
    assert verification.verify(tournament) == []
