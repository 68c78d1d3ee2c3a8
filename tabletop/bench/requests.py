"""Figures for the requests a player repeats all day (`manage.py benchmark --only polls`):
an unchanged poll against a floor taken in the same run, the dashboard of a busy player, and
the history page of a short and of a long game. Figures, not pass/fail tests (the query
budgets are tests: tests/web/test_polls_from_the_cache.py, test_dashboard_queries.py and
test_history_page.py)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import override_settings
from django.urls import include, path
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

import games
from games import Rng
from tabletop.bench.play import new_game, percentile
from tabletop.bench.queries import QueryCounter
from tabletop.play import store
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.models import Game, Move
from tabletop.play.store.log_lines import SNAPSHOT_EVERY
from tabletop.web import pages


class ConstantFloor(APIView):
    """The floor of a poll: DRF with its own token authentication, a GET answering a constant."""

    authentication_classes = [TokenAuthentication]
    permission_classes = [IsAuthenticated]
    throttle_classes: list = []

    def get(self, request):
        return Response({"ok": True})


urlpatterns = [
    path("bench/get-floor/", ConstantFloor.as_view()),
    path("", include("tabletop.urls")),
]


def measured(get: Callable[[], object]) -> tuple[float, int]:
    """One request's seconds and queries."""
    counter = QueryCounter()
    started = time.perf_counter()
    with connection.execute_wrapper(counter):
        get()
    return time.perf_counter() - started, counter.count


def summary(samples: list[tuple[float, int]]) -> dict:
    times = [seconds for seconds, _ in samples]
    return {
        "p50": percentile(times, 0.5),
        "p95": percentile(times, 0.95),
        "queries": statistics.median(queries for _, queries in samples),
    }


@override_settings(ROOT_URLCONF=__name__, ALLOWED_HOSTS=["testserver"])
def unchanged_polls(count: int = 300) -> dict:
    """An unchanged poll of a running game: the API's game detail with the ETag it gave
    (304), the page's panel with its ETag (304) and with the htmx poll's version (204), each
    request followed by one to the floor, so that all meet the same machine."""
    game = new_game("gazobu", 2)
    player = game.seats.get(position=0).user
    token = Token.objects.get_or_create(user=player)[0].key
    auth = {"HTTP_AUTHORIZATION": f"Token {token}"}
    api, page = Client(), Client()
    page.force_login(player)
    detail, panel = f"/api/games/{game.pk}/", f"/games/{game.pk}/panel/"
    api_etag = api.get(detail, **auth)["ETag"]
    panel_etag = page.get(panel)["ETag"]  # the session cached, as a poller's
    version = panel_etag.strip('"')
    polls = {
        "api_304": lambda: api.get(detail, HTTP_IF_NONE_MATCH=api_etag, **auth),
        "panel_304": lambda: page.get(panel, HTTP_IF_NONE_MATCH=panel_etag),
        "panel_204": lambda: page.get(panel, {"version": version}),
        "floor": lambda: api.get("/bench/get-floor/", **auth),
    }
    expected = {"api_304": 304, "panel_304": 304, "panel_204": 204, "floor": 200}
    for name, poll in polls.items():
        assert poll().status_code == expected[name], name
    samples: dict[str, list[tuple[float, int]]] = {name: [] for name in polls}
    for _ in range(count):
        for name, poll in polls.items():
            samples[name].append(measured(poll))
    return {"vendor": connection.vendor, **{name: summary(s) for name, s in samples.items()}}


BUSY_GAMES = 30


def busy_player():
    """A player in thirty games of every kind (two to four seats): running, forming, finished."""
    model = get_user_model()
    player, *others = (
        model.objects.get_or_create(
            username=f"busy{n}", defaults={"email": f"busy{n}@example.com"}
        )[0]
        for n in range(4)
    )
    rng = Rng("dashboard")
    slugs = games.slugs()
    for n in range(BUSY_GAMES):
        rules = games.get(slugs[n % len(slugs)])
        seats = min(rules.max_players, max(rules.min_players, 2 + n % 3))
        game = store.create_game(player, rules.slug, seats, {})
        if n % 10 == 9:
            continue  # still forming
        for other in others[: seats - 1]:
            store.join_game(game, other)
        game.refresh_from_db()
        if n % 10 == 8:
            store.resign(game, player, Move.Source.RESIGN)
        else:
            play_bot_steps(game, rng, n % 4)
    return player


@override_settings(ALLOWED_HOSTS=["testserver"])
def dashboard(repeat: int = 50) -> dict:
    """The dashboard of a player with thirty games, and its live list's unchanged poll."""
    player = busy_player()
    client = Client()
    client.force_login(player)
    html = client.get("/").content.decode()
    version = html.split("games/mine/?version=", 1)[1].split('"', 1)[0]
    page = [measured(lambda: client.get("/")) for _ in range(repeat)]
    poll = [
        measured(lambda: client.get("/games/mine/", {"version": version})) for _ in range(repeat)
    ]
    assert client.get("/games/mine/", {"version": version}).status_code == 204
    shown = Game.objects.filter(seats__user=player).count()
    return {
        "vendor": connection.vendor,
        "games": shown,
        "page": summary(page),
        "poll": summary(poll),
    }


# The two lengths, and a game that just fills the page's window of the log (80 lines,
# web.pages.HISTORY_AROUND either side). A 30-move game can show 30 lines at most, so it is
# compared with the long game at a window of 30 lines in both (the same window, as the issue
# asks: what grows with the log, not with the lines shown), and at a step as far past the
# long game's snapshot as the short game's is past its setup (each replays the same number of
# steps, at most SNAPSHOT_EVERY in any game). The game that fills the page's own window is
# compared with the long game at 80 lines in both, each at its last move but one.
LOG_LENGTHS = {"short": 30, "window": 100, "long": 1000}
SHORT_WINDOW = LOG_LENGTHS["short"] // 2


@contextmanager
def history_around(around: int) -> Iterator[None]:
    kept = pages.HISTORY_AROUND
    pages.HISTORY_AROUND = around
    try:
        yield
    finally:
        pages.HISTORY_AROUND = kept


def same_replay_as(seq: int, upto: int) -> int:
    """The latest step at most `upto` that replays as many steps from its snapshot as `seq`
    does from its own (or from the setup)."""
    past = seq % SNAPSHOT_EVERY
    return (upto - past) // SNAPSHOT_EVERY * SNAPSHOT_EVERY + past


@override_settings(ALLOWED_HOSTS=["testserver"])
def history_by_log_length(repeat: int = 30) -> dict:
    """The history page in DOS games to 500 points at about 30, 100 and 1,000 moves, read in
    turn: the short and the long game at the short game's window (30 lines) and the same
    distance from a snapshot, the 100- and the 1,000-move game at the page's (80 lines)."""
    rng = Rng("history-length")
    by_length = {
        name: play_bot_steps(new_game("dos", 2, {"target": 500}), rng, length)
        for name, length in LOG_LENGTHS.items()
    }
    client = Client()
    client.force_login(by_length["short"].seats.get(position=0).user)
    urls = {
        name: f"/games/{game.pk}/history/?seq={max(0, game.seq - 1)}"
        for name, game in by_length.items()
    }
    long = by_length["long"]
    same_step = same_replay_as(by_length["short"].seq - 1, long.seq - 1)
    reads = {
        # name: (url, lines either side of the step)
        "short": (urls["short"], SHORT_WINDOW),
        "long_short_window": (f"/games/{long.pk}/history/?seq={same_step}", SHORT_WINDOW),
        # The most a step replays (SNAPSHOT_EVERY - 1), shown beside the fair comparison.
        "long_last_short_window": (urls["long"], SHORT_WINDOW),
        "window": (urls["window"], pages.HISTORY_AROUND),
        "long": (urls["long"], pages.HISTORY_AROUND),
    }
    for url, around in reads.values():
        with history_around(around):
            assert client.get(url).status_code == 200, url
    samples: dict[str, list[tuple[float, int]]] = {name: [] for name in reads}
    for _ in range(repeat):
        for name, (url, around) in reads.items():
            with history_around(around):
                samples[name].append(measured(lambda url=url: client.get(url)))
    figures = {"vendor": connection.vendor}
    for name in reads:
        game = by_length["long" if name.startswith("long") else name]
        lines = 2 * reads[name][1] if game.seq >= 2 * reads[name][1] else game.seq
        seq = int(reads[name][0].rsplit("=", 1)[1])
        figures[name] = {"moves": game.seq, "seq": seq, "lines": lines, **summary(samples[name])}
    return figures
