"""The load test's players for Locust (`make load`; tabletop/bench/load.py seeds them).

The slow-game site (the default): online players open the dashboard, open a game that waits for
them, think while its panel polls, move by the page's form or the API, and go back; the other
seats are offline players who answer their turn emails through `manage.py smtpd`. Its pace and
who is online are in locust_site.py; the live-play model's players (`MODEL=fast`) are in
locust_live_play.py; what they all share (the players file, the moves the service said it
played, reading a panel or a turn email) in locust_common.py. This file holds the site's
players, the SMTP sink the worker sends turn emails to, and the figures.

Every move the service says it played is counted per game, seat and source, and written with
the figures to LOAD_REPORT when the run stops; `manage.py load_check` holds them against the
log. Not imported by the service, and never by the test suite's own process: Locust patches
the standard library with gevent as it is imported.
"""

from __future__ import annotations

import html
import json
import os
import random
import time
from collections import Counter
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import make_msgid
from http.cookiejar import Cookie
from pathlib import Path

import gevent
import gevent.pool
from gevent.server import StreamServer
from locust import (
    FastHttpUser,
    LoadTestShape,
    User,
    constant,
    events,
    task,
)
from locust.exception import StopUser

from tabletop.bench.load_figures import (
    capacity,
    describe,
    describe_steps,
    meets_latencies,
    step_line,
)
from tabletop.bench.locust_common import (
    ACCEPTED,
    ANSWER_WAIT,
    MAILBOXES,
    PENDING,
    PLAYERS,
    PLAYERS_DOCUMENT,
    REPORT,
    SINK_PORT,
    STEADY,
    accept,
    client_ip,
    judge_answer,
    judge_api_move,
    legal_move_lines,
    panel_state,
    reply_token,
    send_reply,
)
from tabletop.bench.locust_live_play import ApiPlayer, EmailPlayer, PagePlayer  # noqa: F401
from tabletop.bench.locust_site import (
    DASHBOARD_POLL_SECONDS,
    DASHBOARD_VERSION,
    GAME_POLL_SECONDS,
    MAIL,
    SENT_AT,
    SITE,
    SITE_STATE,
    STAY_SECONDS,
    THINK_SECONDS,
    YOUR_MOVE,
)

# ---------------------------------------------------------------------------- the slow-game site


def cookie(name: str, value: str) -> Cookie:
    return Cookie(
        0,
        name,
        value,
        None,
        False,
        "127.0.0.1",
        False,
        False,
        "/",
        True,
        False,
        None,
        False,
        None,
        None,
        {},
    )


class OnlinePlayer(FastHttpUser):
    """One browser on the site: it comes online as a player who was offline, stays a few
    minutes, and hands the seat over to the next one. On the dashboard it opens a game that
    waits for it, thinks 5-30 s with the game page polling every 10 s, moves (half by the
    page's form, half through the API, as a client of its own would) and goes back to the
    dashboard, which polls every 30 s while nothing waits."""

    weight = 1
    wait_time = constant(0)
    connection_timeout = 60.0
    network_timeout = 60.0

    def on_start(self) -> None:
        # Players arrive over a dashboard poll's time, not all in the spawning's second.
        gevent.sleep(random.uniform(0, DASHBOARD_POLL_SECONDS))

    @task
    def visit(self) -> None:
        number = SITE_STATE.come_online() if SITE_STATE else None
        if number is None:
            raise StopUser()
        self.number, self.player = number, PLAYERS[number]
        self.seats = dict(self.player["games"])
        self.client.cookiejar.clear()
        self.client.cookiejar.set_cookie(cookie("sessionid", self.player["session"]))
        self.headers = {"X-Forwarded-For": client_ip(number)}
        try:
            self.stay(time.time() + random.uniform(*STAY_SECONDS))
        finally:
            SITE_STATE.go_offline(number)

    def stay(self, leave_at: float) -> None:
        waiting, version = self.dashboard()
        polled = time.time()
        while time.time() < leave_at:
            if waiting:
                self.play(random.choice(waiting))
                waiting, version = self.dashboard()
                polled = time.time()
                continue
            gevent.sleep(max(0.0, polled + DASHBOARD_POLL_SECONDS - time.time()))
            polled = time.time()
            waiting, version = self.poll_dashboard(version, waiting)

    def dashboard(self) -> tuple[list[int], str]:
        with self.client.get("/", headers=self.headers, name="dashboard", catch_response=True) as r:
            if r.status_code != 200:
                r.failure(f"dashboard {r.status_code}")
                return [], ""
            return self.read_dashboard(r.text)

    def poll_dashboard(self, version: str, waiting: list[int]) -> tuple[list[int], str]:
        with self.client.get(
            f"/games/mine/?version={version}",
            headers={**self.headers, "HX-Request": "true"},
            name="dashboard (poll)",
            catch_response=True,
        ) as r:
            if r.status_code == 204:
                return waiting, version
            if r.status_code != 200:
                r.failure(f"dashboard poll {r.status_code}")
                return waiting, version
            found, fresh = self.read_dashboard(r.text)
            return found, fresh or version

    def read_dashboard(self, text: str) -> tuple[list[int], str]:
        version = DASHBOARD_VERSION.search(text)
        games = [int(g) for g in YOUR_MOVE.findall(text) if int(g) in self.seats]
        return games, html.unescape(version.group(1)) if version else ""

    def play(self, game: int) -> None:
        with self.client.get(
            f"/games/{game}/", headers=self.headers, name="game page", catch_response=True
        ) as r:
            if r.status_code != 200 or 'id="panel"' not in r.text:
                r.failure(f"no game panel ({r.status_code})")
                return
            panel = panel_state(r.text)
        think_until = time.time() + random.uniform(*THINK_SECONDS)
        while time.time() < think_until:
            gevent.sleep(min(GAME_POLL_SECONDS, think_until - time.time()))
            if time.time() < think_until:
                panel = self.poll_panel(game, panel)
        if not panel["mine"]:
            return  # no longer this player's move (a deadline, or the game ended)
        # Half the moves by the page's form; the other half, and any on a board without move
        # buttons, through the API, as a client of the player's own would.
        if panel["moves"] and random.random() < 0.5:
            self.move_by_form(game, panel)
        else:
            self.move_by_api(game)

    def poll_panel(self, game: int, panel: dict) -> dict:
        r = self.client.get(
            panel["poll"] or f"/games/{game}/panel/",
            headers={**self.headers, "HX-Request": "true"},
            name="game panel (poll)",
        )
        return panel_state(r.text) if r.status_code == 200 else panel

    def move_by_form(self, game: int, panel: dict) -> None:
        csrf = next((c.value for c in self.client.cookiejar if c.name == "csrftoken"), "")
        data = {
            "csrfmiddlewaretoken": csrf,
            "expected_seq": panel["seq"],
            "move": random.choice(panel["moves"]),
        }
        with self.client.post(
            f"/games/{game}/move/",
            data=data,
            headers={
                **self.headers,
                "HX-Request": "true",
                "Referer": f"http://127.0.0.1/games/{game}/",
            },
            name="page: move",
            catch_response=True,
        ) as r:
            if r.status_code == 200:
                accept(game, self.seats[game], "web")
            elif r.status_code == 409:
                r.success()
                STEADY["stale"] += 1
            else:
                r.failure(f"move refused ({r.status_code})")

    def move_by_api(self, game: int) -> None:
        token = {**self.headers, "Authorization": f"Token {self.player['token']}"}
        with self.client.get(
            f"/api/games/{game}/", headers=token, name="api: game", catch_response=True
        ) as r:
            if r.status_code != 200:
                r.failure(f"api game {r.status_code}")
                return
            detail = r.json()
        if not detail.get("legal_moves"):
            return
        body = {"move": random.choice(detail["legal_moves"])["move"], "expected_seq": detail["seq"]}
        with self.client.post(
            f"/api/games/{game}/moves/",
            json=body,
            headers=token,
            name="api: move",
            catch_response=True,
        ) as r:
            judge_api_move(r, game, self.seats[game])


class OfflinePlayers(User):
    """Every offline player at once: answers each letter when it falls due, by SMTP through
    `manage.py smtpd`, a few at a time."""

    fixed_count = 1 if SITE else 0
    wait_time = constant(1)

    def on_start(self) -> None:
        self.senders = gevent.pool.Pool(20)

    @task
    def answer_due_letters(self) -> None:
        for held in SITE_STATE.due_letters(time.time()):
            self.senders.spawn(self.answer, held)

    def answer(self, held: dict) -> None:
        number = SITE_STATE.seat_player[(held["game"], held["seat"])]
        answer = EmailMessage()
        answer["From"] = PLAYERS[number]["email"]
        answer["To"] = held["reply_to"]
        answer["Subject"] = "Re: your move"
        if held.get("message_id"):
            answer["In-Reply-To"] = held["message_id"]
        answer["Message-ID"] = make_msgid(domain="players.load.test")
        answer.set_content(f"{random.choice(held['moves'])}\n")
        PENDING[answer["Message-ID"]] = (held["game"], held["seat"])
        SENT_AT[answer["Message-ID"]] = time.time()
        send_reply(answer, [held["reply_to"]])


def take_site_mail(message: EmailMessage, recipients: list[str]) -> None:
    """The sink's mail for the site's players: answers to replies are counted (played or
    not), turn emails become letters."""
    answered = PENDING.pop(message.get("In-Reply-To", ""), None)
    steady = STEADY["since"] is not None
    if answered is not None:
        MAIL["answers"] += steady
        waited = time.time() - SENT_AT.pop(message["In-Reply-To"], time.time())
        MAIL["longest_answer"] = max(MAIL["longest_answer"], waited)
        judge_answer(answered, message.get_body(("plain",)).get_content(), waited)
    # An answer that lists legal moves (the turn goes on) is a letter too.
    token = reply_token(message)
    body = message.get_body(("plain",)).get_content()
    moves = legal_move_lines(body) if token else []
    if token is None or not moves:
        MAIL["others"] += steady and answered is None
        return
    MAIL["turns"] += steady and answered is None
    game, seat, seq = token
    SITE_STATE.receive(
        {
            "game": game,
            "seat": seat,
            "seq": seq,
            "reply_to": message["Reply-To"],
            "message_id": message["Message-ID"],
            "moves": moves,
            "received": time.time(),
        }
    )


# ---------------------------------------------------------------------------- the mail sink


def serve_smtp(sock, address) -> None:
    """Just enough SMTP for Django's SMTP backend: every message for an email player goes to
    their mailbox; the others' turn emails are only counted."""
    reader = sock.makefile("rb")
    sock.sendall(b"220 load-test sink\r\n")
    recipients: list[str] = []
    while line := reader.readline():
        verb = line[:4].upper()
        if verb == b"EHLO":
            sock.sendall(b"250-load-test sink\r\n250 8BITMIME\r\n")
        elif verb == b"MAIL":
            recipients = []
            sock.sendall(b"250 OK\r\n")
        elif verb == b"RCPT":
            recipients.append(line.split(b":", 1)[1].strip().strip(b"<>").decode().lower())
            sock.sendall(b"250 OK\r\n")
        elif verb == b"DATA":
            sock.sendall(b"354 go on\r\n")
            data = []
            while (part := reader.readline()) not in (b".\r\n", b".\n", b""):
                data.append(part[1:] if part.startswith(b"..") else part)
            deliver(b"".join(data), recipients)
            sock.sendall(b"250 OK\r\n")
        elif verb == b"QUIT":
            sock.sendall(b"221 bye\r\n")
            break
        else:
            sock.sendall(b"250 OK\r\n")
    sock.close()


def deliver(raw: bytes, recipients: list[str]) -> None:
    if STEADY["since"] is not None:
        STEADY["mail_in"] += 1
    message = None
    if SITE and any(recipient in SITE_STATE.by_email for recipient in recipients):
        take_site_mail(message_from_bytes(raw, policy=policy.default), recipients)
        return
    for recipient in recipients:
        if recipient in MAILBOXES:
            message = message or message_from_bytes(raw, policy=policy.default)
            MAILBOXES[recipient].put(message)


# ---------------------------------------------------------------------------- the figures

# Written by tabletop/bench/cores.py every 2 s: CPU seconds per part of the stack so far.
CORES = os.environ.get("LOAD_CORES", "")
# The capacity search: online players per step ("250 500 750 ..."), and each step's length.
STEPS = [int(n) for n in os.environ.get("LOAD_STEPS", "").split()]
STEP_SECONDS = float(os.environ.get("LOAD_STEP_SECONDS", "180"))
SPAWN_RATE = float(os.environ.get("LOAD_SPAWN_RATE", "50"))
# The slow-game site's run: seconds after the last player came online before its figures begin
# (their arrivals spread over a dashboard poll, and the pages each opens first).
SETTLE_SECONDS = float(os.environ.get("LOAD_SETTLE_SECONDS", "0"))
BEGAN = time.time()
STEP_FIGURES: list[dict] = []
RUN: dict = {}  # Locust's environment, for the settled run's reset of its figures


def cores_now() -> dict:
    try:
        return json.loads(Path(CORES).read_text())["cpu"] if CORES else {}
    except (OSError, ValueError, KeyError):
        return {}


def cores_since(before: dict, seconds: float) -> dict:
    """Each part's CPU seconds since `before`, and the cores that makes over `seconds`."""
    now = cores_now()
    # A part first seen after `before` (cores.py starts with the worker) counts from zero.
    spent = {part: now[part] - before.get(part, 0.0) for part in now}
    return {part: {"seconds": cpu, "cores": cpu / seconds} for part, cpu in spent.items()}


@events.init.add_listener
def start_sink(environment, **kwargs) -> None:
    if SINK_PORT:
        StreamServer(("127.0.0.1", SINK_PORT), serve_smtp).start()


@events.init.add_listener
def keep_environment(environment, **kwargs) -> None:
    RUN["environment"] = environment


@events.spawning_complete.add_listener
def steady_from_now(user_count: int, **kwargs) -> None:
    if STEADY["since"] is not None:
        return
    if SETTLE_SECONDS:
        gevent.spawn_later(SETTLE_SECONDS, begin_settled)
    else:
        begin_steady()


def begin_settled() -> None:
    """The steady state of a run whose players came online over minutes: its figures count
    from here, the arrivals' own requests left out."""
    RUN["environment"].runner.stats.reset_all()
    begin_steady()


def begin_steady() -> None:
    STEADY.update(since=time.time(), moves=Counter(), stale=0, refused_replies=0, mail_in=0)
    STEADY["cores"] = cores_now()
    MAIL.update(turns=0, answers=0, others=0, longest_answer=0.0)


@events.test_stop.add_listener
def report(environment, **kwargs) -> None:
    ended = time.time()
    waited = time.time()
    while PENDING and time.time() - waited < ANSWER_WAIT:
        gevent.sleep(0.5)
    if STEPS:
        figures = {"steps": STEP_FIGURES, "capacity": capacity(STEP_FIGURES)}
        print("\n".join(describe_steps(STEP_FIGURES)), flush=True)
    else:
        figures = summary(environment.stats, ended)
        print("\n".join(describe(figures)), flush=True)
    if REPORT:
        Path(REPORT).write_text(
            json.dumps(
                {"accepted": dict(ACCEPTED), "began": BEGAN, "ended": ended, **figures}, indent=1
            )
        )


def summary(stats, ended: float) -> dict:
    since = STEADY["since"] or stats.total.start_time
    seconds = max(1e-9, ended - since)
    kinds = {}
    for entry in sorted(stats.entries.values(), key=lambda e: e.name):
        kinds[entry.name] = {
            "method": entry.method,
            "requests": entry.num_requests,
            "failures": entry.num_failures,
            **{f"p{p}": entry.get_response_time_percentile(p / 100) for p in (50, 95, 99)},
        }
    polls = sum(k["requests"] for name, k in kinds.items() if "(poll)" in name)
    replies = kinds.get("email: reply", {}).get("requests", 0)
    return {
        "model": PLAYERS_DOCUMENT["model"],
        "ended": ended,
        "seconds": seconds,
        "online": len(SITE_STATE.online) if SITE else None,
        "moves_per_second": sum(STEADY["moves"].values()) / seconds,
        "moves_by_source": dict(STEADY["moves"]),
        "polls_per_second": polls / seconds,
        "mail_in_per_second": STEADY["mail_in"] / seconds,
        "turn_emails_per_second": MAIL["turns"] / seconds,
        "replies_per_second": replies / seconds,
        "longest_answer_seconds": MAIL["longest_answer"],
        "longest_unanswered_seconds": max((ended - sent for sent in SENT_AT.values()), default=0.0),
        "kinds": kinds,
        "failures": sum(k["failures"] for k in kinds.values()),
        "errors": {str(e.error)[:200]: e.occurrences for e in stats.errors.values()},
        "stale": STEADY["stale"],
        "refused_replies": STEADY["refused_replies"],
        "unanswered_replies": len(PENDING),
        "cores": cores_since(STEADY.get("cores", {}), seconds),
    }


if STEPS:

    class CapacitySteps(LoadTestShape):
        """The capacity search: STEPS online players in turn, STEP_SECONDS each, to the
        first step that misses goal 1's latencies. Each step's figures are its own (the
        stats start again with it)."""

        step = -1

        def tick(self):
            step = int(self.get_run_time() // STEP_SECONDS)
            if step != self.step:
                if self.step >= 0 and not self.close_step():
                    return None
                if step >= len(STEPS):
                    return None
                self.step = step
                self.runner.stats.reset_all()
                begin_steady()
            return STEPS[self.step] + 1, SPAWN_RATE  # and the offline players' one

        def close_step(self) -> bool:
            figures = summary(self.runner.stats, time.time())
            figures.update(online_target=STEPS[self.step])
            figures["held"] = meets_latencies(figures)
            STEP_FIGURES.append(figures)
            print(step_line(figures), flush=True)
            return figures["held"]
