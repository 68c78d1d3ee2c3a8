"""Re-run a downloaded game log with nothing but the rules library: the fairness check."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tabletop.play import records, store
from tabletop.play.export import rerun


class Command(BaseCommand):
    help = "Replay a game log (the JSON or record.txt download) and check seed and final position."

    def add_arguments(self, parser):
        parser.add_argument("path", help="a history page's JSON log or record.txt")

    def handle(self, *args, path, **options):
        text = Path(path).read_text(encoding="utf-8")
        try:
            document = records.read(text) if records.is_record(text) else json.loads(text)
        except store.Refused as refusal:
            raise CommandError(refusal.message) from None
        problems = rerun(document)
        if problems:
            raise CommandError("; ".join(problems))
        self.stdout.write("The log replays to the recorded result; the seed matches its SHA-256.")
