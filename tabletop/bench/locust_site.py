"""The slow-game site's model (`make load`'s default; tabletop.bench.load.seed_site seeds it):
its pace (polls, thinking, stays online, email replies), who is online, whose letters are due,
and the mail counters. Its players are in tabletop/bench/locustfile.py.
"""

from __future__ import annotations

import heapq
import os
import random
import re
import time

from tabletop.bench.locust_common import PLAYERS, PLAYERS_DOCUMENT

SITE = PLAYERS_DOCUMENT.get("model") == "site"
GAME_POLL_SECONDS = 10
DASHBOARD_POLL_SECONDS = 30
THINK_SECONDS = (5, 30)
STAY_SECONDS = (
    float(os.environ.get("LOAD_STAY_MIN", "120")),
    float(os.environ.get("LOAD_STAY_MAX", "360")),
)
# An offline player answers a turn email this long after it came (the 30-300 s).
REPLY_SECONDS = (
    float(os.environ.get("LOAD_REPLY_MIN", "30")),
    float(os.environ.get("LOAD_REPLY_MAX", "300")),
)

DASHBOARD_VERSION = re.compile(r'games/mine/\?version=([^"&]+)"')
YOUR_MOVE = re.compile(r'class="game-row yours">.*?href="/games/(\d+)/"', re.S)


class Site:
    """Who is online, the letters (turn emails) each offline seat holds, and when each will be
    answered. An offline player answers only at a table where someone is online: the rest of
    the site sleeps (its players read their mail tomorrow), which keeps the replies near the
    issue's 20 a second; a table's letters wake, 30-300 s on, when one of its players comes
    online."""

    def __init__(self, players: list[dict]) -> None:
        self.players = players
        self.by_email = {p["email"]: n for n, p in enumerate(players)}
        self.seat_player: dict[tuple[int, int], int] = {}
        self.table: dict[int, list[int]] = {}
        for number, player in enumerate(players):
            for game, seat in player["games"]:
                self.seat_player[(game, seat)] = number
                self.table.setdefault(game, []).append(number)
        self.offline = list(range(len(players)))
        random.Random("load-online").shuffle(self.offline)
        self.online: set[int] = set()
        # (game, seat) -> the newest letter; a letter is asleep until it is due.
        self.letters: dict[tuple[int, int], dict] = {}
        self.due: list[tuple[float, int, int, int]] = []  # (when, game, seat, seq), a heap
        for player in players:
            for held in player.get("letters", []):
                self.letters[(held["game"], held["seat"])] = held

    def come_online(self) -> int | None:
        if not self.offline:
            return None
        number = self.offline.pop(0)
        self.online.add(number)
        for game, _seat in self.players[number]["games"]:
            self.wake(game)
        return number

    def go_offline(self, number: int) -> None:
        self.online.discard(number)
        self.offline.append(number)
        for game, _seat in self.players[number]["games"]:
            self.wake(game)

    def wake(self, game: int) -> None:
        """The offline seats of a table with someone online answer their letters in time."""
        if not any(number in self.online for number in self.table[game]):
            return
        for number in self.table[game]:
            seat = self.seat_of(number, game)
            held = self.letters.get((game, seat))
            if held is not None and number not in self.online and not held.get("due"):
                self.schedule(held, time.time())

    def seat_of(self, number: int, game: int) -> int:
        return next(seat for g, seat in self.players[number]["games"] if g == game)

    def schedule(self, held: dict, since: float) -> None:
        held["due"] = since + random.uniform(*REPLY_SECONDS)
        heapq.heappush(self.due, (held["due"], held["game"], held["seat"], held["seq"]))

    def receive(self, held: dict) -> None:
        """A turn email came: it replaces the seat's older letter, and is answered in time if
        its table has someone online and its own player is not."""
        self.letters[(held["game"], held["seat"])] = held
        number = self.seat_player.get((held["game"], held["seat"]))
        table_awake = any(other in self.online for other in self.table[held["game"]])
        if number is not None and number not in self.online and table_awake:
            self.schedule(held, held["received"])

    def due_letters(self, now: float) -> list[dict]:
        """The letters to answer now; those whose table emptied go back to sleep."""
        ready = []
        while self.due and self.due[0][0] <= now:
            _when, game, seat, seq = heapq.heappop(self.due)
            held = self.letters.get((game, seat))
            if held is None or held["seq"] != seq:
                continue  # a newer letter replaced it
            held["due"] = None
            number = self.seat_player[(game, seat)]
            someone_online = any(other in self.online for other in self.table[game])
            if number not in self.online and someone_online:
                del self.letters[(game, seat)]
                ready.append(held)
        return ready


SITE_STATE = Site(PLAYERS) if SITE else None
# Turn emails taken by the sink, replies answered, and the longest an answer took (s).
MAIL = {"turns": 0, "answers": 0, "others": 0, "longest_answer": 0.0}
SENT_AT: dict[str, float] = {}  # Message-ID of a reply -> when it was sent
