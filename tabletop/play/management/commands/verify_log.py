"""Rebuild every projection from its log and report the games whose projection differed; then
the logs the rooms above play keep (a tournament's), each room checking its own through
`signals.logs_checked`, so that play imports none of them."""

from django.core.management.base import BaseCommand, CommandError

from tabletop.play import signals, store
from tabletop.play.models import Game


class Command(BaseCommand):
    help = (
        "Replay each game's log; report and repair projections that differ from the replay. "
        "Without --game, also rebuild every tournament's standings from its own log."
    )

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
        if game is None:
            differing += self._check_other_logs(dry_run)
        if differing:
            raise CommandError(
                f"{differing} projections differed" + ("" if dry_run else " (rebuilt)")
            )

    def _check_other_logs(self, dry_run: bool) -> int:
        """The other rooms' logs (tournaments'), each reported as `name: problems`."""
        differing = 0
        for _receiver, found in signals.logs_checked.send(sender=Game, dry_run=dry_run):
            for name, problems in found:
                differing += 1
                self.stdout.write(f"{name}: " + "; ".join(problems))
        return differing
