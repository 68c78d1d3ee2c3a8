"""Blocking through the API: the same neutral refusals as the pages, and the blocked player's
talk handed to the blocker as hidden, without its text."""

from __future__ import annotations

from tabletop.accounts import blocks
from tabletop.play import chat, store
from tabletop.play.models import Move
from tests.helpers.blocking import api_as
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.blocking"]


def test_joining_a_blockers_table_through_the_api_is_refused_without_naming_anyone(ann, bob):
    game = store.create_game(ann, "gazobu", 3)
    blocks.block(ann, bob)

    answer = api_as(bob).post(f"/api/games/{game.pk}/join/")

    assert answer.status_code == 403
    assert answer.json() == {"detail": "You cannot join this table."}


def test_inviting_the_blocker_through_the_api_is_refused(ann, bob):
    game = store.create_game(bob, "gazobu", 3)
    blocks.block(ann, bob)

    answer = api_as(bob).post(
        f"/api/games/{game.pk}/invitations/", {"invite": "ann"}, format="json"
    )

    assert answer.status_code == 403
    assert answer.json() == {"detail": "You cannot invite this player."}


def test_the_blocker_gets_the_blocked_players_talk_as_hidden_without_its_text(ann, bob, make_user):
    cat = make_user("cat")
    game = started_game([ann, bob, cat])
    chat.post(game, bob, "I know your hand", Move.Source.API)
    blocks.block(ann, bob)

    annes = api_as(ann).get(f"/api/games/{game.pk}/chat/").json()
    cats = api_as(cat).get(f"/api/games/{game.pk}/chat/").json()

    assert [(m["player"], m["hidden"], m["text"]) for m in annes] == [("bob", True, "")]
    assert [(m["hidden"], m["text"]) for m in cats] == [(False, "I know your hand")]
