"""Render figures for `manage.py benchmark --only render`: the game panel as a poll rebuilds
it, and the turn email as the worker composes it, each against a floor taken in the same run.

Figures, not pass/fail tests (tests/web/test_panel_queries.py and
tests/mail/test_turn_email_queries.py hold the query counts to their bounds). Each sample is
taken in turn with its floor, so both meet the same machine.
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable
from urllib.parse import parse_qsl, urlsplit

from django.core.mail import EmailMultiAlternatives
from django.db import connection
from django.http import HttpRequest, HttpResponse
from django.template import engines
from django.test import Client
from django.test.utils import override_settings
from django.urls import include, path

import games
from games import Rng
from games.bots import random_move
from tabletop.bench.play import new_game, percentile, users
from tabletop.bench.queries import QueryCounter
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move

# A few moves into the game: a log to tell, a position past the deal.
STEPS_PLAYED = 6
SEATS = 3

FLOOR_PAGE = "{% load i18n %}<p>{% translate 'Your turn' %}, {{ user.get_username }}</p>"
FLOOR_EMAIL_TEXT = "Hello {{ name }},\n\nit is your turn in {{ title }}.\n"
FLOOR_EMAIL_HTML = "<p>Hello {{ name }},</p><p>it is your turn in {{ title }}.</p>"


def floor_page(request: HttpRequest) -> HttpResponse:
    """The panel's floor: the same middleware and session, a bare template rendered."""
    template = engines["django"].from_string(FLOOR_PAGE)
    return HttpResponse(template.render({"user": request.user}, request))


urlpatterns = [
    path("bench/floor-page/", floor_page),
    path("", include("tabletop.urls")),
]


def floor_email(row: Outbox) -> EmailMultiAlternatives:
    """The turn email's floor: an email to the same row, from two bare templates."""
    engine = engines["django"]
    context = {"name": row.user.get_username(), "title": row.game.title}
    message = EmailMultiAlternatives(
        "Your turn", engine.from_string(FLOOR_EMAIL_TEXT).render(context), to=[row.to]
    )
    message.attach_alternative(engine.from_string(FLOOR_EMAIL_HTML).render(context), "text/html")
    return message


def played_games(seats: int = SEATS) -> list[Game]:
    """One game of each kind this server has, a few random moves in."""
    rng = Rng("render")
    found = []
    for slug in games.slugs():
        try:
            games.get(slug)
        except ImportError:
            continue
        found.append(played_by_hand(new_game(slug, seats), rng, STEPS_PLAYED))
    return found


def played_by_hand(game: Game, rng: Rng, steps: int) -> Game:
    """Random legal moves sent as the players' own (through the API): the panel then weighs
    each player's undo, as it does in a game people play."""
    for _ in range(steps):
        if not game.to_act:
            break
        seat = rng.choice(game.to_act)
        move = random_move(game.rules, game.state, seat, rng)
        store.submit(game, game.seats.get(position=seat).user, move, game.seq, Move.Source.API)
        game.refresh_from_db()
    return game


def measured(action: Callable[[], object]) -> tuple[float, int]:
    counter = QueryCounter()
    with connection.execute_wrapper(counter):
        started = time.perf_counter()
        action()
        elapsed = time.perf_counter() - started
    return elapsed, counter.count


def summary(samples: list[tuple[float, int]]) -> dict:
    times = [elapsed for elapsed, _ in samples]
    queries = [count for _, count in samples]
    return {
        "p50": percentile(times, 0.5),
        "p95": percentile(times, 0.95),
        "queries": max(queries),
    }


@override_settings(ROOT_URLCONF=__name__, ALLOWED_HOSTS=["testserver"])
def panel_renders(repeat: int = 20) -> dict:
    """The panel built afresh (a poll that finds the game changed: 200) for a seated player
    and for a logged-in spectator, in a game of each kind, against the floor page."""
    found = played_games()
    spectator = users(SEATS + 1)[-1]
    clients = {"player": Client(), "spectator": Client()}
    # `new_game` seats the same bench players at every game: seat 0 is bench0 everywhere.
    clients["player"].force_login(found[0].seats.get(position=0).user)
    clients["spectator"].force_login(spectator)
    samples: dict[str, list] = {"player": [], "spectator": [], "floor": []}
    # The first request keeps the session cached, and gives the poll as the page sends it.
    polls = {
        (name, game.pk): poll_of(client, game) for game in found for name, client in clients.items()
    }
    clients["player"].get("/bench/floor-page/")
    for _ in range(repeat):
        for game in found:
            for name, client in clients.items():
                poll = polls[name, game.pk]
                samples[name].append(measured(lambda c=client, p=poll: fresh_panel(c, p)))
            samples["floor"].append(measured(lambda: clients["player"].get("/bench/floor-page/")))
    return {
        "vendor": connection.vendor,
        "games": len(found),
        **{name: summary(taken) for name, taken in samples.items()},
    }


def poll_of(client: Client, game: Game) -> tuple[str, dict]:
    """The panel's poll as its page sends it (htmx's hx-get): the path and the parameters."""
    response = client.get(f"/games/{game.pk}/panel/")
    assert response.status_code == 200, response.status_code
    found = re.search(r'hx-get="([^"]+)"', response.content.decode())
    url = urlsplit(html.unescape(found.group(1)))
    return url.path, dict(parse_qsl(url.query))


def fresh_panel(client: Client, poll: tuple[str, dict]) -> None:
    """The page's poll with its version out of date: the panel is rebuilt."""
    path, parameters = poll
    response = client.get(path, {**parameters, "version": "stale"})
    assert response.status_code == 200, response.status_code


def claimed(row_id: int) -> Outbox:
    """The row as the worker holds it once claimed (outbox.claim): the game and the user read."""
    return Outbox.objects.select_related("game", "user").get(pk=row_id)


def turn_emails(repeat: int = 20) -> dict:
    """One turn email composed (not sent) in a game of each kind, against the floor email."""
    rows = [
        Outbox.objects.filter(game=game, kind="turn").latest("pk").pk for game in played_games()
    ]
    samples: dict[str, list] = {"email": [], "floor": []}
    for row_id in rows:
        compose(claimed(row_id))
    for _ in range(repeat):
        for row_id in rows:
            row = claimed(row_id)
            samples["email"].append(measured(lambda r=row: compose(r)))
            samples["floor"].append(measured(lambda r=row: floor_email(r)))
    return {
        "vendor": connection.vendor,
        "games": len(rows),
        **{name: summary(taken) for name, taken in samples.items()},
    }


def report() -> list[str]:
    """The lines `manage.py benchmark --only render` prints."""
    panel, email = panel_renders(), turn_emails()
    floor, mail_floor = panel["floor"], email["floor"]
    lines = [
        f"[{panel['vendor']}] game panel rebuilt for a changed poll, {panel['games']} games "
        f"of {SEATS} seats, {STEPS_PLAYED} moves in (at most 6 queries, 8 ms p50):"
    ]
    for name in ("player", "spectator"):
        lines.append(
            described(
                "a seated player's panel" if name == "player" else "a spectator's panel",
                panel[name],
                floor,
            )
        )
    lines.append(described("floor: a bare template, same session", floor, floor))
    lines.append(
        f"[{email['vendor']}] turn email composed by the worker, {email['games']} games "
        "(at most 6 queries, 10 ms):"
    )
    lines.append(described("a turn email", email["email"], mail_floor))
    lines.append(described("floor: two bare templates, one email", mail_floor, mail_floor))
    return lines


def described(label: str, figures: dict, floor: dict) -> str:
    return (
        f"  {label:40} p50 {figures['p50'] * 1000:6.1f} ms, p95 {figures['p95'] * 1000:6.1f} ms, "
        f"{figures['queries']:2} queries (most), {figures['p50'] / floor['p50']:5.1f}x the floor"
    )
