"""Mail figures for `manage.py benchmark`: the beat sweep at scale, and sending speed.

Figures, not pass/fail tests. Both run in the benchmark's throwaway database.
"""

from __future__ import annotations

import socket
import time
from contextlib import contextmanager
from datetime import timedelta

from aiosmtpd.controller import Controller
from allauth.account.models import EmailAddress
from celery.contrib.testing.worker import start_worker
from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test.utils import override_settings

import games
from games import step_rng
from games.base import resolve_options
from tabletop.bench.queries import QueryCounter
from tabletop.mail import tasks
from tabletop.mail.models import Outbox
from tabletop.play import clock, store
from tabletop.play import tasks as play_tasks
from tabletop.play.models import Game, Seat

BULK = 5000


@contextmanager
def quiet_broker():
    """Publish to an in-process broker: the figure is the sweep's, not the broker's disk."""
    from tabletop.celery import app

    saved = app.conf.broker_url, app.conf.task_always_eager
    app.conf.update(broker_url="memory://", task_always_eager=False)
    app._pool = None
    app.amqp._producer_pool = None
    try:
        yield app
    finally:
        app.conf.update(broker_url=saved[0], task_always_eager=saved[1])
        app._pool = None
        app.amqp._producer_pool = None


def players(count: int) -> list:
    """Players whose addresses are verified: no game email goes to any other address."""
    model = get_user_model()
    found = []
    for n in range(count):
        user, _ = model.objects.get_or_create(
            username=f"sweep{n}", defaults={"email": f"sweep{n}@example.com"}
        )
        EmailAddress.objects.get_or_create(
            user=user, email=user.email, defaults={"verified": True, "primary": True}
        )
        found.append(user)
    return found


def active_games(count: int, due: int, slug: str = "gazobu") -> None:
    """`count` two-player games in play, `due` of them with the waiting seat past its deadline.

    Written in bulk, as the store would leave them after setup: the sweep is what is measured.
    """
    rules = games.get(slug)
    ann, ben = players(2)
    now = clock.now()
    for start in range(0, count, BULK):
        batch = []
        for n in range(start, min(count, start + BULK)):
            seed = f"sweep-{n:08d}".ljust(64, "0")
            state = rules.setup(["sweep0", "sweep1"], {}, step_rng(seed, 0))
            batch.append(
                Game(
                    slug=slug,
                    options=resolve_options(rules.options, {}),
                    players=2,
                    seed=seed,
                    seed_sha256=games.seed_digest(seed),
                    rules_version=rules.version,
                    status=Game.Status.ACTIVE,
                    created_by=ann,
                    started=now,
                    reminder_hours=[24, 2],
                    state=state,
                    to_act=rules.to_act(state),
                )
            )
        with transaction.atomic():
            created = Game.objects.bulk_create(batch)
            seats = []
            for n, game in enumerate(created, start):
                for position, user in enumerate((ann, ben)):
                    waiting = position in game.to_act
                    deadline = now + (timedelta(minutes=-1) if n < due else timedelta(days=2))
                    seats.append(
                        Seat(
                            game=game,
                            position=position,
                            user=user,
                            turn_started=now - timedelta(days=3) if waiting else None,
                            deadline=deadline if waiting else None,
                            next_reminder=now + timedelta(hours=20) if waiting else None,
                        )
                    )
            Seat.objects.bulk_create(seats)


def one_sweep() -> dict:
    counter = QueryCounter()
    with connection.execute_wrapper(counter), quiet_broker():
        started = time.perf_counter()
        done = {"timeouts": play_tasks.sweep_deadlines(), **tasks.sweep()}
        elapsed = time.perf_counter() - started
    return {"seconds": elapsed, "queries": counter.count, **done}


def sweep_at_scale(games_count: int = 100_000, due_fraction: float = 0.01) -> dict:
    """One sweep over `games_count` active games of which `due_fraction` are past deadline,
    then a sweep with nothing due: the second shows the cost of the games that are not due,
    and the difference over the due games is the cost of one timeout (`per_due`), everything
    it causes included (its moves, projection, deadlines, emails queued)."""
    clock.set_now(None)
    due = int(games_count * due_fraction)
    started = time.perf_counter()
    active_games(games_count, due)
    setup = time.perf_counter() - started
    busy = one_sweep()
    idle = one_sweep()
    return {
        "vendor": connection.vendor,
        "games": games_count,
        "due": due,
        "setup": setup,
        "busy": busy,
        "idle": idle,
        "per_due": (busy["queries"] - idle["queries"]) / max(1, due),
    }


class Sink:
    """An SMTP server that accepts everything and keeps only the count."""

    def __init__(self) -> None:
        self.received = 0

    async def handle_DATA(self, server, session, envelope) -> str:
        self.received += 1
        return "250 OK"


def emails_per_second(count: int = 300) -> dict:
    """Turn emails composed and sent by one Celery worker into a local aiosmtpd server."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sink = Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    ann, ben = players(2)
    # A game each: rows for one player in one game are a burst, told in one email.
    waiting = []
    for _ in range(count):
        game = store.create_game(ann, "gazobu", 2, {})
        store.join_game(game, ben)
        game.refresh_from_db()
        waiting.append((game, game.to_act[0], game.seats.get(position=game.to_act[0]).user))
    smtp = {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": port,
        "EMAIL_USE_TLS": False,
        "EMAIL_USE_SSL": False,
        "EMAIL_HOST_USER": "",
        "EMAIL_HOST_PASSWORD": "",
    }
    try:
        with override_settings(**smtp), quiet_broker() as app:
            Outbox.objects.filter(status=Outbox.Status.PENDING).update(status=Outbox.Status.SKIPPED)
            rows = Outbox.objects.bulk_create(
                Outbox(
                    kind=Outbox.Kind.TURN,
                    game=game,
                    seat=seat,
                    user=user,
                    to=user.email,
                    at_seq=game.seq,
                )
                for game, seat, user in waiting
            )
            with start_worker(app, pool="solo", perform_ping_check=False, loglevel="ERROR"):
                started = time.perf_counter()
                for row in rows:
                    tasks.deliver.delay(row.pk)
                while unfinished(rows) and time.perf_counter() - started < 300:
                    time.sleep(0.05)
                elapsed = time.perf_counter() - started
    finally:
        controller.stop()
    return {
        "vendor": connection.vendor,
        "sent": sink.received,
        "per_second": sink.received / elapsed,
        # Rows the worker skipped or left: a figure of 0 sent is a broken benchmark, not speed.
        "not_sent": Outbox.objects.filter(pk__in=[row.pk for row in rows])
        .exclude(status=Outbox.Status.SENT)
        .count(),
    }


def unfinished(rows: list[Outbox]) -> bool:
    """Whether the worker is still at some of the rows (each ends sent, skipped or failed)."""
    ids = [row.pk for row in rows]
    return Outbox.objects.filter(pk__in=ids, status=Outbox.Status.PENDING).exists()
