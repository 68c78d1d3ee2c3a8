"""Where each player of a finished game placed: written as the game ends (or is imported)."""

from __future__ import annotations

from tabletop.play.models import Game
from tabletop.ratings.models import Placing
from tabletop.ratings.updates import ranks


def record(game: Game) -> None:
    if game.placings.exists():
        return
    seats = game.seats_with_players()
    places = ranks(game.outcome or {}, len(seats))
    winners = set((game.outcome or {}).get("winners") or [])
    Placing.objects.bulk_create(
        Placing(
            game=game,
            user=seat.user,
            seat=seat.position,
            rank=places[seat.position],
            won=seat.position in winners,
        )
        for seat in seats
    )
