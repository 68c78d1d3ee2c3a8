"""What every simulated player of the load test shares (tabletop/bench/locustfile.py): the
players file, the moves the service said it played, the steady state's counters, and how a
player reads the game panel and a turn email.

Imported only by Locust's process, after Locust has patched the standard library with gevent.
"""

from __future__ import annotations

import html
import json
import os
import re
import smtplib
import time
from collections import Counter
from email.message import EmailMessage
from email.utils import getaddresses
from pathlib import Path

from gevent.queue import Queue
from locust import events
from locust.exception import StopUser

from games.base import spellings_in_line

POLL_SECONDS = 10
PLAYERS_FILE = os.environ.get("LOAD_PLAYERS", "")
SINK_PORT = int(os.environ.get("LOAD_SINK_PORT", "0"))
SMTPD = ("127.0.0.1", int(os.environ.get("LOAD_SMTPD_PORT", "0")))
REPORT = os.environ.get("LOAD_REPORT", "")
# How long the end of the run waits for the answers to replies still in the worker's hands.
ANSWER_WAIT = float(os.environ.get("LOAD_ANSWER_WAIT", "30"))

# The fast model's file is a list of players; the site's, {"model": "site", "players": [...]}.
PLAYERS_DOCUMENT = json.loads(Path(PLAYERS_FILE).read_text()) if PLAYERS_FILE else []
if isinstance(PLAYERS_DOCUMENT, list):
    PLAYERS_DOCUMENT = {"model": "fast", "players": PLAYERS_DOCUMENT}
PLAYERS: list[dict] = PLAYERS_DOCUMENT["players"]
UNCLAIMED = {kind: [p for p in PLAYERS if p["kind"] == kind] for kind in ("page", "api", "email")}
MAILBOXES: dict[str, Queue] = {p["email"]: Queue() for p in UNCLAIMED["email"]}

# Moves the service said it played, "<game>:<seat>:<source>" -> count (all the run).
ACCEPTED: Counter = Counter()
# Since spawning ended (the steady state the figures are about).
STEADY = {"since": None, "moves": Counter(), "stale": 0, "refused_replies": 0, "mail_in": 0}
# Replies sent and not yet answered: Message-ID -> (game, seat).
PENDING: dict[str, tuple[int, int]] = {}

PANEL_SEQ = re.compile(r'data-seq="(\d+)"')
# The panel's poll as its page sends it (htmx's hx-get): the version held, and whatever else
# the panel asks to be sent back.
PANEL_POLL = re.compile(r'hx-get="([^"]*/panel/\?[^"]*)"')
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
    """What a player reads off the game panel: its poll (none once the game is over) and seq,
    and the move buttons when it is their move."""
    poll = PANEL_POLL.search(text)
    seq = PANEL_SEQ.search(text)
    mine = "banner-you" in text
    return {
        "poll": html.unescape(poll.group(1)) if poll else "",
        "seq": int(seq.group(1)) if seq else 0,
        "moves": [html.unescape(m) for m in MOVE_BUTTON.findall(text)] if mine else [],
        "mine": mine,
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


def reply_token(message: EmailMessage) -> tuple[int, int, int] | None:
    """(game, seat, seq) of the email's reply address."""
    for _, address in getaddresses(message.get_all("Reply-To", [])):
        found = REPLY_TOKEN.search(address.lower())
        if found:
            game, seat, seq = (int(part, 36) for part in found.groups())
            return game, seat, seq
    return None


def judge_api_move(response, game: int, seat: int) -> None:
    """A move posted through the API (a response opened with catch_response): played (201)
    counts as accepted, stale (409: the game moved on meanwhile) is no failure."""
    if response.status_code == 201:
        accept(game, seat, "api")
    elif response.status_code == 409:
        response.success()
        STEADY["stale"] += 1
    else:
        response.failure(f"move refused ({response.status_code}): {response.text[:200]}")


def judge_answer(answered: tuple[int, int], body: str, waited_seconds: float) -> None:
    """The service's answer to an email reply for (game, seat): "Played:" counts the move as
    accepted; any other answer is a refused reply, reported as a failed "email: answer"."""
    if "Played:" in body:
        accept(*answered, "email")
        return
    STEADY["refused_replies"] += 1
    events.request.fire(
        request_type="SMTP",
        name="email: answer",
        response_time=waited_seconds * 1000,
        response_length=0,
        exception=AssertionError(body.split("\n\n", 2)[1][:200]),
    )


def send_reply(answer: EmailMessage, to: list[str]) -> bool:
    """An email reply sent through `manage.py smtpd`, reported to Locust as a request; whether
    it went (one that did not may have been played all the same: its answer is still awaited)."""
    started, error = time.perf_counter(), None
    smtp = smtplib.SMTP(timeout=60)
    try:
        smtp.connect(*SMTPD)
        smtp.send_message(answer, to_addrs=to)
    except (OSError, smtplib.SMTPException) as refusal:
        error = refusal
    finally:
        smtp.close()
    events.request.fire(
        request_type="SMTP",
        name="email: reply",
        response_time=(time.perf_counter() - started) * 1000,
        response_length=len(answer.get_content()),
        exception=error,
    )
    return error is None
