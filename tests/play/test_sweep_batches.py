"""The deadline sweep takes due games in batches: a handful of queries per timeout, whatever
the turn's length; sweeps side by side never apply a timeout twice nor wait for each other;
a game whose rules fail is logged and left for the next sweep while the others go on."""

from __future__ import annotations

import logging
import threading

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

import games
from tabletop.mail.models import Outbox
from tabletop.play import store, timeouts
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

DUE = 20
# The reads a batch shares (the due seats, the locked games, their seats and players, their
# resigned seats), its transaction and the one insert of every viewer's log lines of its
# moves; the same however many timeouts the batch holds.
PER_BATCH = 7
# Tournaments ask whether the game is one of theirs (one indexed query) for each timeout, and
# again when a game ends.
PER_TIMEOUT = 9
# A timeout that ends the game (a forfeit at a table of two) reads the log once more, to
# tell the finished game to everyone in the third person (its lines go in the batch's insert),
# and ratings record where each player placed (whether they are placed yet, the places) and
# look in the log for a move of each person's own (a game nobody played is not rated).
PER_GAME_ENDED = 5


@pytest.fixture
def tables(make_user):
    """Start two-player games, each between two players of its own."""

    def start(count: int, slug: str = "gazobu", prefix: str = "p", **kwargs) -> list[Game]:
        return [
            started_game([make_user(f"{prefix}{n}a"), make_user(f"{prefix}{n}b")], slug, **kwargs)
            for n in range(count)
        ]

    return start


def deadline_of(game: Game):
    return game.seats.get(position=game.to_act[0]).deadline


def sweep_queries(moment) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as queries:
        done = timeouts.apply_due(moment)
    return done, len(queries.captured_queries)


def timed_out(game: Game) -> list[Move]:
    sources = [Move.Source.TIMEOUT_BOT, Move.Source.TIMEOUT_SKIP, Move.Source.FORFEIT]
    return list(game.moves.filter(source__in=sources))


@pytest.mark.parametrize("policy", ["bot", "forfeit"])
def test_a_sweep_costs_at_most_eight_queries_per_due_timeout(tables, frozen, policy):
    due = tables(DUE, timeout_policy=policy)
    frozen.set(deadline_of(due[0]))
    tables(5, prefix="later")  # their deadlines are still ahead
    done, busy = sweep_queries(frozen.now)
    assert done == DUE
    ended = DUE if policy == "forfeit" else 0
    assert busy <= PER_TIMEOUT * DUE + PER_GAME_ENDED * ended + PER_BATCH, busy
    for game in due:
        game.refresh_from_db()
        assert timed_out(game) and store.verify(game) == []
    assert (
        Game.objects.filter(pk__in=[g.pk for g in due], status=Game.Status.FINISHED).count()
        == ended
    )
    assert Outbox.objects.filter(kind=Outbox.Kind.TIMEOUT).count() == 2 * DUE


def test_a_sweep_with_nothing_due_costs_one_query(tables, frozen):
    tables(5)
    with CaptureQueriesContext(connection) as queries:
        assert timeouts.apply_due(frozen.now) == 0
    assert len(queries.captured_queries) == 1


def test_a_second_sweep_finds_nothing_left_to_do(tables, frozen):
    due = tables(3)
    frozen.set(deadline_of(due[0]))
    assert timeouts.apply_due(frozen.now) == 3
    moves = Move.objects.count()
    done, queries = sweep_queries(frozen.now)
    assert (done, queries) == (0, 1)
    assert Move.objects.count() == moves


def test_a_game_whose_rules_fail_is_logged_and_the_others_are_applied(
    tables, frozen, monkeypatch, caplog
):
    before = tables(2, prefix="before")
    [broken] = tables(1, "dr_gomb", prefix="broken")
    after = tables(2, prefix="after")
    frozen.set(max(deadline_of(game) for game in [*before, broken, *after]))

    def fails(*args, **kwargs):
        raise RuntimeError("the rules broke")

    monkeypatch.setattr(games.get("dr_gomb"), "apply", fails)
    with caplog.at_level(logging.ERROR, logger="tabletop.play.store"):
        assert timeouts.apply_due(frozen.now) == 4
    assert f"timeout of game {broken.pk} seat {broken.to_act[0]} failed" in caplog.text
    assert "the rules broke" in caplog.text
    for game in [*before, *after]:
        game.refresh_from_db()
        assert timed_out(game) and store.verify(game) == []
    broken.refresh_from_db()
    assert broken.seq == 0 and not broken.moves.exists()
    assert deadline_of(broken) <= frozen.now  # still due: the next sweep tries again
    assert not Outbox.objects.filter(game=broken, kind=Outbox.Kind.TIMEOUT).exists()
    monkeypatch.undo()
    assert timeouts.apply_due(frozen.now) == 1
    assert timed_out(broken)


# ---------------------------------------------------------------------------- side by side


def in_threads(*work) -> list:
    """Run each callable in its own thread and connection, started together."""
    results: list = [None] * len(work)
    start = threading.Barrier(len(work))

    def run(n: int) -> None:
        start.wait()
        try:
            results[n] = work[n]()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(work))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.backend_specific
@pytest.mark.django_db(transaction=True)
def test_two_sweeps_side_by_side_apply_each_timeout_once(tables, frozen):
    due = tables(DUE)
    frozen.set(deadline_of(due[0]))

    def sweep() -> int:
        return timeouts.apply_due(frozen.now)

    done = in_threads(sweep, sweep)
    assert sum(done) == DUE, done
    for game in due:
        game.refresh_from_db()
        late = {move.seat for move in timed_out(game)}
        assert len(late) == 1 and late.isdisjoint(game.to_act)
        assert Outbox.objects.filter(game=game, kind=Outbox.Kind.TIMEOUT).count() == 2
        assert store.verify(game) == []


@pytest.mark.django_db(transaction=True)
def test_a_sweep_skips_a_game_someone_holds_instead_of_waiting(tables, frozen, on_postgresql):
    held, *others = tables(4)
    frozen.set(deadline_of(held))
    locked, release = threading.Event(), threading.Event()

    def hold() -> None:
        with transaction.atomic():
            Game.objects.select_for_update().get(pk=held.pk)
            locked.set()
            release.wait(30)

    def sweep() -> int:
        locked.wait(30)
        try:
            return timeouts.apply_due(frozen.now)
        finally:
            release.set()

    _, done = in_threads(hold, sweep)
    assert done == len(others)
    assert not timed_out(held)
    assert timeouts.apply_due(frozen.now) == 1
    assert timed_out(held)
