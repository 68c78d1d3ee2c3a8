"""Asking for a finished game's analysis: the row now, the work after commit.

Apart from play/analysis.py because the task (play/tasks.py) runs the analysis: the module that
queues the task imports both. `game_ended` and `game_imported` are sent inside the store's
transaction, so their receivers only write the queued row and leave the work to the worker,
published once the transaction has committed (a rolled-back ending queues nothing). A publish
the broker lost leaves the row queued; `manage.py analyse_game ID` computes it.
"""

from __future__ import annotations

import logging
from functools import partial

from django.conf import settings
from django.db import transaction

from tabletop.play import analysis, tasks
from tabletop.play.models import Analysis, Game

log = logging.getLogger(__name__)


def request_analysis(game: Game, again: bool = False) -> Analysis | None:
    """Queue the game's analysis (again, when asked); None when it exists and nobody asked
    again. Refuses a game that is not over (analysis.NotOver)."""
    row = analysis.queue(game, again=again)
    if row is not None:
        transaction.on_commit(partial(publish, game.pk))
    return row


def on_game_over(sender, game: Game, **kwargs) -> None:
    """A game ended here or a finished one was imported: analyse it in the background, unless
    the analysis is turned off (ANALYSIS_PLAYOUTS=0)."""
    if game.is_over and settings.ANALYSIS_PLAYOUTS > 0:
        request_analysis(game)


def publish(game_id: int) -> None:
    try:
        tasks.analyse_game.delay(game_id)
    except Exception:  # noqa: BLE001 - any broker failure; the row stays queued
        log.warning("could not publish the analysis of game %s; it stays queued", game_id)
