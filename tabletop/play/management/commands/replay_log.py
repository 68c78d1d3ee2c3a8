"""Re-run a downloaded game log with nothing but the rules library: the fairness check."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tabletop.play.export import rerun


class Command(BaseCommand):
    help = "Replay an exported game log (the JSON download) and check seed and final position."

    def add_arguments(self, parser):
        parser.add_argument("path", help="the JSON file downloaded from a game's history page")

    def handle(self, *args, path, **options):
        problems = rerun(json.loads(Path(path).read_text()))
        if problems:
            raise CommandError("; ".join(problems))
        self.stdout.write("The log replays to the recorded result; the seed matches its SHA-256.")
