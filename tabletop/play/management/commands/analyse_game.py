"""Compute a finished game's analysis now, in this process (the worker does it after a game
ends; this is for an operator: a failed one, or again after a change)."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from tabletop.play import analysis
from tabletop.play.models import Game


class Command(BaseCommand):
    help = "Analyse a finished game: each step's win chances and the strong bot's suggestions."

    def add_arguments(self, parser):
        parser.add_argument("game", type=int, help="the game's id")
        parser.add_argument("--again", action="store_true", help="recompute a stored analysis")

    def handle(self, *args, game: int, again: bool = False, **options):
        found = Game.objects.filter(pk=game).first()
        if found is None:
            raise CommandError(f"No game with id {game}.")
        if settings.ANALYSIS_PLAYOUTS < 1:
            raise CommandError("ANALYSIS_PLAYOUTS is 0: the analysis is turned off.")
        try:
            row = analysis.analyse(found, again=again)
        except analysis.NotOver as refusal:
            raise CommandError(str(refusal)) from refusal
        self.stdout.write(
            f"game {found.pk} ({found.slug}): {row.status}, {row.steps_done} positions, "
            f"{row.playouts} playouts each, {len(row.turning_points)} turning points."
        )
