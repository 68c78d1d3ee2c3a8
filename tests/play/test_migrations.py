"""Migrations move models between apps without losing a row.

A database is built at the last migration of the old layout (preferences in mail), filled
through the historical models as the old code would have, then migrated forward.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# The old layout's last migrations: Preferences still lived in mail.
OLD_LAYOUT = [("play", "0001_initial"), ("mail", "0004_inbound_and_digest"), ("accounts", None)]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state([t for t in targets if t[1] is not None]).apps


def latest_targets():
    executor = MigrationExecutor(connection)
    return executor.loader.graph.leaf_nodes()


def fill_old_database(apps) -> dict:
    User = apps.get_model("auth", "User")
    ann = User.objects.create(username="ann", email="ann@example.com", password="x")
    ben = User.objects.create(username="ben", email="ben@example.com", password="x")
    Game = apps.get_model("play", "Game")
    game = Game.objects.create(
        slug="gazobu", players=2, seed="s" * 64, seed_sha256="h" * 64, created_by=ann
    )
    for position, user in enumerate([ann, ben]):
        apps.get_model("play", "Seat").objects.create(game=game, position=position, user=user)
    apps.get_model("play", "Move").objects.create(
        game=game, seq=1, seat=0, payload={"kind": "draw"}, source="web"
    )
    apps.get_model("play", "Move").objects.create(
        game=game, seq=2, seat=1, payload={"kind": "resign"}, source="web"
    )
    apps.get_model("play", "Invitation").objects.create(
        game=game, email="zoe@example.com", invited_by=ann
    )
    apps.get_model("mail", "Preferences").objects.create(
        user=ann, time_zone="Europe/Prague", vacation_start=None, daily_digest=True
    )
    apps.get_model("mail", "Outbox").objects.create(kind="turn", game=game, user=ann, to="a@x")
    apps.get_model("mail", "InboundMail").objects.create(
        message_id="<1@x>", channel="smtp", result="accepted"
    )
    apps.get_model("mail", "LocalMail").objects.create(sender="s", recipients="r", subject="t")
    apps.get_model("mail", "Suppression").objects.create(email="gone@example.com")
    return {"ann": ann.pk}


@pytest.mark.django_db(transaction=True)
def test_an_old_layout_database_migrates_forward_with_every_row():
    targets = latest_targets()
    try:
        ids = fill_old_database(migrate(OLD_LAYOUT))
        apps = migrate(targets)
        counts = {
            "game": apps.get_model("play", "Game").objects.count(),
            "seat": apps.get_model("play", "Seat").objects.count(),
            "move": apps.get_model("play", "Move").objects.count(),
            "invitation": apps.get_model("play", "Invitation").objects.count(),
            "preferences": apps.get_model("accounts", "Preferences").objects.count(),
            "outbox": apps.get_model("mail", "Outbox").objects.count(),
            "inbound": apps.get_model("mail", "InboundMail").objects.count(),
            "local mail": apps.get_model("mail", "LocalMail").objects.count(),
            "suppression": apps.get_model("mail", "Suppression").objects.count(),
        }
        assert counts == dict.fromkeys(counts, 1) | {"seat": 2, "move": 2}
        # Resignations, once searched for in the log at every move, are projected on the game.
        assert apps.get_model("play", "Game").objects.get().resigned == [1]
        kept = apps.get_model("accounts", "Preferences").objects.get(user_id=ids["ann"])
        assert (kept.time_zone, kept.daily_digest) == ("Europe/Prague", True)
    finally:
        migrate(targets)
