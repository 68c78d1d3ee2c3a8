"""Deleting an account: what goes, what the games keep, and that every log still verifies."""

from __future__ import annotations

import time
from io import StringIO

import pytest
from allauth.account.models import EmailAddress
from django.core.management import call_command
from rest_framework.authtoken.models import Token

from tabletop.accounts import deletion
from tabletop.accounts.former_players import is_former_name
from tabletop.accounts.models import PlayerWebhook, PushSubscription
from tabletop.mail.models import TableWebhook
from tabletop.play import invitations, notes, store
from tabletop.play.models import Game, LogLine, Move, Note
from tests.helpers.factories import play_random_steps, started_game, user_at


@pytest.fixture
def players(make_user):
    return make_user("ann"), make_user("ben"), make_user("cat")


def ended_by_vote(game: Game) -> Game:
    """The table agrees to end the game, scored as it stands: a finished game in a few steps."""
    vote = store.call_vote(game, user_at(game, 0), "end", {"how": "scored"}, "web")
    for seat in range(1, game.players):
        store.answer_vote(game, user_at(game, seat), vote.pk, True, "web")
    game.refresh_from_db()
    assert game.is_over
    return game


def logged(game: Game) -> list[tuple]:
    return list(game.moves.order_by("seq").values_list("seq", "seat", "payload", "source"))


def test_a_deleted_account_leaves_its_seats_to_the_strong_bot_and_every_log_verifies(players):
    ann, ben, cat = players
    running = play_random_steps(started_game([ann, ben, cat], "dos"), 3)
    finished = ended_by_vote(play_random_steps(started_game([ben, ann], "gazobu"), 4))
    others = play_random_steps(started_game([ben, cat], "buttons"), 2)
    before = {game.pk: logged(game) for game in (running, finished, others)}
    ann_seat = running.seat_of(ann)

    deletion.delete_account(ann)

    running.refresh_from_db()
    seat = running.seats.get(position=ann_seat)
    assert seat.is_bot and seat.user_id == ann.pk
    # As after a vote: nothing is logged but the bot's own steps, and it is never ann's turn.
    new_steps = logged(running)[len(before[running.pk]) :]
    assert logged(running)[: len(before[running.pk])] == before[running.pk]
    assert all(source in (Move.Source.BOT, Move.Source.STANDING_ORDER) for *_, source in new_steps)
    assert all(step[1] == ann_seat for step in new_steps)
    assert ann_seat not in running.to_act
    assert running.status == Game.Status.ACTIVE
    assert logged(finished) == before[finished.pk]
    assert logged(others) == before[others.pk]
    for game in (running, finished, others):
        game.refresh_from_db()
        assert store.verify(game) == []
    report = StringIO()
    call_command("verify_log", stdout=report, stderr=report)
    assert "3 games checked, 0 differed from their log." in report.getvalue()


def test_a_finished_game_names_the_deleted_player_a_former_player_and_no_longer_by_name(players):
    ann, ben, _ = players
    finished = ended_by_vote(play_random_steps(started_game([ann, ben], "gazobu"), 4))

    deletion.delete_account(ann)

    finished.refresh_from_db()
    ann.refresh_from_db()
    assert is_former_name(ann.username)
    assert finished.state["players"] == [ann.username, "ben"]
    texts = LogLine.objects.filter(game=finished).values_list("text", flat=True)
    assert not [text for text in texts if "ann" in text.split()]
    assert finished.outcome is not None and finished.is_over


def test_a_deleted_account_can_no_longer_log_in_and_its_addresses_channels_and_notes_go(
    players, client
):
    ann, ben, cat = players
    game = started_game([ann, ben])
    notes.keep(game, ann, "ben bluffs")
    table = store.create_game(cat, "gazobu", 3, {})
    invitations.invite(table, "ann", cat)
    PlayerWebhook.objects.create(user=ann, url="https://example.com/hook")
    PushSubscription.objects.create(
        user=ann, endpoint="https://push.example/1", p256dh="k", auth="a"
    )
    TableWebhook.objects.create(game=game, owner=ann, set_by=ann, url="https://example.com/table")
    Token.objects.create(user=ann)

    deletion.delete_account(ann)

    ann.refresh_from_db()
    assert not ann.is_active and not ann.has_usable_password() and ann.email == ""
    assert not EmailAddress.objects.filter(user=ann).exists()
    assert not EmailAddress.objects.filter(email="ann@example.com").exists()
    assert not Token.objects.filter(user=ann).exists()
    assert not PlayerWebhook.objects.filter(user=ann).exists()
    assert not PushSubscription.objects.filter(user=ann).exists()
    assert not TableWebhook.objects.filter(set_by=ann).exists()
    assert not Note.objects.filter(user=ann).exists()
    assert not table.invitations.exists()
    assert not client.login(username="ann", password="pw-ann")


def test_an_open_table_the_player_set_is_called_off(players):
    ann, ben, _ = players
    table = store.create_game(ann, "gazobu", 3, {})
    store.join_game(table, ben)

    deletion.delete_account(ann)

    table.refresh_from_db()
    assert table.status == Game.Status.CANCELLED


def test_the_deletion_link_names_its_account_and_stops_working_once_the_password_changes(
    players,
):
    ann, *_ = players
    token = deletion.deletion_link(ann).rstrip("/").rsplit("/", 1)[-1]
    assert deletion.account_of_link(token) == ann
    ann.set_password("another one")
    ann.save()
    with pytest.raises(deletion.BadDeletionLink):
        deletion.account_of_link(token)
    with pytest.raises(deletion.BadDeletionLink):
        deletion.account_of_link(token[:-2] + "xx")


def test_the_deletion_link_expires(players, monkeypatch):
    ann, *_ = players
    token = deletion.deletion_link(ann).rstrip("/").rsplit("/", 1)[-1]
    monkeypatch.setattr(deletion, "LINK_HOURS", 0)
    time.sleep(1.1)
    with pytest.raises(deletion.BadDeletionLink, match="expired"):
        deletion.account_of_link(token)
