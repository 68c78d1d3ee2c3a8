"""A table's webhooks through the API: each belongs to whoever set it; PUT or DELETE on
another player's is refused with a 403 that says whose it is and how to add one's own; the
owner's PUT on `games/{id}/webhook/` still replaces their own, as clients have done."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tabletop.mail.models import TableWebhook
from tabletop.play import history
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.webhooks"]


@pytest.fixture
def table(make_user):
    """ann created the table; ben and cat sit at it."""
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")])


@pytest.fixture
def api(table) -> dict[str, APIClient]:
    clients = {}
    for seat in table.seats.select_related("user"):
        clients[seat.user.username] = APIClient()
        clients[seat.user.username].force_authenticate(seat.user)
    return clients


def test_a_player_cannot_replace_the_webhook_another_player_set(table, api, answering):
    path = f"/api/games/{table.pk}/webhook/"
    set_by_ben = api["ben"].put(
        path, {"url": answering.url + "/ben", "format": "json"}, format="json"
    )
    assert set_by_ben.status_code == 200

    refused = api["cat"].put(path, {"url": answering.url + "/cat", "format": "json"}, format="json")
    assert refused.status_code == 403
    detail = refused.json()["detail"]
    assert "This webhook is ben's" in detail and "the table's creator, ann" in detail
    assert f"POST /api/games/{table.pk}/webhooks/" in detail
    assert api["cat"].delete(path).status_code == 403
    kept = TableWebhook.objects.get(game=table)
    assert (kept.url, kept.secret) == (answering.url + "/ben", set_by_ben.json()["secret"])


def test_the_owners_put_on_the_old_address_still_replaces_their_own(table, api, answering):
    path = f"/api/games/{table.pk}/webhook/"
    first = (
        api["ben"]
        .put(path, {"url": answering.url + "/one", "format": "json"}, format="json")
        .json()
    )
    again = api["ben"].put(path, {"url": answering.url + "/two", "format": "slack"}, format="json")
    assert again.status_code == 200
    body = again.json()
    assert body["id"] == first["id"] and body["url"] == answering.url + "/two"
    assert body["owner"] == "ben" and body["format"] == "slack"
    assert TableWebhook.objects.filter(game=table).count() == 1


def test_each_player_adds_their_own_and_reads_everyones_without_their_addresses(
    table, api, answering
):
    path = f"/api/games/{table.pk}/webhooks/"
    added = api["ben"].post(
        path, {"url": answering.url + "/ben", "format": "discord"}, format="json"
    )
    assert added.status_code == 201
    assert api["cat"].post(path, {"url": answering.url + "/cat"}, format="json").status_code == 201
    assert (
        api["cat"].post(path, {"url": answering.url + "/cat2"}, format="json").status_code == 200
    )  # replaced

    listed = api["ben"].get(path).json()
    assert [(hook["owner"], hook["format"]) for hook in listed] == [
        ("ben", "discord"),
        ("cat", "json"),
    ]
    assert listed[0]["url"] == answering.url + "/ben" and "url" not in listed[1]
    assert "secret" not in listed[1]


def test_a_webhook_is_changed_or_removed_at_its_own_address_by_its_owner_or_the_creator_only(
    table, api, answering
):
    added = api["ben"].post(
        f"/api/games/{table.pk}/webhooks/", {"url": answering.url + "/b"}, format="json"
    )
    path = f"/api/games/{table.pk}/webhooks/{added.json()['id']}/"

    refused = api["cat"].put(path, {"url": answering.url + "/c"}, format="json")
    assert (
        refused.status_code == 403 and "only ben or the table's creator" in refused.json()["detail"]
    )
    assert api["cat"].delete(path).status_code == 403
    changed = api["ann"].put(path, {"url": answering.url + "/a", "format": "slack"}, format="json")
    assert changed.status_code == 200
    assert (changed.json()["owner"], changed.json()["set_by"]) == ("ben", "ann")
    assert api["ben"].get(path).json()["url"] == answering.url + "/a"  # still ben's to read
    assert api["ann"].delete(path).json() == {"removed": True}
    assert api["ben"].get(path).status_code == 404

    table.refresh_from_db()
    told = [line["text"] for line in history.lines(table, 2)]
    assert told[-3:] == [
        "ben set a webhook for the table (JSON).",
        "ann changed ben's webhook for the table (Slack).",
        "ann removed ben's webhook for the table.",
    ]
