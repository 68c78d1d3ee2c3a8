"""Blocking and the channels: a player who blocks another is not sent what that one says at a
table, by webhook or by browser notification."""

from __future__ import annotations

import pytest

from tabletop.accounts import blocks
from tabletop.accounts.models import PlayerWebhook, Preferences
from tabletop.mail.models import Outbox
from tabletop.play import chat
from tabletop.play.models import Move
from tests.helpers.factories import started_game


@pytest.fixture
def trio(make_user):
    return [make_user("ann"), make_user("bob"), make_user("cat")]


def test_the_blocker_is_not_sent_what_the_blocked_player_says(trio):
    ann, bob, cat = trio
    PlayerWebhook.objects.create(user=ann, url="https://hooks.example.com/ann")
    preferences, _ = Preferences.objects.get_or_create(user=ann)
    preferences.set_channels({"chat": {"webhook": True}})
    preferences.save()
    game = started_game(trio)
    blocks.block(ann, bob)

    chat.post(game, bob, "I know your hand", Move.Source.WEB)
    chat.post(game, cat, "good luck", Move.Source.WEB)

    told = Outbox.objects.filter(kind=Outbox.Kind.CHAT, user=ann)
    assert [row.context["said"] for row in told] == ["good luck"]
