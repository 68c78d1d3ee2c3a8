"""Write a consistent backup of the database with a manifest of every game's log."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tabletop.play import backups, clock


class Command(BaseCommand):
    help = (
        "Back up the database (pg_dump on PostgreSQL, SQLite's online backup on the embedded "
        "default) into one file with a manifest of every game's last seq and log digest."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--output",
            type=Path,
            help="the file to write (default: var/backups/tabletop-<time>.tar)",
        )
        parser.add_argument(
            "--keep", type=int, help="then delete all but the newest KEEP backups in its folder"
        )

    def handle(self, *args, output=None, keep=None, **options):
        if keep is not None and keep < 1:
            raise CommandError("--keep must be 1 or more: the backup just made is kept.")
        path = output or Path(settings.VAR_DIR) / "backups" / backups.backup_name(clock.now())
        try:
            manifest = backups.back_up(path)
        except backups.BackupError as error:
            raise CommandError(str(error)) from error
        moves = sum(game["last_seq"] for game in manifest["games"].values())
        self.stdout.write(
            f"{path}: {len(manifest['games'])} games, {moves} moves, "
            f"{sum(manifest['tables'].values())} rows in {len(manifest['tables'])} tables."
        )
        if keep is not None:
            for old in backups.prune(path.parent, keep):
                self.stdout.write(f"deleted the older backup {old}")
