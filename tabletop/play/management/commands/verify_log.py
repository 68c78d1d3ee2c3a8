"""Rebuild every projection from its log and report the games whose projection differed."""

from django.core.management.base import BaseCommand, CommandError

from tabletop.play import store
from tabletop.play.models import Game


class Command(BaseCommand):
    help = "Replay each game's log; report and repair projections that differ from the replay."

    def add_arguments(self, parser):
        parser.add_argument("--game", type=int, help="only this game id")
        parser.add_argument("--dry-run", action="store_true", help="report, do not repair")

    def handle(self, *args, game=None, dry_run=False, **options):
        found = Game.objects.exclude(status=Game.Status.OPEN).order_by("pk")
        if game is not None:
            found = found.filter(pk=game)
            if not found.exists():
                raise CommandError(f"No started game with id {game}.")
        differing = 0
        for each in found.iterator():
            problems = store.verify(each) if dry_run else store.rebuild_projection(each)
            if problems:
                differing += 1
                self.stdout.write(f"game {each.pk} ({each.slug}): " + "; ".join(problems))
        checked = found.count()
        self.stdout.write(f"{checked} games checked, {differing} differed from their log.")
        if differing:
            raise CommandError(
                f"{differing} projections differed" + ("" if dry_run else " (rebuilt)")
            )
