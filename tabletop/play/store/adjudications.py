"""A running game ended from outside its table at a deadline of its own (a tournament
round's), scored as it stands: logged as one system step, so the log, its replays and
`verify_log` all tell it.

Apart because no seat asks for it: neither a move, a timeout nor the table's vote, though it
ends the game exactly as a vote to end it "scored" would.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from tabletop.play import clock, signals
from tabletop.play.models import Game
from tabletop.play.store.events import ADJUDICATED
from tabletop.play.store.locks import lock_with_seats
from tabletop.play.store.log_lines import log_event
from tabletop.play.store.outcomes import adjudicated_outcome
from tabletop.play.store.projection import resigned_seats, tell_everyone

# The reasons a game may be adjudicated for (the log keeps the reason, the page tells it).
ROUND_DEADLINE = "round-deadline"
# The logged step's source. Not among Move.Source's choices, which would need a migration of
# play's for a label alone; the column takes any name of up to 16 letters.
ADJUDICATION = "adjudication"


def adjudicate(game_id: int, reason: str = ROUND_DEADLINE) -> bool:
    """End the game now, scored as it stands (each seat's standing; the best of those who
    did not resign win); whether it did. A game already over (or never started) is left
    alone, so two sweeps adjudicate it once."""
    with transaction.atomic():
        game = lock_with_seats(game_id)
        if game.status != Game.Status.ACTIVE:
            return False
        payload = {"kind": ADJUDICATED, "how": "scored", "reason": reason}
        seat = (game.to_act or [0])[0]
        log_event(game, seat, payload, ADJUDICATION, game.state)
        resigned = resigned_seats(game)
        game.outcome = adjudicated_outcome(game.rules, game.state, game.players, reason, resigned)
        game.status = Game.Status.FINISHED
        game.finished = timezone.now()
        game.to_act = []
        clock.update_deadlines(game, [])
        game.save()
        tell_everyone(game)
        signals.game_ended.send(sender=Game, game=game)
    return True
