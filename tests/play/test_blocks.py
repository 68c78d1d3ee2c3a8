"""Blocking at the table: a blocked player cannot invite the blocker, take a seat at a table the
blocker set or sits at, nor be read by the blocker; every refusal names nobody."""

from __future__ import annotations

import pytest

from tabletop.accounts import blocks
from tabletop.mail import tabletalk
from tabletop.play import chat, invitations, store
from tabletop.play.models import Game, Move
from tests.helpers.factories import play_as_people, started_game

pytest_plugins = ["tests.helpers.blocking"]


def test_a_blocked_player_cannot_join_an_open_table_the_blocker_set(ann, bob):
    game = store.create_game(ann, "gazobu", 3)
    blocks.block(ann, bob)

    with pytest.raises(store.Refused) as refused:
        store.join_game(game, bob)

    assert refused.value.message == "You cannot join this table."
    assert refused.value.status == 403
    assert not game.seats.filter(user=bob).exists()


def test_a_blocked_player_cannot_join_a_table_where_the_blocker_sits(ann, bob, cat):
    game = store.create_game(cat, "gazobu", 3)
    store.join_game(game, ann)
    blocks.block(ann, bob)

    with pytest.raises(store.Refused) as refused:
        store.join_game(game, bob)

    assert refused.value.message == "You cannot join this table."
    assert game.seats.count() == 2


def test_a_blocked_player_cannot_take_a_seat_a_third_player_invited_them_to(ann, bob, cat):
    game = store.create_game(cat, "gazobu", 3)
    invitation = invitations.invite(game, "bob", cat)
    store.join_game(game, ann)
    blocks.block(ann, bob)

    with pytest.raises(store.Refused, match="You cannot join this table."):
        invitations.accept(invitation, bob)


def test_lifting_a_block_lets_the_player_join_again(ann, bob):
    game = store.create_game(ann, "gazobu", 2)
    blocks.block(ann, bob)
    blocks.unblock(ann, bob.pk)

    store.join_game(game, bob)

    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_a_player_blocking_someone_else_changes_nothing_for_the_blocked_one(ann, bob, cat):
    game = store.create_game(cat, "gazobu", 3)
    blocks.block(ann, bob)

    store.join_game(game, bob)

    assert game.seats.filter(user=bob).exists()


def test_a_blocked_player_cannot_invite_the_blocker(ann, bob):
    game = store.create_game(bob, "gazobu", 3)
    blocks.block(ann, bob)

    with pytest.raises(store.Refused) as refused:
        invitations.invite(game, "ann", bob)

    assert refused.value.message == "You cannot invite this player."
    assert not game.invitations.exists()


def test_a_blocked_player_cannot_invite_the_blocker_by_address(ann, bob):
    game = store.create_game(bob, "gazobu", 3)
    blocks.block(ann, bob)

    with pytest.raises(store.Refused, match="You cannot invite this player."):
        invitations.invite(game, "ann@example.com", bob)


def test_nobody_invites_a_player_to_a_table_where_someone_blocks_them(ann, bob, cat):
    game = store.create_game(cat, "gazobu", 3)
    store.join_game(game, ann)
    blocks.block(ann, bob)

    with pytest.raises(store.Refused) as refused:
        invitations.invite(game, "bob", cat)

    assert refused.value.message == "This player cannot be invited to this table."


def test_the_blocker_is_told_to_unblock_before_inviting_the_player_they_block(ann, bob):
    game = store.create_game(ann, "gazobu", 3)
    blocks.block(ann, bob)

    with pytest.raises(store.Refused, match="You have blocked bob; unblock them"):
        invitations.invite(game, "bob", ann)


def test_what_a_blocked_player_says_is_hidden_from_the_blocker_alone(ann, bob, cat):
    game = started_game([ann, bob, cat])
    chat.post(game, bob, "I know your hand", Move.Source.WEB)
    blocks.block(ann, bob)

    read_by_ann = chat.messages_for(game, 0, ann)
    read_by_cat = chat.messages_for(game, 2, cat)

    assert [(m.muted, m.text) for m in read_by_ann] == [(True, "")]
    assert [(m.muted, m.text) for m in read_by_cat] == [(False, "I know your hand")]


def test_the_turn_email_does_not_tell_the_blocker_what_the_blocked_player_said(ann, bob, cat):
    game = started_game([ann, bob, cat])
    chat.post(game, bob, "I know your hand", Move.Source.WEB)
    chat.post(game, cat, "good luck", Move.Source.WEB)
    blocks.block(ann, bob)

    assert tabletalk.said_since(game, 0, 0) == ["cat: good luck"]
    assert tabletalk.said_since(game, 2, 0) == ["bob: I know your hand"]


def test_a_blocked_player_cannot_bring_the_blocker_to_a_fork_of_their_game(ann, bob):
    finished = play_as_people(started_game([ann, bob]), "fork-source")
    blocks.block(ann, bob)

    with pytest.raises(store.Refused) as refused:
        store.fork_game(finished, 2, [ann, bob], bob)

    assert refused.value.message == (
        "You cannot seat all of these players; seat the computer instead."
    )
    against_the_computer = store.fork_game(finished, 2, [None, bob], bob)
    assert against_the_computer.seats.filter(user=ann).count() == 0
