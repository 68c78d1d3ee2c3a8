"""Restore a backup into an empty database and check every game against its manifest."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tabletop.play import backups


class Command(BaseCommand):
    help = (
        "Restore a backup made by `manage.py backup` into an EMPTY database, then check every "
        "table and game against the backup's manifest and replay every log (as verify_log)."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="the backup file (tabletop-<time>.tar)")

    def handle(self, *args, file, **options):
        try:
            manifest, problems = backups.restore(file)
        except backups.BackupError as error:
            raise CommandError(str(error)) from error
        for problem in problems:
            self.stdout.write(problem)
        games = len(manifest["games"])
        if problems:
            raise CommandError(
                f"Restored {file}, but {len(problems)} problems were found (above): the "
                "database does not hold what was backed up. Keep the backup and this database "
                "for a closer look; `manage.py verify_log --dry-run` reports each game again."
            )
        self.stdout.write(
            f"Restored {file} (made {manifest['made']}): every table has its rows, and every "
            f"game ({games}) has the log of the backup and replays to its state."
        )
