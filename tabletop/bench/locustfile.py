"""The load test's players for Locust (`make load`; tabletop/bench/load.py seeds them).

Page players keep their games open: the live panel polls every 10 s and, when it shows their
move, they press one of the move buttons (an htmx form post with the CSRF token). API players
poll the games list every 10 s and, for each game waiting for them, read it and post one of its
legal moves. Email players only read their mail: the Celery worker sends turn emails to the
SMTP sink this file runs (EMAIL_URL points at it), and they reply with one of the listed legal
moves to the email's reply address, through `manage.py smtpd`; the answer it sends back says
whether the move was played.

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
import re
import smtplib
import time
from collections import Counter
from email import message_from_bytes, policy
from email.message import EmailMessage
from email.utils import getaddresses, make_msgid
from pathlib import Path

import gevent
from gevent.queue import Empty, Queue
from gevent.server import StreamServer
from locust import HttpUser, User, constant, constant_pacing, events, task
from locust.exception import StopUser

POLL_SECONDS = 10
PLAYERS_FILE = os.environ.get("LOAD_PLAYERS", "")
SINK_PORT = int(os.environ.get("LOAD_SINK_PORT", "0"))
SMTPD = ("127.0.0.1", int(os.environ.get("LOAD_SMTPD_PORT", "0")))
REPORT = os.environ.get("LOAD_REPORT", "")
# How long the end of the run waits for the answers to replies still in the worker's hands.
ANSWER_WAIT = float(os.environ.get("LOAD_ANSWER_WAIT", "30"))

PLAYERS: list[dict] = json.loads(Path(PLAYERS_FILE).read_text()) if PLAYERS_FILE else []
UNCLAIMED = {kind: [p for p in PLAYERS if p["kind"] == kind] for kind in ("page", "api", "email")}
MAILBOXES: dict[str, Queue] = {p["email"]: Queue() for p in UNCLAIMED["email"]}

# Moves the service said it played, "<game>:<seat>:<source>" -> count (all the run).
ACCEPTED: Counter = Counter()
# Since spawning ended (the steady state the figures are about).
STEADY = {"since": None, "moves": Counter(), "stale": 0, "refused_replies": 0, "mail_in": 0}
# Replies sent and not yet answered: Message-ID -> (game, seat).
PENDING: dict[str, tuple[int, int]] = {}

PANEL_SEQ = re.compile(r'data-seq="(\d+)"')
PANEL_VERSION = re.compile(r"\?version=([^\"&]+)\"")
MOVE_BUTTON = re.compile(r'name="move" value="([^"]*)"')
# m<game>-<seat>-<seq>-<expires>-<mac>, numbers in base 36 (tabletop/mail/addresses.py).
REPLY_TOKEN = re.compile(r"m([0-9a-z]+)-([0-9a-z]+)-([0-9a-z]+)-[0-9a-z]+-[a-z2-7]{16}@")


def client_ip(number: int) -> str:
    """Each player comes from an address of their own, as behind a load balancer."""
    return f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"


def accept(game: int, seat: int, source: str) -> None:
    ACCEPTED[f"{game}:{seat}:{source}"] += 1
    if STEADY["since"] is not None:
        STEADY["moves"][source] += 1


def claim(kind: str) -> dict:
    if not UNCLAIMED[kind]:
        raise StopUser()
    return UNCLAIMED[kind].pop(0)


def panel_state(text: str) -> dict:
    """What a player reads off the game panel: its version and seq, and the move buttons
    when it is their move."""
    version = PANEL_VERSION.search(text)
    seq = PANEL_SEQ.search(text)
    mine = "banner-you" in text
    return {
        "version": html.unescape(version.group(1)) if version else "",
        "seq": int(seq.group(1)) if seq else 0,
        "moves": [html.unescape(m) for m in MOVE_BUTTON.findall(text)] if mine else [],
    }


def legal_move_lines(body: str) -> list[str]:
    """The legal moves a turn email lists, in the game's notation (a folded line gives each
    of its spellings)."""
    lines, listing = [], False
    for line in body.splitlines():
        if line.strip() == "Your legal moves:":
            listing = True
        elif listing and line.startswith("  ") and not line.strip().startswith(("...", "(")):
            lines.extend(spellings_in_line(line.strip()))
        elif listing:
            break
    return lines


def spellings_in_line(line: str) -> list[str]:
    """games.base.spellings_in_line, here again: Locust runs this file with only its own
    directory on the path."""
    if line.endswith(")") and " (" in line:
        line = line[: line.rindex(" (")]
    head, colon, rest = line.partition(": ")
    if not colon:
        return [line]
    joiner = "; " if "; " in rest else ", "
    return [f"{head} {variant}" for variant in rest.split(joiner)]


def reply_token(message: EmailMessage) -> tuple[int, int, int] | None:
    """(game, seat, seq) of the email's reply address."""
    for _, address in getaddresses(message.get_all("Reply-To", [])):
        found = REPLY_TOKEN.search(address.lower())
        if found:
            game, seat, seq = (int(part, 36) for part in found.groups())
            return game, seat, seq
    return None


# ---------------------------------------------------------------------------- page players


class PagePlayer(HttpUser):
    fixed_count = len(UNCLAIMED["page"])
    wait_time = constant_pacing(POLL_SECONDS)

    def on_start(self) -> None:
        self.player = claim("page")
        self.client.headers["X-Forwarded-For"] = client_ip(PLAYERS.index(self.player))
        self.client.cookies.set("sessionid", self.player["session"])
        self.seats = dict(self.player["games"])
        self.panels: dict[int, dict] = {}
        gevent.sleep(random.uniform(0, POLL_SECONDS))
        for game in self.seats:
            with self.client.get(f"/games/{game}/", name="page: game", catch_response=True) as r:
                if r.status_code == 200 and 'id="panel"' in r.text:
                    self.panels[game] = panel_state(r.text)
                else:
                    r.failure(f"no game panel ({r.status_code})")

    @task
    def poll(self) -> None:
        for game in list(self.panels):
            r = self.client.get(
                f"/games/{game}/panel/",
                params={"version": self.panels[game]["version"]},
                headers={"HX-Request": "true"},
                name="page: panel (poll)",
            )
            if r.status_code == 200:
                self.panels[game] = panel_state(r.text)
            if self.panels[game]["moves"]:
                self.move(game, self.panels[game])

    def move(self, game: int, panel: dict) -> None:
        data = {
            "csrfmiddlewaretoken": self.client.cookies.get("csrftoken", ""),
            "expected_seq": panel["seq"],
            "move": random.choice(panel["moves"]),
        }
        with self.client.post(
            f"/games/{game}/move/",
            data=data,
            headers={"HX-Request": "true"},
            name="page: move",
            catch_response=True,
        ) as r:
            if r.status_code == 200:
                accept(game, self.seats[game], "web")
                self.panels[game] = panel_state(r.text)
            elif r.status_code == 409:  # the other seat moved first: a fair refusal
                r.success()
                STEADY["stale"] += 1
            else:
                r.failure(f"move refused ({r.status_code})")


# ---------------------------------------------------------------------------- API players


class ApiPlayer(HttpUser):
    fixed_count = len(UNCLAIMED["api"])
    wait_time = constant_pacing(POLL_SECONDS)

    def on_start(self) -> None:
        self.player = claim("api")
        self.client.headers["X-Forwarded-For"] = client_ip(PLAYERS.index(self.player))
        self.client.headers["Authorization"] = f"Token {self.player['token']}"
        self.seats = dict(self.player["games"])
        gevent.sleep(random.uniform(0, POLL_SECONDS))

    @task
    def poll(self) -> None:
        name = "api: games list (poll)"
        with self.client.get("/api/games/", name=name, catch_response=True) as r:
            if r.status_code != 200:
                r.failure(f"games list {r.status_code}")
                return
            listed = r.json()
        for game in listed:
            seat = self.seats.get(game["id"])
            if game["status"] == "active" and seat in game["to_act"]:
                self.move(game["id"], seat)

    def move(self, game: int, seat: int) -> None:
        detail = self.client.get(f"/api/games/{game}/", name="api: game").json()
        if not detail.get("legal_moves"):
            return
        body = {"move": random.choice(detail["legal_moves"])["move"], "expected_seq": detail["seq"]}
        with self.client.post(
            f"/api/games/{game}/moves/", json=body, name="api: move", catch_response=True
        ) as r:
            if r.status_code == 201:
                accept(game, seat, "api")
            elif r.status_code == 409:
                r.success()
                STEADY["stale"] += 1
            else:
                r.failure(f"move refused ({r.status_code}): {r.text[:200]}")


# ---------------------------------------------------------------------------- email players


class EmailPlayer(User):
    """Reads the mail the sink took for them; replies to each turn (or answer) that lists
    legal moves for a position newer than the last one they answered."""

    fixed_count = len(UNCLAIMED["email"])
    wait_time = constant(0)

    def on_start(self) -> None:
        self.player = claim("email")
        self.mailbox = MAILBOXES[self.player["email"]]
        self.answered: dict[int, int] = {}  # game -> the seq last replied to

    @task
    def read_mail(self) -> None:
        try:
            message = self.mailbox.get(timeout=POLL_SECONDS)
        except Empty:
            return
        answered = PENDING.pop(message.get("In-Reply-To", ""), None)
        body = message.get_body(("plain",)).get_content()
        if answered is not None:
            if "Played:" in body:
                accept(*answered, "email")
            else:
                STEADY["refused_replies"] += 1
                events.request.fire(
                    request_type="SMTP",
                    name="email: answer",
                    response_time=0,
                    response_length=0,
                    exception=AssertionError(body.split("\n\n", 2)[1][:200]),
                )
        token = reply_token(message)
        moves = legal_move_lines(body)
        if token is None or not moves or token[2] <= self.answered.get(token[0], -1):
            return
        self.reply(message, token, random.choice(moves))

    def reply(self, message: EmailMessage, token: tuple[int, int, int], move: str) -> None:
        game, seat, seq = token
        answer = EmailMessage()
        answer["From"] = self.player["email"]
        answer["To"] = message["Reply-To"]
        answer["Subject"] = "Re: " + message["Subject"]
        answer["In-Reply-To"] = message["Message-ID"]
        answer["Message-ID"] = make_msgid(domain="players.load.test")
        answer.set_content(f"{move}\n")
        to = [address for _, address in getaddresses([message["Reply-To"]])]
        PENDING[answer["Message-ID"]] = (game, seat)
        started, error = time.perf_counter(), None
        smtp = smtplib.SMTP(timeout=60)
        try:
            smtp.connect(*SMTPD)
            smtp.send_message(answer, to_addrs=to)
            self.answered[game] = seq
        except (OSError, smtplib.SMTPException) as refusal:
            error = refusal  # it may have been played all the same: still waiting for the answer
        finally:
            smtp.close()
        events.request.fire(
            request_type="SMTP",
            name="email: reply",
            response_time=(time.perf_counter() - started) * 1000,
            response_length=len(move),
            exception=error,
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
    for recipient in recipients:
        if recipient in MAILBOXES:
            message = message or message_from_bytes(raw, policy=policy.default)
            MAILBOXES[recipient].put(message)


# ---------------------------------------------------------------------------- the figures


@events.init.add_listener
def start_sink(environment, **kwargs) -> None:
    if SINK_PORT:
        StreamServer(("127.0.0.1", SINK_PORT), serve_smtp).start()


@events.spawning_complete.add_listener
def steady_from_now(user_count: int, **kwargs) -> None:
    STEADY["since"] = time.time()


@events.test_stop.add_listener
def report(environment, **kwargs) -> None:
    ended = time.time()
    waited = time.time()
    while PENDING and time.time() - waited < ANSWER_WAIT:
        gevent.sleep(0.5)
    figures = summary(environment.stats, ended)
    print("\n".join(describe(figures)), flush=True)
    if REPORT:
        Path(REPORT).write_text(json.dumps({"accepted": dict(ACCEPTED), **figures}, indent=1))


def summary(stats, ended: float) -> dict:
    since = STEADY["since"] or stats.total.start_time
    seconds = max(1e-9, ended - since)
    kinds = {}
    for entry in sorted(stats.entries.values(), key=lambda e: e.name):
        kinds[entry.name] = {
            "requests": entry.num_requests,
            "failures": entry.num_failures,
            **{f"p{p}": entry.get_response_time_percentile(p / 100) for p in (50, 95, 99)},
        }
    polls = sum(k["requests"] for name, k in kinds.items() if "(poll)" in name)
    return {
        "seconds": seconds,
        "moves_per_second": sum(STEADY["moves"].values()) / seconds,
        "moves_by_source": dict(STEADY["moves"]),
        "polls_per_second": polls / seconds,
        "mail_in_per_second": STEADY["mail_in"] / seconds,
        "kinds": kinds,
        "failures": sum(k["failures"] for k in kinds.values()),
        "errors": {str(e.error)[:200]: e.occurrences for e in stats.errors.values()},
        "stale": STEADY["stale"],
        "refused_replies": STEADY["refused_replies"],
        "unanswered_replies": len(PENDING),
    }


def describe(figures: dict) -> list[str]:
    lines = [
        f"Steady state over {figures['seconds']:.0f} s (after spawning):",
        f"  moves/s {figures['moves_per_second']:.1f} {figures['moves_by_source']}",
        f"  polls/s {figures['polls_per_second']:.1f}",
        f"  turn and answer emails taken by the sink /s {figures['mail_in_per_second']:.1f}",
        f"  {'request':28} {'count':>7} {'fail':>5} {'p50':>6} {'p95':>6} {'p99':>6} (ms)",
    ]
    for name, k in figures["kinds"].items():
        lines.append(
            f"  {name:28} {k['requests']:7} {k['failures']:5} "
            f"{k['p50']:6.0f} {k['p95']:6.0f} {k['p99']:6.0f}"
        )
    lines.append(
        f"  failures {figures['failures']}, stale moves refused {figures['stale']}, "
        f"email replies refused {figures['refused_replies']}, "
        f"replies never answered {figures['unanswered_replies']}"
    )
    lines.extend(f"  error x{count}: {error}" for error, count in figures["errors"].items())
    return lines
