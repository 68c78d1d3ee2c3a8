"""The load test's two ends in the database (`make load`): seeding the players and their games
before Locust starts, and checking the logs against what Locust saw accepted after it stops.

Players come in three kinds, as they do in life: `page` players keep their games open in the
browser (the live panel polls), `api` players run a client that polls the games list, and
`email` players only ever read their turn emails and reply to them. Each sits at `per_player`
two-player games with their neighbours in a ring, every game started through the store as if
they had joined it on the site.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.db import transaction
from django.db.models import Count
from rest_framework.authtoken.models import Token

from tabletop.mail.models import InboundMail, Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move

# Games that outlast a run of minutes at a move per poll (a Gazobu game is over in about 20
# steps) and whose players take turns one at a time, so a move is never raced by the other seat.
SLUGS = ("dos", "dr_gomb", "dr_hrubec")
# Two page players and two API players for each email player.
KINDS = ("page", "api", "email", "api", "page")
PLAYER_SOURCES = (Move.Source.WEB, Move.Source.API, Move.Source.EMAIL)
SOURCE_OF_KIND = {"page": Move.Source.WEB, "api": Move.Source.API, "email": Move.Source.EMAIL}
MAIL_DOMAIN = "players.load.test"


def kind_of(number: int) -> str:
    return KINDS[number % len(KINDS)]


def seed(count: int, per_player: int = 2) -> list[dict]:
    """`count` players with what their clients need (API token, logged-in session, address)
    and their games: with `per_player` 1 pairs of players, with 2 a ring of neighbours."""
    if count < 2 or count % 2 and per_player == 1:
        raise ValueError("pairs of players need an even number of at least 2")
    users = [player(number) for number in range(count)]
    pairs = (
        [(n, n + 1) for n in range(0, count, 2)]
        if per_player == 1
        else [(n, (n + 1) % count) for n in range(count if count > 2 else 1)]
    )
    tables: dict[int, list[list[int]]] = {n: [] for n in range(count)}
    for index, (first, second) in enumerate(pairs):
        game = store.create_game(users[first], SLUGS[index % len(SLUGS)], 2)
        store.join_game(game, users[second])
        for number in (first, second):
            tables[number].append([game.pk, game.seat_of(users[number])])
    return [
        {
            "name": user.username,
            "kind": kind_of(number),
            "email": user.email,
            "token": Token.objects.create(user=user).key,
            "session": logged_in_session(user),
            "games": tables[number],  # [game id, seat]
        }
        for number, user in enumerate(users)
    ]


def player(number: int):
    """A player whose address is verified (else no turn email goes to it) and who has no
    password: nobody logs in during the run (a log-in is a deliberately slow hash)."""
    name = f"load{number:05d}"
    with transaction.atomic():
        user = get_user_model().objects.create_user(name, f"{name}@{MAIL_DOMAIN}")
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def logged_in_session(user) -> str:
    """The key of a session logged in as `user`, as a returning player's browser holds one."""
    session = import_module(settings.SESSION_ENGINE).SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def write_players(players: list[dict], path: Path) -> None:
    path.write_text(json.dumps(players, indent=1))


# ---------------------------------------------------------------------------- after the run


@dataclass
class Verdict:
    games: int = 0
    moves: Counter = field(default_factory=Counter)  # logged by the players, by source
    accepted: Counter = field(default_factory=Counter)  # seen accepted by Locust, by source
    lost: list[str] = field(default_factory=list)  # accepted but not in the log
    # In the log but never seen accepted: the client gave up waiting (an error it saw), or
    # an email's answer had not come back when the run ended. Not lost, but not clean either.
    unconfirmed: list[str] = field(default_factory=list)
    broken_logs: list[str] = field(default_factory=list)
    mail: dict = field(default_factory=dict)

    @property
    def sound(self) -> bool:
        """Every log replays to its projection and holds every move its player was told of."""
        return not (self.lost or self.broken_logs)


def check(accepted: dict[str, int]) -> Verdict:
    """Replay every game's log against its projection, and hold the players' moves in the log
    against Locust's count of accepted moves, `{"<game>:<seat>:<source>": count}`."""
    verdict = Verdict()
    for game in Game.objects.exclude(status=Game.Status.OPEN).order_by("pk").iterator():
        verdict.games += 1
        problems = store.verify(game)
        if problems:
            verdict.broken_logs.append(f"game {game.pk}: " + "; ".join(problems))
    logged = (
        Move.objects.filter(source__in=PLAYER_SOURCES)
        .values_list("game_id", "seat", "source")
        .annotate(count=Count("pk"))
    )
    in_log = {f"{game}:{seat}:{source}": count for game, seat, source, count in logged}
    for key in sorted(set(in_log) | set(accepted)):
        source = key.rsplit(":", 1)[1]
        seen, kept = accepted.get(key, 0), in_log.get(key, 0)
        verdict.moves[source] += kept
        verdict.accepted[source] += seen
        if kept < seen:
            verdict.lost.append(f"{key}: {seen} accepted, {kept} in the log")
        elif kept > seen:
            verdict.unconfirmed.append(f"{key}: {kept} in the log, {seen} seen accepted")
    verdict.mail = {
        "outbox": dict(Counter(Outbox.objects.values_list("status", flat=True))),
        "inbound": dict(Counter(InboundMail.objects.values_list("result", flat=True))),
    }
    return verdict
