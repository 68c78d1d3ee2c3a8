"""The live-play model's players (`make load MODEL=fast`): page players whose open panels poll
and press a move button, API players who poll the games list and post a legal move, and email
players who reply to their turn emails. Locust finds them in tabletop/bench/locustfile.py.
"""

from __future__ import annotations

import random
from email.message import EmailMessage
from email.utils import getaddresses, make_msgid

import gevent
from gevent.queue import Empty
from locust import HttpUser, User, constant, constant_pacing, task

from tabletop.bench.locust_common import (
    MAILBOXES,
    PENDING,
    PLAYERS,
    POLL_SECONDS,
    STEADY,
    UNCLAIMED,
    accept,
    claim,
    client_ip,
    judge_answer,
    judge_api_move,
    legal_move_lines,
    panel_state,
    reply_token,
    send_reply,
)

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
                self.panels[game]["poll"] or f"/games/{game}/panel/",
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
            judge_api_move(r, game, seat)


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
            judge_answer(answered, body, 0.0)
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
        if send_reply(answer, to):
            self.answered[game] = seq
