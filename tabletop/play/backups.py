"""Backups that restore (`manage.py backup`, `manage.py restore`; README, "Operations").

A backup is one tar file holding the dump of the database (pg_dump's custom format on
PostgreSQL, a copy made with SQLite's online backup API on the embedded default) and
manifest.json, read from the same snapshot of the database as the dump: every game's last seq
and the digest of its log, and the number of rows in every table. A restore goes only into an
empty database, so nothing in it is mixed with the backup or overwritten; it then holds every
table and every game against the manifest and replays every log as `verify_log` does.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from django.core.management import call_command
from django.db import connection, transaction

from games import canonical
from tabletop.play import store
from tabletop.play.models import Game, Move

FORMAT = 1
MANIFEST = "manifest.json"
DUMPS = {"postgresql": "database.pgdump", "sqlite": "database.sqlite3"}
NAME_PREFIX = "tabletop-"


class BackupError(Exception):
    """A backup or restore that cannot go on, in words an operator can act on."""


def log_digests() -> dict[int, dict]:
    """Every game's last seq and the SHA-256 of its log (each move's seq, seat, payload,
    source and time, one canonical line a move), read in one pass over the log."""
    games = {
        pk: {"slug": slug, "last_seq": 0, "digest": hashlib.sha256()}
        for pk, slug in Game.objects.values_list("pk", "slug")
    }
    moves = Move.objects.order_by("game_id", "seq").values_list(
        "game_id", "seq", "seat", "payload", "source", "created"
    )
    for game_id, seq, seat, payload, source, created in moves.iterator(chunk_size=2000):
        line = canonical([seq, seat, payload, source, created.astimezone(UTC).isoformat()])
        games[game_id]["digest"].update(line.encode() + b"\n")
        games[game_id]["last_seq"] = seq
    return {
        pk: {"slug": g["slug"], "last_seq": g["last_seq"], "log_digest": g["digest"].hexdigest()}
        for pk, g in games.items()
    }


def row_counts() -> dict[str, int]:
    """The number of rows in every table of the database."""
    counts = {}
    with connection.cursor() as cursor:
        for table in sorted(connection.introspection.table_names(cursor)):
            cursor.execute(f"SELECT COUNT(*) FROM {connection.ops.quote_name(table)}")
            counts[table] = cursor.fetchone()[0]
    return counts


def read_manifest() -> dict:
    """What a restore must find again, read inside the caller's snapshot of the database."""
    return {
        "format": FORMAT,
        "database": connection.vendor,
        "made": datetime.now(UTC).isoformat(timespec="seconds"),
        "tables": row_counts(),
        "games": {str(pk): fields for pk, fields in log_digests().items()},
    }


def back_up(path: Path) -> dict:
    """Write a backup of the database to `path` (a tar file); returns its manifest. The file
    appears only once complete: a backup that fails leaves nothing half written."""
    if connection.vendor not in DUMPS:
        raise BackupError(f"tabletop backs up PostgreSQL and SQLite, not {connection.vendor}.")
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        dump = Path(work) / DUMPS[connection.vendor]
        if connection.vendor == "postgresql":
            manifest = _dump_postgresql(dump)
        else:
            manifest = _dump_sqlite(dump)
        (Path(work) / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True))
        partial = path.with_name(path.name + ".partial")
        with tarfile.open(partial, "w") as archive:
            archive.add(Path(work) / MANIFEST, arcname=MANIFEST)
            archive.add(dump, arcname=dump.name)
        os.replace(partial, path)
    return manifest


def _dump_sqlite(dump: Path) -> dict:
    # One read transaction holds the snapshot the manifest is read from and the copy is made
    # of, in one step, by the same connection; moves go on landing meanwhile (WAL). A write
    # transaction would not do: SQLite refuses to copy from a connection that is writing.
    if connection.in_atomic_block:
        raise BackupError("A SQLite backup needs a transaction of its own, outside any other.")
    connection.ensure_connection()
    raw = connection.connection
    raw.execute("BEGIN DEFERRED")
    try:
        raw.execute("SELECT COUNT(*) FROM django_migrations").fetchone()
        manifest = read_manifest()
        target = sqlite3.connect(dump)
        try:
            raw.backup(target)
        finally:
            target.close()
    finally:
        raw.execute("ROLLBACK")
    return manifest


def _dump_postgresql(dump: Path) -> dict:
    # pg_dump reads the snapshot this transaction exports, so the dump holds exactly what the
    # manifest was read from while moves go on landing; nobody waits for the backup.
    if connection.in_atomic_block:
        raise BackupError(
            "A PostgreSQL backup needs a transaction of its own; call it outside one."
        )
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            cursor.execute("SELECT pg_export_snapshot()")
            snapshot = cursor.fetchone()[0]
        manifest = read_manifest()
        _run(
            ["pg_dump", "--format=custom", f"--snapshot={snapshot}", f"--file={dump}"],
            "pg_dump",
        )
    return manifest


def prune(directory: Path, keep: int) -> list[Path]:
    """Delete all but the newest `keep` backups in `directory` (by their names, which carry
    the time they were made); returns the deleted files."""
    made = sorted(directory.glob(f"{NAME_PREFIX}*.tar"))
    old = made[: max(len(made) - keep, 0)]
    for path in old:
        path.unlink()
    return old


def backup_name(now: datetime) -> str:
    return f"{NAME_PREFIX}{now.astimezone(UTC):%Y%m%dT%H%M%SZ}.tar"


def restore(path: Path) -> tuple[dict, list[str]]:
    """Load the backup at `path` into the database, which must be empty; bring its schema to
    this version of tabletop (`migrate`); then check it. Returns the manifest and the problems
    found (empty = every table and game as backed up, every log replays to its projection)."""
    with _unpacked(path) as (manifest, dump):
        if manifest.get("database") != connection.vendor:
            raise BackupError(
                f"{path} is a backup of a {manifest.get('database')} database, and the database "
                f"to restore into is {connection.vendor}: restore it into the same kind "
                "(DATABASE_URL set for PostgreSQL, unset for the embedded SQLite)."
            )
        _refuse_a_database_in_use()
        if connection.vendor == "postgresql":
            _run(
                [
                    "pg_restore",
                    "--no-owner",
                    "--no-privileges",
                    "--single-transaction",
                    "--exit-on-error",
                    f"--dbname={connection.settings_dict['NAME']}",
                    str(dump),
                ],
                "pg_restore",
            )
        else:
            source = sqlite3.connect(dump)
            try:
                connection.ensure_connection()
                source.backup(connection.connection)
            finally:
                source.close()
    problems = check_tables(manifest)
    call_command("migrate", interactive=False, verbosity=0)
    refresh_statistics()
    return manifest, problems + check_games(manifest)


def refresh_statistics() -> None:
    """Have the database count what a bulk load just wrote (ANALYZE), as pg_restore's manual
    asks after a restore. Until autovacuum gets to it (never, where it is off), PostgreSQL
    plans every query for the empty tables it last counted: a player's turns were found by
    hashing every running game, 3-13 ms a query where 0.1 ms does (issue 31)."""
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")


def check_tables(manifest: dict) -> list[str]:
    """Each table the manifest names, with as many rows as it had."""
    found = row_counts()
    return [
        f"table {table} has {found.get(table, 'no')} rows where the backup had {count}"
        for table, count in sorted(manifest["tables"].items())
        if found.get(table) != count
    ]


def check_games(manifest: dict) -> list[str]:
    """Every game of the manifest with the same last seq and log digest, no game more, and
    each log replaying to its projection (what `verify_log --dry-run` reports)."""
    expected = {int(pk): fields for pk, fields in manifest["games"].items()}
    found = log_digests()
    problems = [f"game {pk} is missing" for pk in sorted(expected.keys() - found.keys())]
    problems += [
        f"game {pk} is not in the backup's manifest" for pk in sorted(found.keys() - expected)
    ]
    for pk in sorted(expected.keys() & found.keys()):
        was, now = expected[pk], found[pk]
        if now["last_seq"] != was["last_seq"]:
            problems.append(
                f"game {pk} ({was['slug']}): its log ends at move {now['last_seq']}, "
                f"the backup's at move {was['last_seq']}"
            )
        elif now["log_digest"] != was["log_digest"]:
            problems.append(f"game {pk} ({was['slug']}): its log differs from the backup's")
    for game in Game.objects.order_by("pk").iterator():
        problems += [f"game {game.pk} ({game.slug}): {p}" for p in store.verify(game)]
    return problems


def manifest_of(path: Path) -> dict:
    """What the backup at `path` holds, read from its manifest without restoring it."""
    try:
        with tarfile.open(path) as archive:
            return json.load(archive.extractfile(MANIFEST))
    except (OSError, ValueError, KeyError, tarfile.TarError) as error:
        raise BackupError(f"{path} cannot be read as a tabletop backup: {error}") from error


@contextmanager
def _unpacked(path: Path) -> Iterator[tuple[dict, Path]]:
    """The manifest and the dump of a backup file, unpacked into a directory of their own."""
    with tempfile.TemporaryDirectory() as work:
        try:
            with tarfile.open(path) as archive:
                names = set(archive.getnames())
                dumps = names & set(DUMPS.values())
                if MANIFEST not in names or len(dumps) != 1:
                    raise BackupError(
                        f"{path} is not a tabletop backup: it needs {MANIFEST} and one dump."
                    )
                for name in (MANIFEST, *dumps):
                    archive.extract(name, work, filter="data")
            manifest = json.loads((Path(work) / MANIFEST).read_text())
        except (OSError, ValueError, tarfile.TarError) as error:
            raise BackupError(f"{path} cannot be read as a tabletop backup: {error}") from error
        if manifest.get("format") != FORMAT:
            raise BackupError(
                f"{path} is a backup in format {manifest.get('format')}; this tabletop reads "
                f"format {FORMAT}."
            )
        yield manifest, Path(work) / dumps.pop()


def _refuse_a_database_in_use() -> None:
    tables = connection.introspection.table_names()
    if tables:
        name = connection.settings_dict["NAME"]
        raise BackupError(
            f"The database {name} is not empty (it has {len(tables)} tables, among them "
            f"{', '.join(sorted(tables)[:3])}). A backup is restored only into an empty "
            "database, so nothing in it is mixed with the backup or overwritten: create a new "
            "database (PostgreSQL: createdb, then point DATABASE_URL at it; SQLite: move the "
            "file aside) and run the restore again."
        )


def _run(command: list[str], tool: str) -> None:
    """Run one of PostgreSQL's client tools against the database Django is connected to."""
    if shutil.which(tool) is None:
        raise BackupError(
            f"{tool} is not installed: it comes with PostgreSQL's client tools "
            "(postgresql-client), of the server's major version or newer."
        )
    done = subprocess.run(
        command, env=os.environ | _libpq_environment(), capture_output=True, text=True
    )
    if done.returncode != 0:
        raise BackupError(f"{tool} failed: {done.stderr.strip()}")


def _libpq_environment() -> dict[str, str]:
    """Django's connection settings as libpq reads them, the password kept off the command
    line (where any user of the machine could read it)."""
    settings = connection.settings_dict
    names = {"NAME": "PGDATABASE", "USER": "PGUSER", "PASSWORD": "PGPASSWORD"}
    names |= {"HOST": "PGHOST", "PORT": "PGPORT"}
    values = {names[key]: str(settings[key]) for key in names if settings.get(key)}
    if sslmode := settings.get("OPTIONS", {}).get("sslmode"):
        values["PGSSLMODE"] = sslmode
    return values
