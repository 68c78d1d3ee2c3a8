"""Backups that restore: `manage.py backup` then `manage.py restore` into a new database gives
back every row, and the restore holds every game against the backup's manifest.

On PostgreSQL (DATABASE_URL, as in CI) through pg_dump and pg_restore; again on the embedded
SQLite through its online backup API (backend_specific).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection

import games
from tabletop.play import backups
from tabletop.play.models import Game, Move
from tests.helpers.factories import play_random_steps, started_game
from tests.helpers.plans import planner_counts

pytestmark = [pytest.mark.backend_specific, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def games_of_every_kind_mid_play(make_user) -> list[Game]:
    players = [make_user(name) for name in ("ann", "ben", "cat")]
    made = []
    for rules in games.all():
        game = play_random_steps(started_game(players, rules.slug), 7, seed=rules.slug)
        assert game.seq == 7 and not game.is_over
        made.append(game)
    return made


@pytest.fixture
def new_database(tmp_path) -> dict:
    """An empty database of the same kind as the tests' (a new file, or a new PostgreSQL
    database on the same server), as DATABASE_URL names it and as a plain driver opens it."""
    ours = connection.settings_dict
    if connection.vendor == "sqlite":
        path = tmp_path / "restored.sqlite3"
        yield {"url": f"sqlite:///{path}", "NAME": str(path)}
        return
    name = f"{ours['NAME']}_restored"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        cursor.execute(f'CREATE DATABASE "{name}"')
    user = ours["USER"] + (f":{ours['PASSWORD']}" if ours.get("PASSWORD") else "")
    url = f"postgres://{user}@{ours['HOST'] or 'localhost'}:{ours['PORT'] or 5432}/{name}"
    yield {"url": url, "NAME": name}
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def every_row(name: str, counted_by_planner: dict | None = None) -> dict[str, list[str]]:
    """Every row of every table of the database `name`, read with the driver alone (the same
    way for both databases compared), in a stable order."""
    if connection.vendor == "sqlite":
        db = sqlite3.connect(name)
        # The planner's statistics (sqlite_stat1, written by the restore's ANALYZE) are not
        # rows of the backup.
        tables_query = (
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%'"
        )
    else:
        import psycopg

        ours = connection.settings_dict
        db = psycopg.connect(
            dbname=name,
            user=ours["USER"],
            password=ours.get("PASSWORD") or None,
            host=ours["HOST"] or None,
            port=ours["PORT"] or None,
        )
        tables_query = "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
    try:
        tables = [row[0] for row in db.execute(tables_query).fetchall()]
        if counted_by_planner is not None:
            counted_by_planner.update(planner_counts(db.cursor(), connection.vendor))
        return {
            table: sorted(repr(row) for row in db.execute(f'SELECT * FROM "{table}"').fetchall())
            for table in tables
        }
    finally:
        db.close()


def restore_command(backup: Path, database_url: str) -> subprocess.CompletedProcess:
    """`manage.py restore` as an operator runs it, with DATABASE_URL naming the new database."""
    environment = os.environ | {"DATABASE_URL": database_url}
    return subprocess.run(
        [sys.executable, "manage.py", "restore", str(backup)],
        cwd=settings.BASE_DIR,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_backup_of_games_of_every_kind_mid_play_restores_row_for_row_into_a_new_database(
    games_of_every_kind_mid_play, new_database, tmp_path, capsys
):
    backup = tmp_path / "tabletop-backup.tar"
    call_command("backup", "--output", str(backup))
    assert f"{backup}: 5 games, 35 moves" in capsys.readouterr().out

    restored = restore_command(backup, new_database["url"])

    assert restored.returncode == 0, restored.stdout + restored.stderr
    assert "every table has its rows" in restored.stdout
    assert "every game (5) has the log of the backup" in restored.stdout
    ours = every_row(connection.settings_dict["NAME"])
    counted: dict[str, int] = {}
    theirs = every_row(new_database["NAME"], counted_by_planner=counted)
    assert sorted(theirs) == sorted(ours)
    differing = [table for table in ours if theirs[table] != ours[table]]
    assert differing == []
    assert len(ours["play_move"]) == 35
    # Counted for the planner, as pg_restore's manual asks: a restored site's first queries are
    # not planned for empty tables while autovacuum (if on) gets round to them.
    assert counted["play_move"] == 35 and counted["play_game"] == 5


def test_a_restore_refuses_a_database_that_is_not_empty_and_leaves_it_as_it_was(
    games_of_every_kind_mid_play, tmp_path
):
    backup = tmp_path / "tabletop-backup.tar"
    call_command("backup", "--output", str(backup))
    dos = Game.objects.get(slug="dos")
    play_random_steps(dos, 1, seed="after the backup")

    with pytest.raises(CommandError, match="is not empty .* only into an empty database"):
        call_command("restore", str(backup))

    assert Move.objects.filter(game=dos).count() == 8
    assert Game.objects.count() == 5


def test_the_check_after_a_restore_names_a_game_whose_log_lost_its_last_move(
    games_of_every_kind_mid_play,
):
    manifest = backups.read_manifest()
    assert backups.check_games(manifest) == []
    dos = Game.objects.get(slug="dos")
    # What a restore into a database that lost a write would hold; nothing in the service
    # deletes a move.
    Move.objects.filter(game=dos, seq=7).delete()

    problems = backups.check_games(manifest)

    assert f"game {dos.pk} (dos): its log ends at move 6, the backup's at move 7" in problems
    assert any(p.startswith(f"game {dos.pk} (dos): seq differs from the replay") for p in problems)
    assert all(f"game {dos.pk} " in p for p in problems)


def test_a_scheduled_backup_keeps_only_the_newest_backups_in_its_folder(
    make_user, settings, tmp_path
):
    started_game([make_user("ann"), make_user("ben")])
    settings.VAR_DIR = tmp_path
    folder = tmp_path / "backups"
    folder.mkdir()
    older = [folder / f"tabletop-2026010{day}T030000Z.tar" for day in (1, 2, 3)]
    for path in older:
        path.write_bytes(b"an older backup")
    (folder / "notes.txt").write_text("the operator's own file")

    call_command("backup", "--keep", "2")

    new = set(folder.iterdir()) - {*older, folder / "notes.txt"}
    assert len(new) == 1
    made = new.pop()
    assert {path.name for path in folder.iterdir()} == {
        older[2].name,
        made.name,
        "notes.txt",
    }
    assert len(backups.manifest_of(made)["games"]) == 1
