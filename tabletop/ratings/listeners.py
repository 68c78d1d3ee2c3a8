"""Ratings listen to the store's announcement that a game ended (tabletop.play.signals) and
write the new ratings in that same transaction."""

from __future__ import annotations

from tabletop.play import signals
from tabletop.ratings import updates


def rate_the_finished_game(sender, game, **_) -> None:
    updates.rate(game)


def connect() -> None:
    signals.game_ended.connect(rate_the_finished_game, dispatch_uid="ratings-game-ended")
