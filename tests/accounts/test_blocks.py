"""Blocking a player from their page, and the blocks listed and lifted on the settings page;
the blocked player is never told."""

from __future__ import annotations

from html import unescape

from django.test import Client

from tabletop.accounts import blocks
from tabletop.accounts.models import Block
from tests.helpers.blocking import page_as

pytest_plugins = ["tests.helpers.blocking"]


def test_a_player_is_blocked_from_their_page(ann, bob):
    annes = page_as(ann)
    assert "Block bob" in annes.get("/players/bob/").content.decode()

    answer = annes.post("/settings/blocks/", {"player": "bob"}, follow=True)

    assert answer.redirect_chain[-1][0] == "/players/bob/"
    page = unescape(answer.content.decode())
    assert "You block bob: they cannot invite you or join your tables" in page
    assert "You block this player." in page
    assert blocks.has_blocked(ann, bob)


def test_blocks_are_listed_on_the_settings_page_and_lifted_there(ann, bob):
    blocks.block(ann, bob)
    annes = page_as(ann)
    settings = annes.get("/settings/").content.decode()
    assert "Blocked players" in settings
    assert "Unblock bob" in settings

    answer = annes.post(
        "/settings/blocks/", {"player": "bob", "action": "unblock", "from": "settings"}, follow=True
    )

    assert answer.redirect_chain[-1][0] == "/settings/#blocks"
    page = answer.content.decode()
    assert "You no longer block bob." in page
    assert "You block nobody." in page
    assert not blocks.has_blocked(ann, bob)


def test_the_blocked_player_is_not_told(ann, bob):
    blocks.block(ann, bob)

    bobs_view_of_ann = page_as(bob).get("/players/ann/").content.decode()
    bobs_settings = page_as(bob).get("/settings/").content.decode()

    assert "You block this player." not in bobs_view_of_ann
    assert "Unblock" not in bobs_view_of_ann
    assert "Block ann" in bobs_view_of_ann
    assert "You block nobody." in bobs_settings


def test_nobody_blocks_themselves_or_a_player_who_does_not_exist(ann):
    annes = page_as(ann)

    assert annes.post("/settings/blocks/", {"player": "ann"}).status_code == 400
    assert annes.post("/settings/blocks/", {"player": "nobody"}).status_code == 400
    assert not Block.objects.exists()


def test_blocking_asks_a_logged_in_player(bob):
    answer = Client().post("/settings/blocks/", {"player": "bob"})

    assert answer.status_code == 302
    assert not Block.objects.exists()
