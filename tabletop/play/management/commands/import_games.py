"""Read finished games from JSON lines (`export_games`); each verifies before it is stored."""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tabletop.play import store, transfer


class Command(BaseCommand):
    help = "Import finished games from JSON lines; a game whose log does not verify is refused."

    def add_arguments(self, parser):
        parser.add_argument("path", help="the file export_games wrote; - for stdin")

    def handle(self, *args, path, **options):
        if path == "-":
            imported, refused = self.import_lines(sys.stdin)
        else:
            with Path(path).open(encoding="utf-8") as source:
                imported, refused = self.import_lines(source)
        self.stdout.write(f"{imported} games imported, {refused} refused.")
        if refused:
            raise CommandError(f"{refused} games were refused (see the lines above).")

    def import_lines(self, source) -> tuple[int, int]:
        """Each line on its own: a refused game does not stop the ones after it."""
        imported = refused = 0
        for number, text in enumerate(source, 1):
            if not text.strip():
                continue
            try:
                game = transfer.import_line(text)
            except store.Refused as refusal:
                refused += 1
                self.stdout.write(f"line {number}: refused: {refusal.message}")
            else:
                imported += 1
                self.stdout.write(f"line {number}: imported as {game.title} #{game.pk}")
        return imported, refused
