"""Schemathesis throws generated requests at every operation of /api/schema/, in process.

Once as the player whose turn it is in a started game (with a token) and once anonymously,
against real games (open, started and finished) and ids that do not exist, with every check
schemathesis has. Any 5xx fails, and so does any answer the schema does not describe: an
undocumented status, content type, header or body; a request that breaks the schema yet is
accepted, or keeps to it yet is refused (but for the rules' own 400s, REFUSED_BY_THE_RULES);
a method the schema does not list answered other than 405 with Allow; an operation that needs
credentials answering without them.

The run is bounded (a fixed seed, MAX_EXAMPLES per operation) to stay within a minute.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.cache import cache
from django.core.wsgi import get_wsgi_application
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from rest_framework.authtoken.models import Token
from schemathesis.config import SchemathesisConfig
from werkzeug.test import Client

from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at

# Each request commits, as it would in production: the WSGI app closes its connection
# after each one, which an outer test transaction would not survive. Sequences start
# afresh so that the games get the ids the schema's dictionaries name (GAME_IDS).
pytestmark = pytest.mark.django_db(transaction=True, reset_sequences=True)

SEED = 20250611
MAX_EXAMPLES = 25
GAME_IDS = [1, 2, 3]  # started, open, finished: see games_at_every_stage

# Every check schemathesis has (test_the_fuzzing_runs_every_check_schemathesis_has). The
# ones about links between operations (use_after_free, ensure_resource_availability,
# object_level_authorization) speak only in a stateful phase, which this bounded run leaves
# out; they are on all the same.
CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
    "negative_data_rejection",
    "positive_data_acceptance",
    "missing_required_header",
    "unsupported_method",
    "allow_header_conformance",
    "ignored_auth",
    "use_after_free",
    "ensure_resource_availability",
    "object_level_authorization",
)

# A request can match the schema and still be refused, with the 400 its operation lists, by a rule
# no schema can state: the rules of the game or the state it is in (an illegal move, 7 players for a
# 2 to 4 player game, a seat you already have, nothing of yours to take back, a step the game does
# not have), a rule across fields (an `end` vote says how; `won` needs a player), or a fact outside
# the request (no player with that name and password, a webhook's host that is not public). For
# these operations alone a 400 is an answer to schema-valid data; anywhere else it means the schema
# lets through what the service refuses, and fails.
REFUSED_BY_THE_RULES = [
    "auth_token_create",
    "games_create",
    "games_join",
    "games_moves_create",
    "games_takeback_create",
    "games_votes_create",
    "games_votes_answer",
    "games_invitations_create",
    "games_webhook_update",
    "games_webhooks_create",
    "games_webhooks_update",
    "me_preferences_partial_update",
    "games_archive_list",
    # A step out of the game's range or after its end, a seating the game cannot have.
    "games_fork",
    # A step the game does not have (no schema can say which steps a game has).
    "games_comments_create",
    # An invitee nobody plays under, a sign-up deadline already past, a game not played at
    # tables of that size, a Swiss tournament without rounds (its description lists them).
    "tournaments_create",
]
ACCEPTED = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx"]


def fuzz_config(*, with_credentials: bool) -> SchemathesisConfig:
    return SchemathesisConfig.from_dict(
        {
            "seed": SEED,
            "dictionaries": {"games": {"values": GAME_IDS}, "seqs": {"values": [0, 1, 2]}},
            "parameters": {
                # Real games and moves while fuzzing; the coverage phase tries odd ids.
                "path.game_id": {"dictionary": "games"},
                "path.seq": {"dictionary": "seqs"},
                # Often the seq the game is at, so that generated moves reach the rules.
                "body.expected_seq": {"dictionary": "seqs", "probability": 0.5},
            },
            "generation": {
                "max-examples": MAX_EXAMPLES,
                "database": "none",
                "deterministic": True,
                # Anonymous means no credentials at all, not random ones.
                "with-security-parameters": with_credentials,
            },
            "phases": {"stateful": {"enabled": False}},
            "checks": {"enabled": False, **{name: {"enabled": True} for name in CHECKS}},
            "operations": [
                {
                    "include-operation-id": REFUSED_BY_THE_RULES,
                    "checks": {
                        "positive_data_acceptance": {"expected-statuses": [*ACCEPTED, "400"]}
                    },
                }
            ],
        }
    )


def served(app):
    """The app as a WSGI server runs it, where every request comes from an address (the
    rate limits count by it); schemathesis' WSGI client sends none."""

    def wsgi(environ, start_response):
        environ.setdefault("REMOTE_ADDR", "127.0.0.1")
        return app(environ, start_response)

    return wsgi


APP = served(get_wsgi_application())


def load_schema(*, with_credentials: bool):
    # Loaded when the module is collected (serving the schema needs no database):
    # schemathesis.pytest.from_fixture would wait for fixtures, but does not run on pytest 9.
    return schemathesis.openapi.from_wsgi(
        "/api/schema/?format=json", APP, config=fuzz_config(with_credentials=with_credentials)
    )


seated = load_schema(with_credentials=True)
anonymous = load_schema(with_credentials=False)


@pytest.fixture
def fast_passwords(settings) -> None:
    # auth/token/ hashes every password it is sent (even for no such user); the default
    # hasher's work factor would make that most of the run's time.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def own_cache(settings) -> None:
    """A cache of this test's own (not Redis, which other tests and Celery share), so that
    the rate limits it counts can be forgotten before each example."""
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "fuzz"}
    }


@pytest.fixture
def games_at_every_stage(fast_passwords, own_cache, make_user) -> dict:
    ann, ben, cat, dan = (make_user(name) for name in ("ann", "ben", "cat", "dan"))
    started = started_game([ann, ben, cat])
    open_game = store.create_game(dan, "gazobu", 3)
    finished = started_game([ann, ben])
    store.resign(finished, ben, Move.Source.RESIGN)
    assert [started.pk, open_game.pk, finished.pk] == GAME_IDS
    mover = user_at(started, started.to_act[0])
    return {"token": Token.objects.create(user=mover).key}


# The games are set up once for all the examples of a test, on purpose: every example plays
# against the same games, whatever the examples before it did to them.
ONE_SET_OF_GAMES = hypothesis_settings(suppress_health_check=[HealthCheck.function_scoped_fixture])


@seated.parametrize()
@ONE_SET_OF_GAMES
def test_the_api_answers_a_seated_player_only_as_its_schema_says(case, games_at_every_stage):
    cache.clear()  # rate limits: each example is a first try, not the 200th in a minute
    case.call_and_validate(headers={"Authorization": f"Token {games_at_every_stage['token']}"})


@anonymous.parametrize()
@ONE_SET_OF_GAMES
def test_the_api_answers_anyone_only_as_its_schema_says(case, games_at_every_stage):
    cache.clear()
    case.call_and_validate()


def operation_path(path: str) -> str:
    """/api/games/7/states/1/ -> /api/games/{game_id}/states/{seq}/"""
    parts = path.split("/")
    names = iter(["{game_id}", "{seq}"])
    return "/".join(next(names) if part.isdigit() else part for part in parts)


def test_a_game_played_through_the_api_answers_as_its_schema_says(
    fast_passwords, own_cache, make_user
):
    """The answers fuzzing seldom reaches (a move logged, a game over), one by one."""
    ann, ben, eve = make_user("ann"), make_user("ben"), make_user("eve")
    tokens = {user: Token.objects.create(user=user).key for user in (ann, eve)}
    client = Client(APP)

    def call(method: str, path: str, status: int, user=None, **kwargs):
        headers = {"Authorization": f"Token {tokens[user]}"} if user else {}
        response = client.open(path, method=method, headers=headers, **kwargs)
        assert response.status_code == status, response.get_data(as_text=True)
        seated[operation_path(path)][method].validate_response(response)
        return response.json

    login = {"username": "ben", "password": "pw-ben"}
    tokens[ben] = call("POST", "/api/auth/token/", 200, data=login)["token"]

    created = call("POST", "/api/games/", 201, ann, json={"game": "gazobu", "players": 2})
    game = f"/api/games/{created['id']}"
    assert call("GET", f"{game}/moves/", 200) == []
    call("GET", f"{game}/states/0/", 409)
    call("POST", f"{game}/join/", 400, ann)  # already seated
    joined = call("POST", f"{game}/join/", 200, ben)
    assert joined["status"] == "active"

    seats = [ann, ben]
    mover = seats[joined["to_act"][0]]
    move = call("GET", f"{game}/", 200, mover)["legal_moves"][0]["move"]
    moved = call("POST", f"{game}/moves/", 201, mover, json={"move": move, "expected_seq": 0})
    assert moved["logged"][0] == 1
    stale = call("POST", f"{game}/moves/", 409, mover, json={"move": move, "expected_seq": 0})
    assert stale["current_seq"] == moved["seq"]
    now = {"expected_seq": moved["seq"]}
    waiting = seats[moved["to_act"][0]]
    fly = {"move": {"kind": "fly"}, **now}
    assert call("POST", f"{game}/moves/", 400, waiting, json=fly)["legal"]
    call("POST", f"{game}/moves/", 403, eve, json=fly)
    assert call("GET", f"{game}/moves/", 200, ann)[0]["seq"] == 1
    call("GET", f"{game}/states/1/", 200, ann)

    store.resign(Game.objects.get(pk=created["id"]), waiting, Move.Source.RESIGN)
    over = call("GET", f"{game}/", 200)
    assert over["status"] == "finished" and over["seed"] and over["outcome"]["winners"]
    assert len(call("GET", f"{game}/states/1/", 200)["views"]) == 2
    assert [summary["id"] for summary in call("GET", "/api/games/", 200, ann)] == [created["id"]]


def test_the_fuzzing_runs_every_check_schemathesis_has():
    assert set(CHECKS) == {check.__name__ for check in schemathesis.checks.CHECKS.get_all()}
