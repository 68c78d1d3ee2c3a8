"""The API's comments on a finished game's steps: `GET/POST games/{id}/comments/` (with
`seq`), `PATCH/DELETE games/{id}/comments/{cid}/`, with the history page's rules and words."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tabletop.accounts import blocks
from tabletop.play import comments, store
from tabletop.play.models import Game, Move, StepComment
from tests.helpers.blocking import api_as
from tests.helpers.factories import play_random_steps, started_game

pytest_plugins = ["tests.helpers.blocking"]


@pytest.fixture
def finished(ann, bob) -> Game:
    game = play_random_steps(started_game([ann, bob]), 4)
    store.resign(game, bob, Move.Source.RESIGN)
    game.refresh_from_db()
    return game


def test_a_player_comments_and_anyone_reads_the_thread_of_a_step(ann, finished):
    url = f"/api/games/{finished.pk}/comments/"
    answer = api_as(ann).post(url, {"seq": 2, "text": " good move "}, format="json")
    assert answer.status_code == 201
    assert answer.json()["text"] == "good move" and answer.json()["author"] == "ann"
    api_as(ann).post(url, {"seq": 3, "text": "and this"}, format="json")
    anyone = APIClient()
    assert [c["text"] for c in anyone.get(url, {"seq": 2}).json()] == ["good move"]
    assert [c["seq"] for c in anyone.get(url).json()] == [2, 3]
    assert anyone.post(url, {"seq": 1, "text": "me"}, format="json").status_code == 401


def test_refusals_say_why(ann, bob, cat):
    running = play_random_steps(started_game([ann, bob]), 2)
    url = f"/api/games/{running.pk}/comments/"
    too_soon = api_as(ann).post(url, {"seq": 1, "text": "hm"}, format="json")
    assert too_soon.status_code == 409 and "once the game is over" in too_soon.json()["detail"]
    assert APIClient().get(url).json() == []
    store.resign(running, bob, Move.Source.RESIGN)
    no_step = api_as(ann).post(url, {"seq": 99, "text": "hm"}, format="json")
    assert no_step.status_code == 400 and "no step 99" in no_step.json()["detail"]
    empty = api_as(ann).post(url, {"seq": 1, "text": "\u202e"}, format="json")
    assert empty.status_code == 400
    blocks.block(ann, cat)
    blocked = api_as(cat).post(url, {"seq": 1, "text": "hi"}, format="json")
    assert blocked.status_code == 403
    assert blocked.json()["detail"] == "You cannot comment on this game."


def test_the_author_edits_and_deletes_their_own_only(ann, bob, finished):
    written = comments.write(finished, ann, 1, "first")
    url = f"/api/games/{finished.pk}/comments/{written.pk}/"
    assert api_as(bob).patch(url, {"text": "bob's"}, format="json").status_code == 403
    assert api_as(bob).delete(url).status_code == 403
    edited = api_as(ann).patch(url, {"text": "second"}, format="json")
    assert edited.status_code == 200
    assert edited.json()["text"] == "second" and edited.json()["edited"]
    deleted = api_as(ann).delete(url)
    assert deleted.status_code == 200 and deleted.json() == {"deleted": True}
    assert not StepComment.objects.exists()
    assert api_as(ann).delete(url).status_code == 404


def test_a_private_tables_comments_are_its_players_only(ann, bob, cat, finished):
    comments.write(finished, ann, 1, "between us")
    Game.objects.filter(pk=finished.pk).update(private=True)
    url = f"/api/games/{finished.pk}/comments/"
    assert api_as(bob).get(url).json()[0]["text"] == "between us"
    assert api_as(cat).get(url).status_code == 403
    assert APIClient().get(url).status_code == 401


def test_a_players_export_holds_their_comments(ann, finished):
    comments.write(finished, ann, 1, "mine")
    exported = api_as(ann).get("/api/me/export/").json()
    assert [c["text"] for c in exported["comments"]] == ["mine"]
