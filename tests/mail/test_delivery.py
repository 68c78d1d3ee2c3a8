"""Delivery survives faults: an SMTP server refusing for a while, a broker that is down when a
move commits, a worker killed after claiming a row. Every email goes out exactly once."""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from datetime import timedelta

import pytest
from aiosmtpd.controller import Controller
from django.conf import settings as django_settings
from django.db import connection

from tabletop.mail import outbox, tasks
from tabletop.mail.models import Outbox
from tabletop.play.models import Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import play_random_steps, started_game, user_at

pytest_plugins = ["tests.helpers.mail"]


pytestmark = [pytest.mark.xdist_group("mail-worker"), pytest.mark.usefixtures("fast_passwords")]


@pytest.fixture(autouse=True)
def emails_at_once(settings) -> None:
    """These faults are those of a row published when its move commits: turn emails are
    otherwise held a window first (test_presence_and_bursts.py) and published by the sweep."""
    settings.MAIL_COALESCE_SECONDS = 0


@pytest.fixture
def pair(make_user):
    return [make_user("ann"), make_user("ben")]


def rows_in(*statuses: str) -> int:
    return Outbox.objects.filter(status__in=statuses).count()


def test_emails_refused_for_a_while_all_arrive_once_after_recovery(
    pair, mailbox, worker, frozen, settings
):
    settings.MAIL_RETRY_SECONDS = 60
    mailbox.refusing = True
    game = play_random_steps(started_game(pair), 6)
    total = Outbox.objects.count()
    assert total >= 2
    mailhelpers.wait_until(lambda: Outbox.objects.filter(attempts=1).count() == total)
    assert rows_in(Outbox.Status.SENT) == 0
    assert mailbox.refused == rows_in(Outbox.Status.PENDING) > 0
    assert "451" in Outbox.objects.filter(status=Outbox.Status.PENDING).first().last_error

    mailbox.refusing = False
    frozen.advance(seconds=61)
    tasks.sweep()

    mailhelpers.wait_until(lambda: rows_in(Outbox.Status.SENT, Outbox.Status.SKIPPED) == total)
    sent = Outbox.objects.filter(status=Outbox.Status.SENT)
    ids = Counter(mail.message["Message-ID"] for mail in mailbox.received)
    assert sorted(ids) == sorted(row.message_id for row in sent)
    assert set(ids.values()) == {1}
    frozen.advance(minutes=30)
    tasks.sweep()
    assert len(mailbox.received) == sent.count()
    assert game.seq == Move.objects.filter(game=game).count()


def test_an_email_refused_every_time_ends_failed_and_says_why(pair, mailbox, worker, settings):
    settings.MAIL_SEND_ATTEMPTS = 2
    settings.MAIL_RETRY_SECONDS = 0
    mailbox.refusing = True
    started_game(pair)
    row = Outbox.objects.get()
    mailhelpers.wait_until(lambda: Outbox.objects.get(pk=row.pk).status == Outbox.Status.FAILED)
    row.refresh_from_db()
    assert row.attempts == 2
    assert "451" in row.last_error and "try again later" in row.last_error
    assert mailbox.received == []


def test_a_move_stands_when_the_broker_is_down_and_its_email_follows_the_sweep(
    pair, mailbox, worker, broker_outage, frozen
):
    game = started_game(pair)
    mailhelpers.wait_until(lambda: rows_in(Outbox.Status.SENT) == 1)
    broker_outage.cut()

    game = play_random_steps(game, 3)

    assert Move.objects.filter(game=game).count() == 3
    waiting = Outbox.objects.filter(status=Outbox.Status.PENDING)
    assert waiting.exists()
    assert len(mailbox.received) == 1

    broker_outage.restore()
    frozen.advance(minutes=3)
    assert tasks.sweep()["republished"] == waiting.count() > 0
    mailhelpers.wait_until(lambda: rows_in(Outbox.Status.PENDING) == 0)
    tasks.sweep()
    sent = rows_in(Outbox.Status.SENT)
    assert len(mailbox.received) == sent
    assert len({mail.message["Message-ID"] for mail in mailbox.received}) == sent


def test_two_claims_on_one_row_give_it_to_one_worker(pair, mailbox, worker):
    game = started_game(pair)
    row = outbox.queue_to("x@example.com", Outbox.Kind.TURN, game, pair[0], 0)
    winners = []
    start = threading.Barrier(2)

    def grab():
        start.wait()
        winners.append(outbox.claim(row.pk))
        connection.close()

    threads = [threading.Thread(target=grab) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(claimed is not None for claimed in winners) <= 1


@pytest.fixture
def silent_smtp():
    """An SMTP port that accepts connections and never answers: a send hangs there."""
    listener = socket.create_server(("127.0.0.1", 0))
    yield listener.getsockname()[1]
    listener.close()


def test_a_worker_killed_after_claiming_leaves_a_row_the_sweep_sends_once(
    pair, mailbox, worker, frozen, silent_smtp, celery_app
):
    game = started_game(pair)
    mailhelpers.wait_until(lambda: rows_in(Outbox.Status.SENT) == 1)
    mailbox.clear()
    # Written as the store writes it, but its publish lost: only the doomed worker gets it.
    player = user_at(game, game.to_act[0])
    row = Outbox.objects.create(
        kind=Outbox.Kind.TURN, game=game, seat=game.to_act[0], user=player, to=player.email
    )
    doomed_queue = mailhelpers.queue_name() + "-doomed"
    env = {
        **os.environ,
        "DATABASE_URL": mailhelpers.database_url(),
        "REDIS_URL": celery_app.conf.broker_url,
        "EMAIL_URL": f"smtp://127.0.0.1:{silent_smtp}",
    }
    doomed = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "tabletop", "worker", "--pool=solo", "-Q",
         doomed_queue, "--without-gossip", "--without-mingle", "--loglevel=WARNING"],
        cwd=django_settings.BASE_DIR, env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        tasks.deliver.apply_async((row.pk,), queue=doomed_queue)
        mailhelpers.wait_until(lambda: Outbox.objects.get(pk=row.pk).claimed, 60)
        os.killpg(doomed.pid, signal.SIGKILL)
    finally:
        doomed.kill()
        doomed.wait()
        with celery_app.connection_for_write() as broker:
            broker.default_channel.queue_delete(doomed_queue)
    tasks.sweep()
    assert Outbox.objects.get(pk=row.pk).status == Outbox.Status.PENDING
    assert mailbox.received == []

    frozen.advance(minutes=13)
    assert tasks.sweep()["republished"] == 1
    mailhelpers.wait_until(lambda: Outbox.objects.get(pk=row.pk).status == Outbox.Status.SENT)
    tasks.sweep()
    assert [mail.rcpt_tos for mail in mailbox.received] == [[row.to]]


class StallingMailbox(mailhelpers.Mailbox):
    """A server that keeps a message and then, once, never answers its DATA: the sending
    worker dies waiting, with the message already on the receiving side."""

    def __init__(self) -> None:
        super().__init__()
        self.stall_next = False
        self.released = False

    async def handle_DATA(self, server, session, envelope) -> str:
        answer = await super().handle_DATA(server, session, envelope)
        if self.stall_next:
            self.stall_next = False
            while not self.released:
                await asyncio.sleep(0.05)
        return answer


@pytest.fixture
def stalling_mailbox(settings) -> Iterator[tuple[int, StallingMailbox]]:
    handler = StallingMailbox()
    controller = Controller(handler, hostname="127.0.0.1", port=mailhelpers.free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
    settings.EMAIL_HOST_USER = settings.EMAIL_HOST_PASSWORD = ""
    yield controller.port, handler
    handler.released = True
    controller.stop()


def test_a_worker_killed_mid_send_leaves_a_row_sent_again_within_two_minutes_under_one_message_id(
    pair, worker, frozen, stalling_mailbox, celery_app
):
    port, mailbox = stalling_mailbox
    sweep_every = django_settings.CELERY_BEAT_SCHEDULE["mail-every-minute"]["schedule"]
    assert outbox.CLAIM_EXPIRES.total_seconds() + sweep_every <= 120
    game = started_game(pair)
    mailhelpers.wait_until(lambda: rows_in(Outbox.Status.SENT) == 1)
    mailbox.clear()
    player = user_at(game, game.to_act[0])
    row = Outbox.objects.create(
        kind=Outbox.Kind.TURN, game=game, seat=game.to_act[0], user=player, to=player.email
    )
    mailbox.stall_next = True
    doomed_queue = mailhelpers.queue_name() + "-doomed"
    env = {
        **os.environ,
        "DATABASE_URL": mailhelpers.database_url(),
        "REDIS_URL": celery_app.conf.broker_url,
        "EMAIL_URL": f"smtp://127.0.0.1:{port}",
        "MAIL_COALESCE_SECONDS": "0",
    }
    doomed = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "tabletop", "worker", "--pool=solo", "-Q",
         doomed_queue, "--without-gossip", "--without-mingle", "--loglevel=WARNING"],
        cwd=django_settings.BASE_DIR, env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    try:
        tasks.deliver.apply_async((row.pk,), queue=doomed_queue)
        mailhelpers.wait_until(lambda: len(mailbox.received) == 1, 60)
        os.killpg(doomed.pid, signal.SIGKILL)
    finally:
        doomed.kill()
        doomed.wait()
        with celery_app.connection_for_write() as broker:
            broker.default_channel.queue_delete(doomed_queue)
    row.refresh_from_db()
    assert row.status == Outbox.Status.PENDING and row.message_id
    first_attempt = mailbox.received[0].message["Message-ID"]
    assert first_attempt == row.message_id

    frozen.set(row.claimed + outbox.CLAIM_EXPIRES - timedelta(seconds=1))
    assert tasks.sweep()["republished"] == 0
    frozen.set(row.claimed + outbox.CLAIM_EXPIRES + timedelta(seconds=1))
    assert tasks.sweep()["republished"] == 1
    mailhelpers.wait_until(lambda: Outbox.objects.get(pk=row.pk).status == Outbox.Status.SENT)
    assert [mail.message["Message-ID"] for mail in mailbox.received] == [first_attempt] * 2
    assert Outbox.objects.get(pk=row.pk).message_id == first_attempt
