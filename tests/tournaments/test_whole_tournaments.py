"""The issue's "done when": whole tournaments run by themselves, round after round, and their
standings match a count made from the games themselves."""

from __future__ import annotations

import itertools

import pytest

from tabletop.tournaments import rounds, verification
from tabletop.tournaments.models import Tournament, TournamentEvent
from tabletop.tournaments.results import standings_of
from tests.helpers.tournaments import finish_round, games_of_round, hand_count, signed_up

pytestmark = pytest.mark.django_db

Kind = TournamentEvent.Kind


def players(make_user, count: int) -> list:
    return [make_user(f"p{n}") for n in range(count)]


def seated_players(games) -> list[list[int]]:
    return [list(g.seats.order_by("position").values_list("user_id", flat=True)) for g in games]


def test_a_three_seat_swiss_of_dr_gomb_runs_three_rounds_by_itself(make_user):
    organiser, field = make_user("org"), players(make_user, 9)
    tournament = signed_up(
        organiser, field, "dr_gomb", format="swiss", rounds=3, table_size=3, max_players=9
    )
    rounds.start_tournament(tournament, organiser)
    seen_rounds = []
    for number in (1, 2, 3):
        tournament.refresh_from_db()
        assert tournament.current_round == number
        tables = seated_players(games_of_round(tournament, number))
        assert sorted(len(t) for t in tables) == [3, 3, 3]
        assert sorted(itertools.chain(*tables)) == sorted(p.pk for p in field)
        seen_rounds.append(tables)
        finish_round(tournament, seed=f"swiss-{number}")
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert tournament.events.filter(kind=Kind.SEATED).count() == 3
    assert tournament.events.filter(kind=Kind.RESULT).count() == 9
    counted = hand_count(tournament)
    table = standings_of(tournament)
    assert {row.player: row.points for row in table} == pytest.approx(counted)
    assert sum(counted.values()) == pytest.approx(9 * sum([1.0, 0.5, 0.0]))
    assert tournament.winners == [row.player for row in table if row.rank == 1]
    assert {e.player_id: e.points for e in tournament.entries.all()} == pytest.approx(counted)
    assert verification.verify(tournament) == []


def test_a_two_seat_round_robin_of_dos_meets_every_pair_once(make_user):
    organiser, field = make_user("org"), players(make_user, 6)
    tournament = signed_up(
        organiser,
        field,
        "dos",
        format="round_robin",
        table_size=2,
        max_players=6,
        options={"target": 100},
    )
    rounds.start_tournament(tournament, organiser)
    tournament.refresh_from_db()
    assert tournament.rounds == 5
    pairs = []
    for number in range(1, 6):
        tournament.refresh_from_db()
        assert tournament.current_round == number
        tables = seated_players(games_of_round(tournament, number))
        assert len(tables) == 3
        pairs += [frozenset(t) for t in tables]
        finish_round(tournament, seed=f"rr-{number}")
    assert sorted(map(sorted, pairs)) == sorted(
        sorted(pair) for pair in itertools.combinations([p.pk for p in field], 2)
    )
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    counted = hand_count(tournament)
    assert sum(counted.values()) == pytest.approx(15)
    table = standings_of(tournament)
    assert {row.player: row.points for row in table} == pytest.approx(counted)
    assert all(row.games == 5 for row in table)
    assert tournament.winners and set(tournament.winners) <= {p.pk for p in field}
    assert verification.verify(tournament) == []
