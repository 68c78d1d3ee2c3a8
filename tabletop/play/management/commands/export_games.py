"""Write finished games as JSON lines, one game a line, to move a server or share a collection."""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from tabletop.play import transfer


class Command(BaseCommand):
    help = "Write finished games as JSON lines (one game's log, seed and players a line)."

    def add_arguments(self, parser):
        parser.add_argument("--game", type=int, action="append", help="only this game id")
        parser.add_argument("--slug", help="only games of this kind (gazobu, dos, ...)")
        parser.add_argument("--output", default="-", help="a file to write; - for stdout")

    def handle(self, *args, game=None, slug=None, output="-", **options):
        found = transfer.finished_games()
        if game:
            found = found.filter(pk__in=game)
        if slug:
            found = found.filter(slug=slug)
        lines = transfer.export_lines(found.iterator())
        if output == "-":
            written = write(sys.stdout, lines)
        else:
            with Path(output).open("w", encoding="utf-8") as out:
                written = write(out, lines)
        self.stderr.write(f"{written} finished games exported.")


def write(out, lines) -> int:
    written = 0
    for line in lines:
        out.write(line + "\n")
        written += 1
    return written
