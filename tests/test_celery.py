"""The worker keeps its database connections from one task to the next, in the pool Django
gives it, rather than opening new ones for every email (celery/celery#10554)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest
from django.conf import settings as django_settings
from django.db import connection

from tabletop.mail.models import Outbox
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

EMAILS = 24
PROCESSES = 2
WORKER_NAME = f"tabletop-prefork-test-{os.getpid()}"


def sessions_opened() -> int:
    """How many connections PostgreSQL has let into the test database so far (each backend
    counts itself at its start, and tells the count by the time it ends)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_stat_clear_snapshot()")
        cursor.execute("SELECT sessions FROM pg_stat_database WHERE datname = current_database()")
        return cursor.fetchone()[0]


@pytest.fixture
def prefork_worker(transactional_db, on_postgresql, celery_app, mailbox, settings, tmp_path):
    """A worker of PROCESSES forked processes, as a site runs it, on this test's queue."""
    settings.MAIL_COALESCE_SECONDS = 0
    controller_port = int(settings.EMAIL_PORT)
    env = {
        **os.environ,
        "DATABASE_URL": mailhelpers.database_url(),
        "REDIS_URL": celery_app.conf.broker_url,
        "CELERY_QUEUE": celery_app.conf.task_default_queue,
        "EMAIL_URL": f"smtp://127.0.0.1:{controller_port}",
        "MAIL_COALESCE_SECONDS": "0",
        "DEBUG": "0",
        "TABLETOP_VAR_DIR": str(tmp_path),
        "PGAPPNAME": WORKER_NAME,  # how its connections are told from the test's own
    }
    celery_app.control.purge()
    log = tmp_path / "worker.log"
    output = log.open("wb")
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "tabletop", "worker", "--pool=prefork",
         f"--concurrency={PROCESSES}", "--without-gossip", "--without-mingle",
         "--without-heartbeat", "--loglevel=INFO"],
        cwd=django_settings.BASE_DIR, env=env, stdout=output, stderr=subprocess.STDOUT,
        start_new_session=True,
    )  # fmt: skip
    try:
        yield Worker(worker, log)
    finally:
        stop(worker)
        output.close()
        celery_app.control.purge()


class Worker:
    def __init__(self, process: subprocess.Popen, log) -> None:
        self.process, self.log = process, log

    def stop(self) -> None:
        """Stop it, and wait until its database sessions have ended (and so been counted)."""
        stop(self.process)
        mailhelpers.wait_until(lambda: worker_backends() == 0, 30)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is not None:
        return
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def worker_backends() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [WORKER_NAME]
        )
        return cursor.fetchone()[0]


def test_a_prefork_worker_sends_many_emails_over_a_few_database_connections(
    prefork_worker, make_user, mailbox
):
    players = [make_user(f"p{n}") for n in range(2 * EMAILS)]
    before = sessions_opened()
    for n in range(EMAILS):  # each game's first turn email, published as its game starts
        started_game(players[2 * n : 2 * n + 2])

    sent = Outbox.objects.filter(kind=Outbox.Kind.TURN, status=Outbox.Status.SENT)
    try:
        mailhelpers.wait_until(lambda: sent.count() == EMAILS, 60)
    except AssertionError:
        pytest.fail("the worker did not send them:\n" + prefork_worker.log.read_text()[-3000:])
    prefork_worker.stop()
    # Each worker process's pool opens one or two and keeps them (4 in all here), where every
    # task used to open two of its own (48).
    opened = sessions_opened() - before
    assert opened <= 2 * PROCESSES + 2, f"{opened} connections opened for {EMAILS} emails"
