"""A table webhook belongs to whoever set it: a table may hear several, one per player who set
one; only its owner or the table's creator changes or removes it; every change is a line of
the table's log that everyone at the table reads, and the log still replays."""

from __future__ import annotations

import pytest

from tabletop.mail import outbox, outgoing, tasks
from tabletop.mail.models import Outbox, TableWebhook
from tabletop.play import chat, history, store
from tabletop.play.models import Move
from tests.helpers.factories import play_random_steps, started_game

pytest_plugins = ["tests.helpers.webhooks"]


@pytest.fixture
def table(make_user):
    """ann created the table; ben and cat sit at it."""
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")])


def people(game) -> dict:
    return {seat.user.username: seat.user for seat in game.seats.select_related("user")}


def test_a_second_players_webhook_is_added_beside_the_firsts_which_keeps_its_address(
    table, answering
):
    who = people(table)
    bens = outgoing.set_table_webhook(table, who["ben"], answering.url + "/ben", "discord")
    cats = outgoing.set_table_webhook(table, who["cat"], answering.url + "/cat", "json")

    kept = TableWebhook.objects.get(pk=bens.pk)
    assert (kept.owner, kept.url, kept.secret) == (who["ben"], answering.url + "/ben", bens.secret)
    assert cats.pk != bens.pk and cats.owner == who["cat"]
    assert TableWebhook.objects.filter(game=table).count() == 2


def test_talk_at_the_table_is_posted_to_every_webhook_it_has(table, answering, transactional_db):
    who = people(table)
    outgoing.set_table_webhook(table, who["ben"], answering.url + "/ben", "json")
    outgoing.set_table_webhook(table, who["cat"], answering.url + "/cat", "slack")
    chat.post(table, who["ann"], "gl hf", Move.Source.WEB)
    for row in Outbox.objects.filter(channel=Outbox.Channel.WEBHOOK, user=None):
        tasks.deliver(row.pk)

    posted = {request.path: request.json for request in answering.received()}
    assert set(posted) == {"/hook/ben", "/hook/cat"}
    assert posted["/hook/ben"]["said"] == "gl hf" and "gl hf" in posted["/hook/cat"]["text"]


def test_another_player_may_neither_change_nor_remove_a_webhook_that_is_not_theirs(
    table, answering
):
    who = people(table)
    bens = outgoing.set_table_webhook(table, who["ben"], answering.url + "/ben")
    with pytest.raises(outgoing.NotYours) as refused:
        outgoing.set_table_webhook(table, who["cat"], answering.url + "/cat", hook=bens)
    assert refused.value.status == 403
    assert "only ben or the table's creator, ann, may change or remove it" in str(refused.value)
    with pytest.raises(outgoing.NotYours):
        outgoing.remove_table_webhook(table, who["cat"], bens)
    assert outgoing.remove_table_webhook(table, who["cat"]) is False  # cat has none of their own
    assert TableWebhook.objects.get(pk=bens.pk).url == answering.url + "/ben"


def test_the_tables_creator_changes_or_removes_any_of_its_webhooks(table, answering):
    who = people(table)
    bens = outgoing.set_table_webhook(table, who["ben"], answering.url + "/ben")
    changed = outgoing.set_table_webhook(table, who["ann"], answering.url + "/new", hook=bens)
    assert (changed.pk, changed.owner, changed.set_by) == (bens.pk, who["ben"], who["ann"])
    assert changed.url == answering.url + "/new"
    assert outgoing.remove_table_webhook(table, who["ann"], changed) is True
    assert not TableWebhook.objects.filter(game=table).exists()


def test_every_change_to_the_tables_webhooks_is_a_line_every_seat_reads_and_the_log_replays(
    table, answering
):
    who = people(table)
    bens = outgoing.set_table_webhook(table, who["ben"], answering.url + "/ben", "discord")
    outgoing.set_table_webhook(table, who["ben"], answering.url + "/ben2", "slack")
    outgoing.set_table_webhook(table, who["ann"], answering.url + "/ann", hook=bens)
    outgoing.remove_table_webhook(table, who["ann"], TableWebhook.objects.get(pk=bens.pk))
    table.refresh_from_db()

    expected = [
        "ben set a webhook for the table (Discord).",
        "ben changed their webhook for the table (Slack).",
        "ann changed ben's webhook for the table (JSON).",
        "ann removed ben's webhook for the table.",
    ]
    for viewer in (0, 1, 2, None):
        told = [line["text"] for line in history.lines(table, viewer)]
        assert told[-4:] == expected
        assert not [line for line in told if answering.url in line]  # an address stays its own
    assert store.verify(table) == []
    play_random_steps(table, 3)  # play goes on after them
    table.refresh_from_db()
    assert store.verify(table) == []


def test_a_webhook_is_removed_after_the_game_ended_with_a_line_everyone_reads(table, answering):
    who = people(table)
    outgoing.set_table_webhook(table, who["cat"], answering.url + "/cat")
    while not table.is_over:
        table = play_random_steps(table, 40)
    assert outgoing.remove_table_webhook(table, who["cat"]) is True
    table.refresh_from_db()
    assert history.lines(table, None)[-1]["text"] == "cat removed their webhook for the table."
    assert store.verify(table) == []


def test_a_webhook_switched_off_for_failing_is_told_to_its_owner_not_to_who_last_set_it(
    table, answering
):
    who = people(table)
    bens = outgoing.set_table_webhook(table, who["ben"], answering.url + "/ben")
    changed = outgoing.set_table_webhook(table, who["ann"], answering.url + "/new", hook=bens)
    assert outgoing.owner_of(changed) == who["ben"]
    rows = outbox.queue_for_table(Outbox.Kind.CHAT, table, [0], said_by="ann", said="hi")
    assert [row.context["hook"] for row in rows] == [bens.pk]
    assert outgoing.target_of(rows[0]).pk == bens.pk
