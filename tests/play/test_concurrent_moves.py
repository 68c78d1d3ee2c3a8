"""Twenty players pressing the button at once: exactly one move lands, the others hear 409."""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from tabletop.play import store
from tabletop.play.models import Move
from tests.helpers.factories import started_game

pytestmark = [pytest.mark.backend_specific, pytest.mark.django_db(transaction=True)]


def submit_from_threads(game, user, move, count: int) -> list[object]:
    results: list[object] = []
    barrier = threading.Barrier(count)

    def attempt():
        barrier.wait()
        try:
            results.append(store.submit(game, user, move, 0, Move.Source.API))
        except store.Refused as refusal:
            results.append(refusal)
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_twenty_concurrent_submissions_with_one_seq_accept_exactly_one(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    seat = game.to_act[0]
    user = game.seats.get(position=seat).user
    move = game.rules.legal_moves(game.state, seat)[0]
    results = submit_from_threads(game, user, move, 20)
    accepted = [r for r in results if isinstance(r, list)]
    stale = [r for r in results if isinstance(r, store.StaleMove)]
    assert len(accepted) == 1, [str(r) for r in results]
    assert len(stale) == 19
    assert all(r.status == 409 and r.context["current_seq"] == 1 for r in stale)
    assert list(Move.objects.filter(game=game).values_list("seq", flat=True)) == [1]
    game.refresh_from_db()
    assert game.seq == 1
    assert store.verify(game) == []
