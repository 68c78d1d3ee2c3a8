"""Two games of a round ending at the same moment in two workers seat the next round once."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tabletop.play import store
from tabletop.tournaments import rounds
from tabletop.tournaments.models import Round, TournamentEvent
from tests.helpers.tournaments import games_of_round, signed_up

# PostgreSQL only (on_postgresql): SQLite takes one writer at a time, so nothing races there,
# and the suite's second run on SQLite (backend_specific) has nothing to learn from it.
pytestmark = pytest.mark.django_db(transaction=True)


def end_at_once(game_ids: list[int]) -> list[object]:
    """Each game ended (adjudicated) by its own thread, all let go together."""
    results: list[object] = []
    barrier = threading.Barrier(len(game_ids))

    def end(game_id: int) -> None:
        barrier.wait()
        try:
            results.append(store.adjudicate(game_id))
        except Exception as error:  # the test reports it
            results.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=end, args=(pk,)) for pk in game_ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_two_games_ending_together_seat_the_next_round_once(make_user, on_postgresql):
    organiser = make_user("org")
    field = [make_user(f"p{n}") for n in range(4)]
    tournament = signed_up(
        organiser, field, "dos", format="swiss", rounds=3, table_size=2, max_players=4
    )
    rounds.start_tournament(tournament, organiser)
    first = games_of_round(tournament, 1)
    assert len(first) == 2
    assert end_at_once([game.pk for game in first]) == [True, True]
    tournament.refresh_from_db()
    assert tournament.current_round == 2
    assert Round.objects.filter(tournament=tournament).count() == 2
    assert tournament.events.filter(kind=TournamentEvent.Kind.SEATED).count() == 2
    assert tournament.events.filter(kind=TournamentEvent.Kind.ROUND_ENDED).count() == 1
    assert len(games_of_round(tournament, 2)) == 2
