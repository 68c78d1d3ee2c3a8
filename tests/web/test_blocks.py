"""Blocking on the pages: the blocker reads a note where a blocked player's talk was, and a
blocked player's refusals to join or invite name nobody."""

from __future__ import annotations

from html import unescape

from tabletop.accounts import blocks
from tabletop.play import chat, store
from tabletop.play.models import Move
from tests.helpers.blocking import page_as
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.blocking"]


def test_the_blocker_reads_a_note_where_the_blocked_players_talk_was(ann, bob, cat):
    game = started_game([ann, bob, cat])
    chat.post(game, bob, "I know your hand", Move.Source.WEB)
    blocks.block(ann, bob)

    annes = page_as(ann).get(f"/games/{game.pk}/").content.decode()
    cats = page_as(cat).get(f"/games/{game.pk}/").content.decode()

    assert "I know your hand" not in annes
    assert "(hidden: you blocked this player)" in annes
    assert "I know your hand" in cats
    assert "(hidden: you blocked this player)" not in cats


def test_the_history_keeps_the_blocked_players_talk_from_the_blocker(ann, bob, cat):
    game = started_game([ann, bob, cat])
    chat.post(game, bob, "I know your hand", Move.Source.WEB)
    blocks.block(ann, bob)

    history = page_as(ann).get(f"/games/{game.pk}/history/").content.decode()

    assert "I know your hand" not in history
    assert "(hidden: you blocked this player)" in history


def test_joining_a_blockers_table_on_the_page_is_refused_without_naming_anyone(ann, bob):
    game = store.create_game(ann, "gazobu", 3)
    blocks.block(ann, bob)
    bobs = page_as(bob)

    answer = bobs.post(f"/games/{game.pk}/join/", follow=True)

    assert "You cannot join this table." in unescape(answer.content.decode())
    assert not game.seats.filter(user=bob).exists()


def test_inviting_the_blocker_on_the_page_is_refused_in_the_pages_language(ann, bob):
    game = store.create_game(bob, "gazobu", 3)
    blocks.block(ann, bob)

    answer = page_as(bob).post(
        f"/games/{game.pk}/invite/", {"invite": "ann"}, HTTP_ACCEPT_LANGUAGE="pl"
    )

    assert answer.status_code == 403
    assert "Nie możesz zaprosić tego gracza." in unescape(answer.content.decode())
    assert not game.invitations.exists()
