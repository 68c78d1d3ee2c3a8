"""Taking back through the API: 201 with the new position, 409 when stale or when others
must agree, 400 with the reason once something was seen."""

from __future__ import annotations

from rest_framework.test import APIClient

from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def play(game: Game, move: dict) -> None:
    store.submit(game, user_at(game, game.to_act[0]), move, game.seq, Move.Source.WEB)
    game.refresh_from_db()


def half_placed(make_user) -> Game:
    game = started_game([make_user("ann"), make_user("ben")])
    play(game, {"kind": "draw"})
    play(game, {"kind": "place", "card": game.state["drawn"][0], "column": 1})
    return game


def test_an_undo_answers_201_with_the_position_it_goes_back_to(make_user):
    game = half_placed(make_user)
    taker = user_at(game, game.to_act[0])
    response = client_for(taker).post(
        f"/api/games/{game.pk}/takeback/", {"expected_seq": game.seq}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert body["seq"] == game.seq + 1
    assert body["logged"] == [game.seq + 1]
    assert len(body["view"]["drawn"]) == 2  # both drawn cards are to place again
    log = client_for(taker).get(f"/api/games/{game.pk}/moves/").json()
    assert log[game.seq - 1]["withdrawn_by"] == taker.username
    assert log[-1]["text"] == f"{taker.username} took back move {game.seq}."


def test_a_stale_undo_is_refused_with_409_and_the_current_seq(make_user):
    game = half_placed(make_user)
    taker = user_at(game, game.to_act[0])
    response = client_for(taker).post(
        f"/api/games/{game.pk}/takeback/", {"expected_seq": game.seq - 1}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["current_seq"] == game.seq


def test_an_undo_after_a_draw_is_refused_with_400_and_the_reason(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    play(game, {"kind": "draw"})
    taker = user_at(game, game.to_act[0])
    response = client_for(taker).post(
        f"/api/games/{game.pk}/takeback/", {"expected_seq": game.seq}, format="json"
    )
    assert response.status_code == 400
    assert "cannot be taken back" in response.json()["detail"]
    assert game.moves.count() == 1


def test_an_undo_without_expected_seq_is_refused_with_400(make_user):
    game = half_placed(make_user)
    response = client_for(user_at(game, 0)).post(
        f"/api/games/{game.pk}/takeback/", {}, format="json"
    )
    assert response.status_code == 400
    assert "expected_seq" in response.json()["detail"]


def test_an_undo_others_must_accept_answers_202_with_the_vote_asking_them(make_user):
    from tests.play.test_votes import played_until_someone_else_acted_unseen

    game = started_game([make_user("ann"), make_user("ben")], slug="buttons")
    taker, other = played_until_someone_else_acted_unseen(game)
    response = client_for(user_at(game, taker)).post(
        f"/api/games/{game.pk}/takeback/", {"expected_seq": game.seq}, format="json"
    )
    assert response.status_code == 202
    vote = response.json()["vote"]
    assert vote["subject"] == "take-back" and vote["voters"] == [other]
    accepted = client_for(user_at(game, other)).post(
        f"/api/games/{game.pk}/votes/{vote['id']}/", {"yes": True}, format="json"
    )
    assert accepted.json()["result"] == "passed"
    game.refresh_from_db()
    assert game.moves.get(seq=game.seq).payload["kind"] == "take-back"


def test_the_game_answer_says_an_undo_is_allowed_while_nothing_was_seen(make_user):
    game = half_placed(make_user)
    body = client_for(user_at(game, game.to_act[0])).get(f"/api/games/{game.pk}/").json()
    assert body["take_back"] == {"allowed": True, "reason": None}


def test_the_game_answer_gives_the_reason_an_undo_would_be_refused(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    play(game, {"kind": "draw"})
    taker = user_at(game, game.to_act[0])
    body = client_for(taker).get(f"/api/games/{game.pk}/").json()
    refused = client_for(taker).post(
        f"/api/games/{game.pk}/takeback/", {"expected_seq": game.seq}, format="json"
    )
    assert body["take_back"] == {"allowed": False, "reason": refused.json()["detail"]}
    assert "cannot be taken back" in body["take_back"]["reason"]
    assert not any(card in body["take_back"]["reason"] for card in game.state["drawn"])


def test_the_game_answer_has_no_undo_for_a_watcher_or_a_player_yet_to_move(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    play(game, {"kind": "draw"})
    waiting = user_at(game, 1 - game.to_act[0])
    assert client_for(waiting).get(f"/api/games/{game.pk}/").json()["take_back"] is None
    watcher = make_user("cat")
    assert client_for(watcher).get(f"/api/games/{game.pk}/").json()["take_back"] is None
