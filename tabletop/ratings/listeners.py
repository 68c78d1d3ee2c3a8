"""Ratings listen to the store's announcement that a game ended (tabletop.play.signals) and
write where each player placed and the new ratings in that same transaction."""

from __future__ import annotations

from tabletop.accounts.signals import data_asked
from tabletop.play import signals
from tabletop.ratings import my_data, placings, updates


def rate_the_finished_game(sender, game, **_) -> None:
    placings.record(game)
    updates.rate(game)


def place_the_imported_game(sender, game, **_) -> None:
    """An imported game ended elsewhere: its places count here, its ratings do not."""
    placings.record(game)


def connect() -> None:
    signals.game_ended.connect(rate_the_finished_game, dispatch_uid="ratings-game-ended")
    signals.game_imported.connect(place_the_imported_game, dispatch_uid="ratings-game-imported")
    data_asked.connect(my_data.sections, dispatch_uid="ratings-my-data")
