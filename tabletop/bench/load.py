"""The load test's two ends in the database (`make load`): seeding the players and their games
before Locust starts, and checking the logs against what Locust saw accepted after it stops.

Players come in three kinds, as they do in life: `page` players keep their games open in the
browser (the live panel polls), `api` players run a client that polls the games list, and
`email` players only ever read their turn emails and reply to them. Each sits at `per_player`
two-player games with their neighbours in a ring, every game started through the store as if
they had joined it on the site.
"""

from __future__ import annotations

import itertools
import json
import multiprocessing
import random
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from importlib import import_module
from pathlib import Path

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.sessions.backends.base import VALID_KEY_CHARS
from django.db import connection, connections, transaction
from django.db.models import Case, Count, DateTimeField, F, Max, Min, When
from django.utils import timezone
from django.utils.crypto import get_random_string
from rest_framework.authtoken.models import Token

from tabletop.mail import addresses
from tabletop.mail.models import InboundMail, Outbox
from tabletop.play import backups, store
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
    seeded = [
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
    backups.refresh_statistics()  # as a site's autovacuum keeps them
    return seeded


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


# ---------------------------------------------------------------------------- the slow-game site

# The slow-game site (`make load`'s default model): every game of the catalogue, 2 to 4 seats.
ALL_SLUGS = ("gazobu", "dos", "dr_gomb", "buttons", "dr_hrubec")
TABLE_SIZES = (2, 3, 4)
# How many of a waiting seat's legal moves its seeded letter lists (the reply picks one).
LETTER_MOVES = 8
# Games seated in one transaction (a commit each would wait for the disk ten thousand times).
SEED_BATCH = 200


def plan_tables(count: int, per_player: int = 3) -> list[tuple[str, list[int]]]:
    """Tables of 2 to 4 of `count` players, each player at `per_player` of them: in each
    round the players, shuffled the same way every time, sit down in groups of 2, 3 and 4
    in turn, so nobody sits twice at one table; the games go round the catalogue."""
    if count < 2:
        raise ValueError("a table needs at least 2 players")
    tables = []
    for round_ in range(per_player):
        order = list(range(count))
        random.Random(f"load-seed-{round_}").shuffle(order)
        for group in groups_of_two_to_four(order):
            tables.append((ALL_SLUGS[len(tables) % len(ALL_SLUGS)], group))
    return tables


def groups_of_two_to_four(order: list[int]) -> list[list[int]]:
    """`order` cut into groups of 2, 3 and 4 in turn, the last ones bent so none is left
    alone."""
    groups, start = [], 0
    for size in itertools.cycle(TABLE_SIZES):
        left = len(order) - start
        if left == 0:
            return groups
        if left - size == 1:
            size = size + 1 if size < max(TABLE_SIZES) else size - 1
        size = min(size, left)
        groups.append(order[start : start + size])
        start += size
    return groups


def seed_site(count: int, per_player: int = 3, jobs: int = 1) -> dict:
    """The slow-game site: `count` players, each at `per_player` started games of 2 to 4
    seats of every kind, and the turn emails already out for the seats the games wait for.

    The fast path: players, addresses, tokens and sessions are written in bulk (nothing in
    them is the store's business), and every game is created and joined through the store,
    with its checks, its setup and its announcements, so its log and projection are what
    the site would hold; `jobs` processes seat the tables side by side (each game is its own
    rows, so they never wait on each other). The first turn emails are marked sent, as if
    they had gone out before the run, and come back as letters (reply address and a few legal
    moves) in the players file, for the offline players to answer; a run that began with ten
    thousand turn emails to send would measure that backlog, not the site."""
    users = bulk_players(count)
    started = timezone.now()
    planned = list(enumerate(plan_tables(count, per_player)))
    shares = [planned[job::jobs] for job in range(jobs)]
    if jobs == 1:
        seated = seat_tables(shares[0])
    else:
        # Each process opens its own connections: a pool (DATABASE_POOL_MAX) would be copied
        # into the children without the threads that hand its connections out, and wait.
        connections.close_all()
        for connection in connections.all(initialized_only=True):
            if getattr(connection, "pool", None) is not None:
                connection.close_pool()
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            seated = [table for share in pool.map(seat_tables, shares) for table in share]
    tables: dict[int, list[list[int]]] = {n: [] for n in range(count)}
    letters: dict[int, list[dict]] = {n: [] for n in range(count)}
    for index, game_id, waiting in sorted(seated):
        group = planned[index][1][1]
        for position, number in enumerate(group):
            tables[number].append([game_id, position])
        for held in waiting:
            letters[group[held["seat"]]].append(held)
    Outbox.objects.filter(created__gte=started, status=Outbox.Status.PENDING).update(
        status=Outbox.Status.SENT, sent=timezone.now()
    )
    sessions = bulk_sessions(users)
    tokens = bulk_tokens(users)
    backups.refresh_statistics()  # as a site's autovacuum keeps them
    return {
        "model": "site",
        "players": [
            {
                "name": user.username,
                "kind": "site",
                "email": user.email,
                "token": tokens[user.pk],
                "session": sessions[user.pk],
                "games": tables[number],
                "letters": letters[number],
            }
            for number, user in enumerate(users)
        ],
    }


def seat_tables(share: list[tuple[int, tuple[str, list[int]]]]) -> list[tuple[int, int, list]]:
    """(index, game id, letters of its waiting seats) of each planned table of `share`,
    seated in transactions of SEED_BATCH games."""
    users = players_by_number()
    seated = []
    for first in range(0, len(share), SEED_BATCH):
        with transaction.atomic():
            unhurried_commit()
            for index, (slug, group) in share[first : first + SEED_BATCH]:
                game = seat_table(slug, [users[number] for number in group])
                seated.append((index, game.pk, [letter(game, seat) for seat in game.to_act]))
    return seated


def players_by_number() -> dict[int, object]:
    named = get_user_model().objects.filter(username__startswith="load")
    return {int(user.username[4:]): user for user in named if user.username[4:].isdigit()}


def seat_table(slug: str, users: list):
    """A game of `slug` created by the first of `users` and joined by the others, through
    the store: it starts as the last one sits down."""
    game = store.create_game(users[0], slug, len(users))
    for user in users[1:]:
        store.join_game(game, user)
    game.refresh_from_db()
    return game


def unhurried_commit() -> None:
    """The seed's commits do not wait for the disk (PostgreSQL's synchronous_commit, for
    this transaction only): a crash while seeding loses the seed, which is started again."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit = off")


def bulk_players(count: int) -> list:
    """Players with a verified address (a turn email needs one) and no password, as
    `player` makes them, in a few statements."""
    User = get_user_model()
    names = [f"load{number:05d}" for number in range(count)]
    fresh = []
    for name in names:
        user = User(username=name, email=f"{name}@{MAIL_DOMAIN}")
        user.set_unusable_password()
        fresh.append(user)
    User.objects.bulk_create(fresh, batch_size=2000)
    by_name = User.objects.filter(username__in=names).in_bulk(field_name="username")
    users = [by_name[name] for name in names]
    EmailAddress.objects.bulk_create(
        [EmailAddress(user=u, email=u.email, verified=True, primary=True) for u in users],
        batch_size=2000,
    )
    return users


def bulk_tokens(users: list) -> dict[int, str]:
    tokens = [Token(user=user, key=Token.generate_key()) for user in users]
    Token.objects.bulk_create(tokens, batch_size=2000)
    return {token.user_id: token.key for token in tokens}


def bulk_sessions(users: list) -> dict[int, str]:
    """Logged-in sessions, as `logged_in_session` makes them, written in bulk to the
    database (the cache takes each one at its first read)."""
    engine = import_module(settings.SESSION_ENGINE)
    Session = engine.SessionStore.get_model_class()
    expires = timezone.now() + timedelta(seconds=settings.SESSION_COOKIE_AGE)
    rows, keys = [], {}
    for user in users:
        store_ = engine.SessionStore()
        data = {
            SESSION_KEY: str(user.pk),
            BACKEND_SESSION_KEY: settings.AUTHENTICATION_BACKENDS[0],
            HASH_SESSION_KEY: user.get_session_auth_hash(),
        }
        key = get_random_string(32, VALID_KEY_CHARS)  # as Django draws one, unchecked
        keys[user.pk] = key
        rows.append(Session(session_key=key, session_data=store_.encode(data), expire_date=expires))
    Session.objects.bulk_create(rows, batch_size=2000)
    return keys


def letter(game: Game, seat: int) -> dict:
    """What a seat's turn email gives its player to answer with: the reply address and a
    few of the legal moves, spelled as the email spells them."""
    rules = game.rules
    moves = rules.legal_moves(game.state, seat)
    picked = random.Random(f"letter-{game.pk}-{seat}").sample(moves, min(len(moves), LETTER_MOVES))
    return {
        "game": game.pk,
        "seat": seat,
        "seq": game.seq,
        "reply_to": addresses.reply_address(game, seat, game.seq),
        "moves": [rules.format_move(move, game.state, seat) for move in picked],
    }


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


def check(
    accepted: dict[str, int], began: datetime | None = None, ended: datetime | None = None
) -> Verdict:
    """Replay every game's log against its projection, and hold the players' moves in the log
    against Locust's count of accepted moves, `{"<game>:<seat>:<source>": count}`; with the
    run's times, the longest a turn email written during it waited in the outbox once due."""
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
    if began is not None:
        verdict.mail["longest_turn_wait"] = longest_turn_wait(began, ended or timezone.now())
    return verdict


def longest_turn_wait(began: datetime, ended: datetime) -> float:
    """Seconds, the longest a turn email written during the run waited in the outbox once it
    was due: until it was sent, or until the run ended for one still waiting then.

    An email held back on purpose (its player was at the game, and is told nothing until they
    have gone) is due when the hold ends, its `not_before`; one whose send failed counts from
    its creation, since its retries are waiting too."""
    turns = Outbox.objects.filter(kind=Outbox.Kind.TURN, created__gte=began, created__lte=ended)
    turns = turns.annotate(due=due_time())
    sent = turns.filter(sent__isnull=False).aggregate(longest=Max(F("sent") - F("due")))
    waits = [sent["longest"].total_seconds()] if sent["longest"] else []
    unsent = turns.filter(sent__isnull=True, status=Outbox.Status.PENDING, due__lte=ended)
    oldest = unsent.aggregate(Min("due"))["due__min"]
    if oldest:
        waits.append((ended - oldest).total_seconds())
    return max(waits, default=0.0)


def due_time() -> Case:
    """When an outbox row was due: its hold's end when it was held back without a failure."""
    held = When(last_error="", not_before__isnull=False, then=F("not_before"))
    return Case(held, default=F("created"), output_field=DateTimeField())
