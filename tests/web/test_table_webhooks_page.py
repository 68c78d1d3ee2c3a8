"""The table's webhooks page: each seated player adds their own beside the others'; a
player removes only their own (the table's creator any); every change shows in the game's
log on its page, without the address."""

from __future__ import annotations

import pytest

from tabletop.mail.models import TableWebhook
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.webhooks"]


@pytest.fixture
def table(make_user):
    """ann created the table; ben and cat sit at it."""
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")])


def login(client, game, name: str):
    client.force_login(game.seats.get(user__username=name).user)


def remove_buttons(page: str) -> int:
    return page.count('name="action" value="remove"')


def test_each_player_adds_their_own_webhook_and_removes_only_their_own(client, table, answering):
    path = f"/games/{table.pk}/webhook/"
    login(client, table, "ben")
    assert client.post(path, {"url": answering.url + "/ben", "format": "slack"}).status_code == 302
    login(client, table, "cat")
    page = client.get(path).content.decode()
    assert "<strong>ben</strong>'s webhook" in page and answering.url not in page
    assert remove_buttons(page) == 0 and "Add your webhook" in page
    assert client.post(path, {"url": answering.url + "/cat", "format": "json"}).status_code == 302

    page = client.get(path).content.decode()
    bens, cats = TableWebhook.objects.filter(game=table).order_by("pk")
    assert cats.secret in page and bens.secret not in page and "/hook/ben" not in page
    assert remove_buttons(page) == 1 and "Remove cat's webhook" in page
    assert "Replace your webhook" in page
    refused = client.post(path, {"action": "remove", "hook": bens.pk})
    assert refused.status_code == 403
    assert "only ben or the table&#x27;s creator, ann, may" in refused.content.decode()
    assert TableWebhook.objects.filter(pk=bens.pk).exists()

    login(client, table, "ann")
    assert remove_buttons(client.get(path).content.decode()) == 2  # the table's creator
    client.post(path, {"action": "remove", "hook": bens.pk})
    assert list(TableWebhook.objects.filter(game=table)) == [cats]

    game_page = client.get(f"/games/{table.pk}/").content.decode()
    for line in (
        "ben set a webhook for the table (Slack).",
        "cat set a webhook for the table (JSON).",
        "ann removed ben&#x27;s webhook for the table.",
    ):
        assert line in game_page
    assert answering.url not in game_page
