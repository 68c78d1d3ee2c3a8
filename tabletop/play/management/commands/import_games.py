"""Read finished games from JSON lines (`export_games`) or text records (the history page's
record.txt, `tabletop.play.records`); each verifies before it is stored."""

import itertools
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tabletop.play import records, store, transfer


class Command(BaseCommand):
    help = (
        "Import finished games from JSON lines or text records; a game whose log does not "
        "verify is refused."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="the file export_games wrote, or records; - for stdin")

    def handle(self, *args, path, **options):
        if path == "-":
            imported, refused = self.import_from(sys.stdin)
        else:
            with Path(path).open(encoding="utf-8") as source:
                imported, refused = self.import_from(source)
        self.stdout.write(f"{imported} games imported, {refused} refused.")
        if refused:
            raise CommandError(f"{refused} games were refused (see the lines above).")

    def import_from(self, source) -> tuple[int, int]:
        first = source.readline()
        if records.is_record(first):
            return self.import_records(first + source.read())
        return self.import_lines(itertools.chain([first], source))

    def import_records(self, text: str) -> tuple[int, int]:
        imported = refused = 0
        for number, record in enumerate(records.split(text), 1):
            try:
                game = records.import_record(record)
            except store.Refused as refusal:
                refused += 1
                self.stdout.write(f"record {number}: refused: {refusal.message}")
            else:
                imported += 1
                self.stdout.write(f"record {number}: imported as {game.title} #{game.pk}")
        return imported, refused

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
