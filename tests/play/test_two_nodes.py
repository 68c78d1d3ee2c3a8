"""Two machines on one PostgreSQL and one Redis: two web processes (gunicorn) and two Celery
workers, one of them with beat. Thirty presses of one seat's move button, split across both
web processes, land once; every turn email of fifty games goes out once between the workers."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from rest_framework.authtoken.models import Token

from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.conftest import reachable
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

GAMES = 50
PRESSES = 30
STARTUP_SECONDS = 60


class Nodes:
    """The processes of two machines, each writing its output to a file of its own."""

    def __init__(self, folder: Path, env: dict[str, str]) -> None:
        self.folder, self.env = folder, env
        self.processes: list[subprocess.Popen] = []
        self.web_ports: list[int] = []

    def start(self, name: str, command: list[str]) -> None:
        output = (self.folder / f"{name}.log").open("wb")
        self.processes.append(
            subprocess.Popen(
                command,
                cwd=django_settings.BASE_DIR,
                env=self.env,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )  # fmt: skip
        )

    def web(self, name: str) -> None:
        port = mailhelpers.free_port()
        self.web_ports.append(port)
        gunicorn = str(Path(sys.executable).parent / "gunicorn")
        self.start(
            name,
            [gunicorn, "tabletop.wsgi", "-b", f"127.0.0.1:{port}", "-w", "1",
             "-k", "gthread", "--threads", "8"],
        )  # fmt: skip

    def worker(self, name: str, *extra: str) -> None:
        self.start(
            name,
            [sys.executable, "-m", "celery", "-A", "tabletop", "worker", "-n", f"{name}@%h",
             "--concurrency=1", "--without-gossip", "--without-mingle", "--without-heartbeat",
             "--loglevel=INFO", *extra],
        )  # fmt: skip

    def wait_for_the_web(self) -> None:
        for port in self.web_ports:
            mailhelpers.wait_until(
                lambda port=port: reachable(f"http://127.0.0.1:{port}", port), STARTUP_SECONDS
            )

    def stop(self) -> None:
        for process in self.processes:
            os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()

    def logs(self) -> str:
        return "\n".join(
            f"--- {log.name}\n{log.read_text(errors='replace')[-3000:]}"
            for log in sorted(self.folder.glob("*.log"))
        )


@pytest.fixture
def two_nodes(
    transactional_db, on_postgresql, celery_app, mailbox, smtp_server, settings, tmp_path
) -> Iterator[Nodes]:
    """Two web processes and two workers (the second with beat), started side by side."""
    settings.MAIL_COALESCE_SECONDS = 0
    controller, _ = smtp_server
    env = {
        **os.environ,
        "DATABASE_URL": mailhelpers.database_url(),
        "REDIS_URL": celery_app.conf.broker_url,
        # The queue this test process publishes to (tests.helpers.mail.celery_app).
        "CELERY_QUEUE": celery_app.conf.task_default_queue,
        "EMAIL_URL": f"smtp://127.0.0.1:{controller.port}",
        "MAIL_COALESCE_SECONDS": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "DEBUG": "0",
        "TABLETOP_VAR_DIR": str(tmp_path),
    }
    celery_app.control.purge()
    nodes = Nodes(tmp_path, env)
    nodes.web("web1")
    nodes.web("web2")
    nodes.worker("worker1")
    nodes.worker("worker2", "--beat", f"--schedule={tmp_path / 'celerybeat-schedule'}")
    try:
        yield nodes
    finally:
        nodes.stop()
        celery_app.control.purge()


def press_at_once(ports: list[int], path: str, body: dict, token: str) -> list[int]:
    """PRESSES requests at once, taking turns between the web processes; their statuses."""
    statuses: list[int] = []
    start = threading.Barrier(PRESSES)
    payload = json.dumps(body)
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}

    def press(n: int) -> None:
        client = http.client.HTTPConnection("127.0.0.1", ports[n % len(ports)], timeout=30)
        start.wait()
        client.request("POST", path, payload, headers)
        statuses.append(client.getresponse().status)
        client.close()

    threads = [threading.Thread(target=press, args=(n,)) for n in range(PRESSES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return statuses


def emails_settled(expected: int):
    rows = Outbox.objects.filter(channel=Outbox.Channel.EMAIL)
    return not rows.filter(status=Outbox.Status.PENDING).exists() and (
        rows.filter(status=Outbox.Status.SENT).count() >= expected
    )


def test_two_web_processes_and_two_workers_land_one_move_and_send_each_turn_email_once(
    two_nodes, make_user, mailbox
):
    tables = [
        started_game([make_user(f"p{n}a"), make_user(f"p{n}b")]) for n in range(GAMES)
    ]  # their turn emails queue for the two workers as each game starts
    try:
        two_nodes.wait_for_the_web()
        mailhelpers.wait_until(lambda: emails_settled(GAMES), STARTUP_SECONDS)
    except AssertionError:
        pytest.fail("the nodes did not serve in time:\n" + two_nodes.logs())

    game = tables[0]
    seat = game.to_act[0]
    token = Token.objects.create(user=user_at(game, seat)).key
    move = game.rules.legal_moves(game.state, seat)[0]
    statuses = press_at_once(
        two_nodes.web_ports,
        f"/api/games/{game.pk}/moves/",
        {"move": move, "expected_seq": game.seq},
        token,
    )
    assert Counter(statuses)[201] == 1, Counter(statuses)
    assert all(400 <= status < 500 for status in statuses if status != 201), Counter(statuses)
    game = Game.objects.get(pk=game.pk)
    assert list(Move.objects.filter(game=game).values_list("seq", flat=True)) == [1]
    assert store.verify(game) == []

    turns = GAMES + (seat not in game.to_act)  # the move's own turn email, if the turn passed
    mailhelpers.wait_until(lambda: emails_settled(turns), STARTUP_SECONDS)
    sent = Outbox.objects.filter(status=Outbox.Status.SENT, kind=Outbox.Kind.TURN)
    assert sent.count() == turns
    assert {row.game_id for row in sent} == {table.pk for table in tables}
    received = Counter(mail.message["Message-ID"] for mail in mailbox.received)
    assert set(received.values()) == {1}, received.most_common(3)
    assert sorted(received) == sorted(sent.values_list("message_id", flat=True))
