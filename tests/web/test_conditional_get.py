"""Live updates that cost nothing while nothing changed: the game panel and the API's game
detail answer a conditional GET with 304 from an ETag of the game's version as that viewer
sees it, in at most two queries, and never to someone the table is hidden from."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tabletop.play import chat, invitations, presence, rematches, store, versions
from tabletop.play.models import Game, Move
from tests.helpers.factories import play_random_steps, started_game, user_at


@pytest.fixture
def players(make_user):
    return [make_user("ann"), make_user("ben"), make_user("cat")]


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


def again(client, path: str, etag: str):
    """The same GET, conditional on the ETag it answered before; with the queries it cost."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path, HTTP_IF_NONE_MATCH=etag)
    return response, len(queries)


def move_for_the_other_player(game: Game, watcher) -> None:
    """One step through the store by the seat the game waits for, which is not `watcher`'s."""
    assert game.seat_of(watcher) not in game.to_act
    play_random_steps(game, 1)
    game.refresh_from_db()


def test_the_panel_answers_304_with_the_same_etag_while_nothing_changed(players):
    game = started_game(players[:2])
    client = logged_in(players[0])
    first = client.get(panel(game))
    assert first.status_code == 200
    unchanged, queries = again(client, panel(game), first["ETag"])
    assert unchanged.status_code == 304
    assert unchanged["ETag"] == first["ETag"]
    assert queries <= 2


def test_a_fresh_panel_reads_the_version_once_and_no_move_twice(players):
    """Built afresh after the viewer's own move (the Undo question then looks at the log):
    the version read for the ETag is the one the page carries, and the last move is read
    with its game (a deferred game id cost a query of its own)."""
    game = started_game(players[:2])
    mover = user_at(game, game.to_act[0])
    client = logged_in(mover)
    first = client.get(panel(game))
    store.submit(
        game, mover, game.rules.legal_moves(game.state, game.to_act[0])[0], game.seq, "web"
    )
    with CaptureQueriesContext(connection) as queries:
        response = client.get(panel(game), HTTP_IF_NONE_MATCH=first["ETag"])
    assert response.status_code == 200
    statements = [query["sql"] for query in queries]
    versions_read = [sql for sql in statements if '"play_game"."id" AS "pk"' in sql]
    one_move_by_id = [sql for sql in statements if 'WHERE "play_move"."id" =' in sql]
    assert (len(versions_read), one_move_by_id) == (1, []), "\n".join(statements)


def test_a_move_by_the_other_player_gives_the_panel_anew_with_a_new_etag(players):
    game = started_game(players[:2])
    watcher = user_at(game, 1 - game.to_act[0])
    client = logged_in(watcher)
    first = client.get(panel(game))
    move_for_the_other_player(game, watcher)
    moved, _ = again(client, panel(game), first["ETag"])
    assert moved.status_code == 200
    assert moved["ETag"] != first["ETag"]
    assert f'data-seq="{game.seq}"' in moved.content.decode()
    assert again(client, panel(game), moved["ETag"])[0].status_code == 304


def test_a_line_of_table_talk_gives_the_panel_anew(players):
    game = started_game(players[:2])
    client = logged_in(players[0])
    first = client.get(panel(game))
    chat.post(game, players[1], "nice move", Move.Source.WEB)
    said, _ = again(client, panel(game), first["ETag"])
    assert said.status_code == 200
    assert "nice move" in said.content.decode()
    assert said["ETag"] != first["ETag"]


def test_a_held_seat_answered_gives_the_waiting_room_anew(players):
    ann, ben, _ = players
    game = invitations.create_table(ann, "gazobu", 3, {}, invitees=["ben"])
    client = logged_in(ann)
    first = client.get(panel(game))
    invitations.decline(invitations.latest_for(game, ben), ben)
    declined, _ = again(client, panel(game), first["ETag"])
    assert declined.status_code == 200
    # The htmx poll's version sees it too, not only the ETag.
    version = f"{game.seq}-{game.status}-1"
    assert client.get(panel(game), {"version": version}).status_code == 200


def test_a_rematch_accepted_gives_the_panel_anew(players):
    game = started_game(players[:2])
    store.resign(game, players[0], Move.Source.RESIGN)
    client = logged_in(players[0])
    first = client.get(panel(game))
    rematches.accept(game, players[1])
    proposed, _ = again(client, panel(game), first["ETag"])
    assert proposed.status_code == 200
    assert proposed["ETag"] != first["ETag"]


def test_each_viewer_has_an_etag_of_their_own_and_caches_keep_it_private(players):
    game = started_game(players[:2])
    tags = {
        "ann": logged_in(players[0]).get(panel(game)),
        "ben": logged_in(players[1]).get(panel(game)),
        "cat watching": logged_in(players[2]).get(panel(game)),
        "anonymous": Client().get(panel(game)),
    }
    assert len({response["ETag"] for response in tags.values()}) == 4
    for response in tags.values():
        assert "private" in response["Cache-Control"]
        assert "no-cache" in response["Cache-Control"]
        assert "Cookie" in response["Vary"]


def test_one_viewers_etag_does_not_answer_another(players):
    game = started_game(players[:2])
    anns = logged_in(players[0]).get(panel(game))["ETag"]
    bens, _ = again(logged_in(players[1]), panel(game), anns)
    assert bens.status_code == 200


def test_a_stranger_to_a_private_table_gets_403_even_with_a_players_etag(players):
    ann, ben, cat = players
    game = invitations.create_table(ann, "gazobu", 2, {}, private=True, invitees=["ben"])
    store.join_game(game, ben)
    etag = logged_in(ann).get(panel(game))["ETag"]
    for client in (logged_in(cat), Client()):
        refused, _ = again(client, panel(game), etag)
        assert refused.status_code == 403
        assert not refused.has_header("ETag")
        refused, _ = again(client, panel(game), "*")
        assert refused.status_code == 403
    api_refused, _ = again(with_token(cat), detail(game), etag)
    assert api_refused.status_code == 403
    assert not api_refused.has_header("ETag")


def test_a_player_of_a_private_table_gets_304_in_two_queries(players):
    ann, ben, _ = players
    game = invitations.create_table(ann, "gazobu", 2, {}, private=True, invitees=["ben"])
    store.join_game(game, ben)
    client = logged_in(ben)
    first = client.get(panel(game))
    unchanged, queries = again(client, panel(game), first["ETag"])
    assert unchanged.status_code == 304
    assert queries <= 2


def test_the_htmx_poll_still_answers_204_in_two_queries(players):
    game = started_game(players[:2])
    client = logged_in(players[0])
    html = client.get(panel(game)).content.decode()
    version = re.search(r"panel/\?version=([^\"&]+)", html).group(1)
    with CaptureQueriesContext(connection) as queries:
        assert client.get(panel(game), {"version": version}).status_code == 204
    assert len(queries) <= 2


def test_a_304_still_tells_mail_the_player_is_at_the_game(players):
    game = started_game(players[:2])
    client = logged_in(players[0])
    first = client.get(panel(game))
    play_random_steps(game, 1)
    game.refresh_from_db()
    second = client.get(panel(game))
    assert presence.last_seen(players[0].pk, game.pk).seq == game.seq
    before = presence.last_seen(players[0].pk, game.pk).at
    assert again(client, panel(game), second["ETag"])[0].status_code == 304
    assert presence.last_seen(players[0].pk, game.pk).at >= before
    assert first["ETag"] != second["ETag"]


def test_the_api_detail_answers_304_in_two_queries_and_anew_after_a_move(players):
    game = started_game(players[:2])
    watcher = user_at(game, 1 - game.to_act[0])
    client = with_token(watcher)
    first = client.get(detail(game))
    assert first.status_code == 200
    assert "Authorization" in first["Vary"]
    assert "private" in first["Cache-Control"]
    unchanged, queries = again(client, detail(game), first["ETag"])
    assert unchanged.status_code == 304
    assert queries <= 2
    move_for_the_other_player(game, watcher)
    moved, _ = again(client, detail(game), first["ETag"])
    assert moved.status_code == 200
    assert moved.json()["seq"] == game.seq
    assert moved["ETag"] != first["ETag"]


def test_the_api_gives_players_and_onlookers_different_etags(players):
    game = started_game(players[:2])
    tags = {
        with_token(players[0]).get(detail(game))["ETag"],
        with_token(players[1]).get(detail(game))["ETag"],
        with_token(players[2]).get(detail(game))["ETag"],
        APIClient().get(detail(game))["ETag"],
    }
    assert len(tags) == 4


def test_each_version_is_read_for_the_game_and_viewer_asked(make_user):
    """The version query is compiled once with stand-in ids; each read must still be about
    the game and the viewer it was asked for."""
    ann, ben = make_user("ann"), make_user("ben")
    first = started_game([ann, ben])
    second = play_random_steps(started_game([ben, ann]), 3)
    found = versions.read(first.pk, ann)
    assert (found.pk, found.seq, found.seat) == (first.pk, 0, 0)
    later = versions.read(second.pk, ann)
    assert (later.pk, later.seq, later.seat, later.seated) == (second.pk, second.seq, 1, 2)
    assert versions.read(second.pk, AnonymousUser()).seat is None
    assert versions.read(second.pk + 1000, ann) is None
