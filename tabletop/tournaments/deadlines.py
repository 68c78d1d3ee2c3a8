"""The beat's sweep over tournaments, every minute, safe to run twice and side by side:

- a tournament whose sign-up deadline passed starts (or is cancelled with too few players);
- a round past its deadline has its games still running adjudicated (play's
  `store.adjudicate`: ended now, scored as it stands, logged as a system step in the game),
  so one slow game cannot stall the round; the last one's end seats the next round as any
  game's end does;
- repairs: a round whose games are all over but which did not move on (its seating failed
  and was rolled back), and a dropped player's seats not yet handed to the bot.
"""

from __future__ import annotations

import logging
from datetime import datetime

from django.db import transaction

from tabletop.play import store
from tabletop.play.models import Game
from tabletop.tournaments import drops, rounds
from tabletop.tournaments.log import lock
from tabletop.tournaments.models import Round, RoundGame, Tournament

log = logging.getLogger(__name__)


def sweep(moment: datetime) -> int:
    """Everything due at `moment`; how many things it did."""
    return (
        start_due(moment)
        + adjudicate_overdue(moment)
        + move_on_stalled_rounds()
        + drops.hand_over_seats_left_behind()
    )


def start_due(moment: datetime) -> int:
    due = Tournament.objects.filter(
        status=Tournament.Status.SIGNUP, signup_deadline__lte=moment
    ).values_list("pk", flat=True)
    return sum(rounds.start_at_deadline(pk) for pk in list(due))


def adjudicate_overdue(moment: datetime) -> int:
    """The games still running in every running round past its deadline, adjudicated."""
    late = RoundGame.objects.filter(
        round__deadline__lte=moment,
        round__ended__isnull=True,
        round__tournament__status=Tournament.Status.RUNNING,
        game__status=Game.Status.ACTIVE,
    ).values_list("game_id", flat=True)
    done = 0
    for game_id in list(late):
        try:
            done += store.adjudicate(game_id, store.ROUND_DEADLINE)
        except Exception:  # one broken game must not keep the other rounds waiting
            log.exception("adjudicating game %s at its round's deadline failed", game_id)
    return done


def move_on_stalled_rounds() -> int:
    """Current rounds of running tournaments whose games are all over yet not ended."""
    stalled = (
        Round.objects.filter(ended__isnull=True, tournament__status=Tournament.Status.RUNNING)
        .exclude(tables__game__status=Game.Status.ACTIVE)
        .values_list("tournament_id", "number")
    )
    done = 0
    for tournament_id, number in list(stalled):
        with transaction.atomic():
            tournament = lock(tournament_id)
            if tournament.current_round == number and tournament.status == "running":
                rounds.results_left_unlogged(tournament)
                rounds.move_on(tournament)
                done += 1
    return done
