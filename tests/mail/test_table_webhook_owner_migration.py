"""Migration 0010 gives every existing table webhook an owner: whoever set it. No game, move
or seat changes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_an_existing_table_webhook_is_owned_by_whoever_set_it():
    latest = MigrationExecutor(connection).loader.graph.leaf_nodes()
    # Every other app as it is now, mail just before its webhooks had owners.
    before_owners = [node for node in latest if node[0] != "mail"] + [("mail", "0009_vote_email")]
    try:
        apps = migrate(before_owners)
        User = apps.get_model("auth", "User")
        ann = User.objects.create(username="ann", email="ann@example.com", password="x")
        ben = User.objects.create(username="ben", email="ben@example.com", password="x")
        game = apps.get_model("play", "Game").objects.create(
            slug="gazobu", players=2, seed="s" * 64, seed_sha256="h" * 64, created_by=ann
        )
        for position, user in enumerate([ann, ben]):
            apps.get_model("play", "Seat").objects.create(game=game, position=position, user=user)
        apps.get_model("play", "Move").objects.create(
            game=game, seq=1, seat=0, payload={"kind": "draw"}, source="web"
        )
        apps.get_model("mail", "TableWebhook").objects.create(
            game=game, set_by=ben, url="https://chat.example.com/hook", secret="k" * 32
        )

        apps = migrate(latest)
        hook = apps.get_model("mail", "TableWebhook").objects.get()
        assert (hook.owner_id, hook.set_by_id, hook.secret) == (ben.pk, ben.pk, "k" * 32)
        kept = apps.get_model("play", "Move").objects.get()
        assert (kept.seq, kept.payload) == (1, {"kind": "draw"})
        assert apps.get_model("play", "Seat").objects.count() == 2
    finally:
        migrate(latest)
