"""Play's tasks: the beat's sweep (apply the timeout policy to every seat past its deadline,
close the votes that expired undecided), and the analysis of a game that has ended."""

from __future__ import annotations

from celery import shared_task

from tabletop.play import analysis, clock, store, timeouts
from tabletop.play.models import Game


@shared_task(ignore_result=True)
def sweep_deadlines() -> int:
    """Every minute; safe to run twice and side by side (store.time_out_due skips games
    another sweep holds and checks each deadline again)."""
    moment = clock.now()
    return timeouts.apply_due(moment) + store.close_expired_votes(moment)


@shared_task(ignore_result=True)
def analyse_game(game_id: int) -> None:
    """A finished game's analysis (play/analysis.py), queued when the game ends; a game gone
    or already analysed is left alone, so running it twice does no harm."""
    game = Game.objects.filter(pk=game_id).first()
    if game is not None:
        analysis.analyse(game)
