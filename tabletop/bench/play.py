"""Measurements printed by `manage.py benchmark`. Figures, not pass/fail tests."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.test import Client
from django.test.utils import override_settings
from django.urls import include, path
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

import games
from games import Rng, step_rng
from games.bots import random_move
from tabletop.bench.queries import QueryCounter
from tabletop.mail.models import LocalMail
from tabletop.play import store
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.models import Game


def playouts_per_second(slug: str, seconds: float = 2.0) -> tuple[float, float]:
    """Random games played to the end by the rules alone: (games per second, steps per second)."""
    rules = games.get(slug)
    played = steps = 0
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    while time.perf_counter() < deadline:
        players = rules.min_players + played % (rules.max_players - rules.min_players + 1)
        seed = f"bench-{played}"
        state = rules.setup(players, {}, step_rng(seed, 0))
        bot = Rng(seed + ":bot")
        while seats := rules.to_act(state):
            seat = bot.choice(seats)
            steps += 1
            state = rules.apply(
                state, seat, random_move(rules, state, seat, bot), step_rng(seed, steps)
            )
        played += 1
    elapsed = time.perf_counter() - started
    return played / elapsed, steps / elapsed


def users(count: int) -> list:
    model = get_user_model()
    return [
        model.objects.get_or_create(username=f"bench{n}", defaults={"email": f"b{n}@example.com"})[
            0
        ]
        for n in range(count)
    ]


def new_game(slug: str, seats: int, options: dict | None = None) -> Game:
    players = users(seats)
    game = store.create_game(players[0], slug, seats, options or {})
    for user in players[1:]:
        store.join_game(game, user)
    game.refresh_from_db()
    return game


def long_game(moves: int) -> Game:
    """A game with at least `moves` logged moves, from whichever game runs long enough."""
    rng = Rng("long")
    for slug in ("dos", "dr_gomb", "dr_hrubec", "buttons", "gazobu"):
        try:
            game = play_bot_steps(new_game(slug, 2), rng, moves)
        except ModuleNotFoundError:
            continue
        if game.seq >= moves:
            return game
    raise RuntimeError(f"no game reached {moves} moves")


def timed(action: Callable[[], object], repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return samples


def replay_against_projection(moves: int = 300) -> dict:
    game = long_game(moves)
    rebuild = timed(lambda: store.replay(game, from_setup=True), 5)  # the whole log
    from_snapshot = timed(lambda: store.replay(game), 5)  # as readers do
    read = timed(lambda: Game.objects.get(pk=game.pk).state, 50)
    return {
        "slug": game.slug,
        "moves": game.seq,
        "rebuild": statistics.median(rebuild),
        "from_snapshot": statistics.median(from_snapshot),
        "read": statistics.median(read),
    }


class Floor(APIView):
    """A fair floor for a move: what any authenticated API write costs before the rules.

    DRF with token authentication, one insert in a transaction, a JSON answer.
    """

    authentication_classes = [TokenAuthentication]
    permission_classes = [IsAuthenticated]
    throttle_classes: list = []

    def post(self, request):
        with transaction.atomic():
            LocalMail.objects.create(
                sender="bench", recipients=request.user.get_username(), subject="floor", message=""
            )
        return Response({"ok": True}, status=201)


class ServiceFloor(Floor):
    """The same floor authenticated as the service's API is (its own token query, and the
    player's language), for comparison: the issue's floor is DRF's own token class."""

    authentication_classes = api_settings.DEFAULT_AUTHENTICATION_CLASSES


urlpatterns = [
    path("bench/floor/", Floor.as_view()),
    path("bench/service-floor/", ServiceFloor.as_view()),
    path("", include("tabletop.urls")),
]


def percentile(samples: list[float], fraction: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


@override_settings(ROOT_URLCONF=__name__, ALLOWED_HOSTS=["testserver"])
def api_latency(count: int = 300) -> dict:
    """p50/p95 of POST /api/games/{id}/moves/ against the floor endpoints, in-process.

    Each move is followed by one request to each floor, so that all three meet the same
    machine: on a shared two-core machine the floor alone drifted by half between runs."""
    rng = Rng("api")
    client = Client()
    game, tokens = None, {}
    samples: dict[str, list[float]] = {"move": [], "floor": [], "service_floor": []}
    move_queries = []
    while len(samples["move"]) < count:
        if game is None or not game.to_act:
            game = new_game("gazobu", 2)
            tokens = {
                seat.position: Token.objects.get_or_create(user=seat.user)[0].key
                for seat in game.seats.all()
            }
        seat = rng.choice(game.to_act)
        move = random_move(game.rules, game.state, seat, rng)
        auth = {"HTTP_AUTHORIZATION": f"Token {tokens[seat]}"}
        counter = QueryCounter()
        started = time.perf_counter()
        with connection.execute_wrapper(counter):
            response = client.post(
                f"/api/games/{game.pk}/moves/",
                {"move": move, "expected_seq": game.seq},
                content_type="application/json",
                **auth,
            )
        samples["move"].append(time.perf_counter() - started)
        move_queries.append(counter.count)
        assert response.status_code == 201, response.content
        for name, url in (("floor", "/bench/floor/"), ("service_floor", "/bench/service-floor/")):
            started = time.perf_counter()
            assert client.post(url, **auth).status_code == 201
            samples[name].append(time.perf_counter() - started)
        game.refresh_from_db()
    figures = {"vendor": connection.vendor}
    for name, times in samples.items():
        figures[f"{name}_p50"] = percentile(times, 0.5)
        figures[f"{name}_p95"] = percentile(times, 0.95)
    figures["move_queries_p50"] = percentile(move_queries, 0.5)
    figures["move_queries_max"] = max(move_queries)
    return figures


@override_settings(ALLOWED_HOSTS=["testserver"])
def panel_polls(count: int = 100) -> dict:
    """The live panel polled by a logged-in player: built afresh (200) against a conditional
    GET whose ETag still holds (304); p50 and queries of each."""
    game = new_game("gazobu", 2)
    client = Client()
    client.force_login(game.seats.get(position=0).user)
    path = f"/games/{game.pk}/panel/"
    etag = client.get(path)["ETag"]  # the first poll keeps the session cached
    figures = {"vendor": connection.vendor}
    for name, headers in (("fresh", {}), ("unchanged", {"HTTP_IF_NONE_MATCH": etag})):
        times, queries = [], []
        for _ in range(count):
            counter = QueryCounter()
            started = time.perf_counter()
            with connection.execute_wrapper(counter):
                response = client.get(path, **headers)
            times.append(time.perf_counter() - started)
            queries.append(counter.count)
        assert response.status_code == (304 if headers else 200), response.status_code
        figures[name] = {"p50": percentile(times, 0.5), "queries": percentile(queries, 0.5)}
    return figures


# The reads whose cost must not grow with the log, and the lengths they are compared at.
SHORT_LOG, LONG_LOG = 30, 1000


@override_settings(ROOT_URLCONF=__name__, ALLOWED_HOSTS=["testserver"])
def reads_by_log_length(repeat: int = 30) -> dict:
    """p50 of the game page, the moves API (the latest dozen lines, as a client that keeps up
    asks; and a page of 25 from the start), a history step (the API's position at the last
    move but one, the worst case of a snapshot's window) and the history page, in two DOS
    games to 500 points, one at about 30 and one at about 1,000 moves.

    The two are read in turn, a request to one and then the same to the other, so that both
    meet the same machine: read one after the other, the ratio on a shared two-core machine
    moved by half from run to run."""
    rng = Rng("log-length")
    games_by_length = {
        name: play_bot_steps(new_game("dos", 2, {"target": 500}), rng, length)
        for name, length in (("short", SHORT_LOG), ("long", LONG_LOG))
    }
    client = Client()
    # `new_game` seats the same two bench players at every game.
    client.force_login(games_by_length["short"].seats.get(position=0).user)
    urls = {name: read_urls(game) for name, game in games_by_length.items()}
    samples: dict[str, dict[str, list[float]]] = {name: {} for name in games_by_length}
    for read in urls["short"]:
        for name in games_by_length:
            assert client.get(urls[name][read]).status_code == 200, urls[name][read]
        for _ in range(repeat):
            for name in games_by_length:
                started = time.perf_counter()
                client.get(urls[name][read])
                samples[name].setdefault(read, []).append(time.perf_counter() - started)
    figures = {"vendor": connection.vendor}
    for name, game in games_by_length.items():
        figures[name] = {"moves": game.seq}
        for read, times in samples[name].items():
            figures[name][read] = statistics.median(times)
    return figures


def read_urls(game: Game) -> dict[str, str]:
    moves = f"/api/games/{game.pk}/moves/"
    return {
        "game_page": f"/games/{game.pk}/",
        "moves_api": f"{moves}?after={max(0, game.seq - 12)}",
        "moves_api_page": f"{moves}?limit=25",
        "history_step": f"/api/games/{game.pk}/states/{max(0, game.seq - 1)}/",
        "history_page": f"/games/{game.pk}/history/?seq={max(0, game.seq - 1)}",
    }
