"""What a tournament announces for mail to tell: a round started, your new game, the end and
its winners."""

from __future__ import annotations

import pytest

from tabletop.tournaments import rounds, signals
from tests.helpers.tournaments import finish_round, signed_up

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard():
    told: list[tuple] = []

    def round_started(sender, tournament, round, **_):
        told.append(("round", round.number))

    def game_seated(sender, tournament, game, players, **_):
        told.append(("game", game.pk, [p.username for p in players]))

    def over(sender, tournament, winners, **_):
        told.append(("over", sorted(w.username for w in winners)))

    pairs = [
        (signals.round_started, round_started),
        (signals.game_seated, game_seated),
        (signals.tournament_over, over),
    ]
    for signal, receiver in pairs:
        signal.connect(receiver)
    yield told
    for signal, receiver in pairs:
        signal.disconnect(receiver)


def test_a_round_start_each_new_game_and_the_end_are_announced(make_user, heard):
    organiser = make_user("org")
    tournament = signed_up(
        organiser,
        [make_user("ann"), make_user("ben")],
        "dos",
        format="swiss",
        rounds=1,
        table_size=2,
        max_players=2,
        options={"target": 100},
    )
    rounds.start_tournament(tournament, organiser)
    (game,) = finish_round(tournament)
    assert heard[:2] == [("round", 1), ("game", game.pk, ["ann", "ben"])]
    winners = sorted(game.seats.get(position=s).user.username for s in game.outcome["winners"])
    tournament.refresh_from_db()
    assert heard[2:] == [("over", winners)]
    assert tournament.status == "finished"
