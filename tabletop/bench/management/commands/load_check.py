"""After a load run: every game's log replays, and every move Locust saw accepted is in it."""

import json
from datetime import UTC, datetime
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tabletop.bench import load


class Command(BaseCommand):
    help = "Verify every game's log and hold the logged moves against Locust's accepted moves."

    def add_arguments(self, parser):
        parser.add_argument("--report", type=Path, required=True, help="Locust's report file")

    def handle(self, *args, report: Path, **options):
        figures = json.loads(report.read_text())
        began, ended = (
            datetime.fromtimestamp(figures[moment], tz=UTC) if moment in figures else None
            for moment in ("began", "ended")
        )
        verdict = load.check(figures["accepted"], began, ended)
        differ = len(verdict.broken_logs)
        self.stdout.write(f"Logs: {verdict.games} games replayed, {differ} differ from it")
        for source in load.PLAYER_SOURCES:
            self.stdout.write(
                f"  {source:6} moves: {verdict.accepted[source]:7} accepted by Locust, "
                f"{verdict.moves[source]:7} in the log"
            )
        lost, unconfirmed = len(verdict.lost), len(verdict.unconfirmed)
        self.stdout.write(f"Lost moves: {lost}; logged but never confirmed: {unconfirmed}")
        for line in [*verdict.broken_logs, *verdict.lost, *verdict.unconfirmed][:20]:
            self.stdout.write(f"  {line}")
        mail = verdict.mail
        self.stdout.write(f"Mail: outbox {mail['outbox']}, inbound {mail['inbound']}")
        if "longest_turn_wait" in mail:
            self.stdout.write(
                f"  the longest a turn email of the run waited in the outbox once due: "
                f"{mail['longest_turn_wait']:.0f} s"
            )
        if not verdict.sound:
            raise CommandError("the logs do not hold what the players were told was played")
