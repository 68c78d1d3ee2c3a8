"""Rematches: the players of a finished game agree to play the same table again.

Any player of a finished game proposes it and the others accept, on the game page, through
the API or by replying "rematch" to the game-over email; the computer's seats accept at once.
The last acceptance starts the new game through the store (store.start_rematch): private,
the same players in the same seats, the same options and time control, a new seed. Its turn
emails go out as for any game.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from tabletop.play import stamps, store
from tabletop.play.models import Game, Rematch
from tabletop.play.store import GameNotActive, NotASeat


def accept(game: Game, user) -> Rematch:
    """Propose a rematch of `game` or accept the one proposed; the proposal's `new_game` is
    set once every seat has accepted."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        stamps.game_changed(game.pk)
        if game.status != Game.Status.FINISHED:
            raise GameNotActive(gettext("A rematch can be proposed once the game is over."))
        seat = game.seat_of(user)
        if seat is None:
            raise NotASeat(gettext("Only the players of a game can play it again."))
        rematch, _ = Rematch.objects.get_or_create(
            game=game, defaults={"proposed_by": user, "accepted_seats": store.bot_seats(game)}
        )
        if rematch.new_game_id is not None:
            raise GameNotActive(
                gettext("The rematch has started already: %(title)s #%(pk)s.")
                % {"title": game.title, "pk": rematch.new_game_id}
            )
        if seat not in rematch.accepted_seats:
            rematch.accepted_seats = sorted({*rematch.accepted_seats, seat})
            rematch.save(update_fields=["accepted_seats"])
        if set(range(game.players)) <= set(rematch.accepted_seats):
            rematch.new_game = store.start_rematch(game)
            rematch.save(update_fields=["new_game"])
    return rematch


def proposed(game: Game) -> Rematch | None:
    if game.status != Game.Status.FINISHED:
        return None  # proposed only once it is over (accept): no query while it is played
    return Rematch.objects.filter(game=game).select_related("proposed_by", "new_game").first()


def waiting_for(rematch: Rematch) -> list[str]:
    """The names of the players who have not accepted yet."""
    seats = rematch.game.seats.select_related("user").order_by("position")
    return [s.user.get_username() for s in seats if s.position not in rematch.accepted_seats]


def accepted_by(rematch: Rematch) -> list[str]:
    seats = rematch.game.seats.select_related("user").order_by("position")
    return [s.user.get_username() for s in seats if s.position in rematch.accepted_seats]
