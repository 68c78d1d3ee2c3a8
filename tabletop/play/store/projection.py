"""The projection on the game row (state, seq, to_act, status, outcome, deadlines) brought in
line with a new position, with the announcements that go with it; the seats played by bots
and the seats that resigned; the lines everyone reads once the game ends.

Apart because every kind of write ends here, so that a game's cache changes in one place.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils import timezone

from tabletop.play import clock, signals
from tabletop.play.models import Game
from tabletop.play.store.events import RESIGN
from tabletop.play.store.log_lines import Told
from tabletop.play.store.outcomes import final_outcome
from tabletop.play.store.replays import history

# What steps change on the game row; writing these alone spares every move the rest.
PROJECTION = [
    "state",
    "seq",
    "to_act",
    "outcome",
    "random_events",
    "resigned",
    "status",
    "finished",
]


def bot_seats(game: Game) -> list[int]:
    return [seat.position for seat in game.seats.all() if seat.is_bot]


def resigned_seats(game: Game) -> list[int]:
    """The seats that have resigned (or forfeited), as projected: a list the caller may grow."""
    return list(game.resigned)


def resigned_in_log(game: Game) -> list[int]:
    """The same read from the log, for checking the projection."""
    return sorted(game.moves.filter(payload=RESIGN).values_list("seat", flat=True))


def project(
    game: Game, state: dict, previously_waiting: list[int], resigned: Iterable[int] = ()
) -> None:
    """Bring the cached state, to_act, status, outcome and deadlines in line with `state`."""
    rules = game.rules
    game.state = state
    game.resigned = sorted(resigned)
    game.to_act = rules.to_act(state)
    result = final_outcome(rules, state, game.players, list(resigned))
    if result is not None:
        game.status = Game.Status.FINISHED
        game.finished = game.finished or timezone.now()
        game.outcome = result
        game.to_act = []
    newly_waiting = [seat for seat in game.to_act if seat not in previously_waiting]
    clock.update_deadlines(game, newly_waiting)
    if result is not None:
        signals.game_ended.send(sender=Game, game=game)
    elif newly_waiting:
        signals.seats_waiting.send(sender=Game, game=game, seats=newly_waiting)


def tell_everyone_if_it_ended(game: Game, was_over: bool, told: Told | None = None) -> None:
    """Called once the steps' moves are in the log (the replay reads them from there)."""
    if game.is_over and not was_over:
        tell_everyone(game, told)


def tell_everyone(game: Game, told: Told | None = None) -> None:
    """As the game ends, every move's line as everyone reads it from now on (one replay of
    the log, once): who moved, by name, and what nobody else could see while it was played.
    Written now, or with the lines of `told` when its caller writes them."""
    lines = told if told is not None else Told()
    for move, before, after in history(game):
        lines.add_for_everyone(game, move, before, after)
    if told is None:
        lines.save()
