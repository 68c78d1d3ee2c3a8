"""An unchanged poll reads nothing about the game: the token a poller holds is checked against
the game's and the player's stamps in the cache, which every write through the store (and the
few writers beside it) changes when it takes the lock and again once it commits. A write is seen
at the next poll; a cache that lost the stamps, or is away, falls back to the database."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.core.cache import caches
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tabletop.play import clock, notes, presence, stamps, store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at


@pytest.fixture
def players(make_user):
    return [make_user("ann"), make_user("ben")]


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def with_token(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token " + Token.objects.create(user=user).key)
    return client


def panel(game: Game) -> str:
    return f"/games/{game.pk}/panel/"


def detail(game: Game) -> str:
    return f"/api/games/{game.pk}/"


def about_games(queries: CaptureQueriesContext) -> list[str]:
    """The statements that read or write anything of play (games, seats, talk, notes...)."""
    return [query["sql"] for query in queries if '"play_' in query["sql"]]


def poll(client, path: str, etag: str):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path, HTTP_IF_NONE_MATCH=etag)
    return response, queries


def polled_version(html: str) -> str:
    """The version the panel's htmx poll sends back."""
    return re.search(r"panel/\?version=([^\"&]+)", html).group(1)


def play(game: Game, move: dict | None = None) -> None:
    seat = game.to_act[0]
    move = move or game.rules.legal_moves(game.state, seat)[0]
    store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
    game.refresh_from_db()


def test_an_unchanged_panel_poll_answers_304_without_a_query_about_the_game(players):
    game = started_game(players)
    client = logged_in(players[0])
    first = client.get(panel(game))
    unchanged, queries = poll(client, panel(game), first["ETag"])
    assert unchanged.status_code == 304
    assert unchanged["ETag"] == first["ETag"]
    assert about_games(queries) == []
    # The session comes from the cache; the one query left is the player's row with their
    # preferences (auth).
    assert len(queries) == 1, [query["sql"] for query in queries]


def test_the_htmx_poll_answers_204_without_a_query_about_the_game(players):
    game = started_game(players)
    client = logged_in(players[0])
    version = polled_version(client.get(f"/games/{game.pk}/").content.decode())
    with CaptureQueriesContext(connection) as queries:
        assert client.get(panel(game), {"version": version}).status_code == 204
    assert about_games(queries) == []
    # The move number anyone sees, and a digest: nothing else about the game.
    assert re.fullmatch(rf"{game.seq}\.[0-9a-f]{{20}}", version)


def test_an_unchanged_api_detail_answers_304_with_the_token_query_alone(players):
    game = started_game(players)
    client = with_token(players[1])
    first = client.get(detail(game))
    unchanged, queries = poll(client, detail(game), first["ETag"])
    assert unchanged.status_code == 304
    assert about_games(queries) == []
    assert len(queries) == 1, [query["sql"] for query in queries]


def test_an_unchanged_poll_still_tells_mail_the_player_is_at_the_game(players):
    game = started_game(players)
    client = logged_in(players[0])
    first = client.get(panel(game))
    before = presence.last_seen(players[0].pk, game.pk).at
    assert poll(client, panel(game), first["ETag"])[0].status_code == 304
    seen = presence.last_seen(players[0].pk, game.pk)
    assert (seen.seq, seen.at >= before) == (game.seq, True)


# What the cache backend is asked, each a round trip to Redis: a get_many is one MGET, a
# set_many one pipeline.
CACHE_CALLS = ("get", "get_many", "set", "set_many", "add", "delete", "delete_many", "has_key")


@pytest.fixture
def cache_calls(monkeypatch) -> list[str]:
    """The calls made to the cache from outside it, in order. A call the backend makes to
    itself (the file cache answers get_many with a get per key) is not one more round trip."""
    backend, calls, depth = caches["default"], [], [0]

    def counted(name, method):
        def call(*args, **kwargs):
            if depth[0] == 0:
                calls.append(name)
            depth[0] += 1
            try:
                return method(*args, **kwargs)
            finally:
                depth[0] -= 1

        return call

    for name in CACHE_CALLS:
        monkeypatch.setattr(backend, name, counted(name, getattr(backend, name)))
    return calls


def test_an_unchanged_panel_poll_asks_the_cache_twice(players, cache_calls):
    game = started_game(players)
    client = logged_in(players[0])
    first = client.get(panel(game))
    cache_calls.clear()
    assert poll(client, panel(game), first["ETag"])[0].status_code == 304
    # The session; the stamps with the presence mark. The time zone and language come with
    # the player, in the poll's one query.
    assert cache_calls == ["get", "get_many"]


def test_an_unchanged_poll_renews_a_presence_mark_older_than_a_minute(players, cache_calls):
    game = started_game(players)
    client = logged_in(players[0])
    start = clock.now().replace(microsecond=0)
    clock.set_now(start)
    try:
        etag = client.get(panel(game))["ETag"]
        clock.set_now(start + timedelta(seconds=presence.REMARK_SECONDS - 1))
        assert poll(client, panel(game), etag)[0].status_code == 304
        assert presence.last_marked(players[0].pk, game.pk).at == start
        clock.set_now(start + timedelta(seconds=presence.REMARK_SECONDS))
        cache_calls.clear()
        assert poll(client, panel(game), etag)[0].status_code == 304
        assert cache_calls[-1] == "set"
        renewed = presence.last_marked(players[0].pk, game.pk)
        assert (renewed.at, renewed.seq) == (clock.now(), game.seq)
    finally:
        clock.set_now(None)


def test_a_move_is_seen_at_the_next_poll(players):
    game = started_game(players)
    client = logged_in(players[0])
    api = with_token(players[0])
    page, detailed = client.get(panel(game)), api.get(detail(game))
    play(game)
    moved, _ = poll(client, panel(game), page["ETag"])
    assert moved.status_code == 200
    assert f'data-seq="{game.seq}"' in moved.content.decode()
    api_moved, _ = poll(api, detail(game), detailed["ETag"])
    assert (api_moved.status_code, api_moved.json()["seq"]) == (200, game.seq)
    assert poll(client, panel(game), moved["ETag"])[0].status_code == 304


def test_a_take_back_is_seen_at_the_next_poll(players):
    game = started_game(players)
    play(game, {"kind": "draw"})
    play(game, {"kind": "place", "card": game.state["drawn"][0], "column": 1})
    taker = user_at(game, game.to_act[0])
    client = logged_in(user_at(game, 1 - game.to_act[0]))
    first = client.get(panel(game))
    store.take_back(game, taker, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    taken, _ = poll(client, panel(game), first["ETag"])
    assert taken.status_code == 200
    assert f'data-seq="{game.seq}"' in taken.content.decode()


def test_the_end_of_the_game_is_seen_at_the_next_poll(players):
    game = started_game(players)
    client = logged_in(players[1])
    first = client.get(panel(game))
    store.resign(game, players[0], Move.Source.RESIGN)
    ended, _ = poll(client, panel(game), first["ETag"])
    assert ended.status_code == 200
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED


def test_a_note_changes_its_writers_poll_and_nobody_elses(players):
    game = started_game(players)
    ann, ben = logged_in(players[0]), logged_in(players[1])
    anns, bens = ann.get(panel(game))["ETag"], ben.get(panel(game))["ETag"]
    notes.keep(game, players[0], "watch column 2")
    assert poll(ann, panel(game), anns)[0].status_code == 200
    assert poll(ben, panel(game), bens)[0].status_code == 304


def test_a_move_in_another_game_changes_the_players_poll(players, make_user):
    """The panel links to the player's next game waiting for them elsewhere."""
    game = started_game(players)
    other = started_game([players[0], make_user("cat")])
    client = logged_in(players[0])
    first = client.get(panel(game))
    play(other)
    assert poll(client, panel(game), first["ETag"])[0].status_code == 200


def test_the_commit_changes_the_stamp_again(players, django_capture_on_commit_callbacks):
    """A poll that read the rows between the write and its commit holds the stamp of the
    write's lock; the commit moves the stamp past it."""
    game = started_game(players)
    # The callbacks run as a commit would run them, once the block is left.
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        play(game)
        during = stamps.read(game.pk, players[0])
    after = stamps.read(game.pk, players[0])
    assert during.token(game.seq) != after.token(game.seq)


def test_a_poll_after_the_cache_lost_the_stamps_is_answered_from_the_database(players):
    game = started_game(players)
    client = logged_in(players[0])
    first = client.get(panel(game))
    stamps.cache.delete_many([stamps.game_key(game.pk), stamps.player_key(players[0].pk)])
    refetched, queries = poll(client, panel(game), first["ETag"])
    assert refetched.status_code == 200  # never a 304 on a stamp the cache no longer holds
    assert about_games(queries) != []
    assert refetched["ETag"] != first["ETag"]
    unchanged, queries = poll(client, panel(game), refetched["ETag"])
    assert (unchanged.status_code, about_games(queries)) == (304, [])


def test_with_the_cache_away_the_poll_answers_from_the_games_version(players, settings):
    game = started_game(players)
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    client = logged_in(players[0])
    first = client.get(panel(game))
    unchanged, queries = poll(client, panel(game), first["ETag"])
    assert unchanged.status_code == 304
    assert len(about_games(queries)) == 1  # the version, read from the database
    play(game)
    assert poll(client, panel(game), first["ETag"])[0].status_code == 200


def test_another_viewers_token_or_a_star_answers_no_one(players, make_user):
    game = started_game(players)
    anns = logged_in(players[0]).get(panel(game))["ETag"]
    cat = logged_in(make_user("cat"))
    assert poll(cat, panel(game), anns)[0].status_code == 200
    assert poll(Client(), panel(game), anns)[0].status_code == 200
