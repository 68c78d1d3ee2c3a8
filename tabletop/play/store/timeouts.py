"""A seat past its deadline: the game's timeout policy applied as logged moves (a bot's move,
a skip, a forfeit) or as a question to the table, one game or a sweep's batch at a time.

Apart because a deadline's steps are logged in bulk, with locks that skip busy games, unlike
a player's move.
"""

from __future__ import annotations

import copy
import logging

from django.db import transaction
from django.db.models import Prefetch, prefetch_related_objects

from games import RandomStream
from games.bots import strong
from tabletop.play import clock, signals, stamps
from tabletop.play.models import Game, Move
from tabletop.play.store.events import RESIGN
from tabletop.play.store.locks import lock_with_seats, seats_with_players
from tabletop.play.store.log_lines import Told
from tabletop.play.store.projection import project, resigned_seats, tell_everyone_if_it_ended
from tabletop.play.store.replays import random_stream
from tabletop.play.store.steps import (
    MAX_AUTOMATIC_STEPS,
    Step,
    apply_step,
    automatic_step,
    check_rules_version,
)
from tabletop.play.store.votes import ask_the_table

log = logging.getLogger(__name__)


def time_out(game_id: int, seat: int) -> list[Move]:
    """The game's timeout policy for a seat past its deadline, as logged moves.

    Nothing happens if the deadline has not passed or the seat no longer has to act (another
    sweep got there first), so overlapping sweeps apply it once.
    """
    with transaction.atomic():
        locked = lock_with_seats(game_id)
        told = Told()
        logged = _time_out(locked, seat, resigned_seats(locked), told)
        told.save()
        return logged


def time_out_due(due: dict[int, list[int]]) -> int:
    """The timeout policy for a batch of late seats (game id -> positions); how many applied.

    One transaction locks the batch's games together and reads their seats, players and
    resigned seats once. A game another sweep (or a player's move) holds is skipped, not
    waited for: whoever holds it is applying it, or it is due again at the next sweep. Each
    game runs in a savepoint, so one whose rules fail is logged and rolled back while the
    others go on.
    """
    done = 0
    told = Told()  # the batch's log lines, in one insert once its games are done
    with transaction.atomic():
        locked, resigned = _lock_for_timeouts(list(due))
        for game in locked:
            for seat in due[game.pk]:
                told_here = Told()
                try:
                    with transaction.atomic():
                        done += bool(_time_out(game, seat, resigned[game.pk], told_here))
                except Exception:  # one broken game must not keep the others waiting
                    log.exception("timeout of game %s seat %s failed", game.pk, seat)
                    break  # rolled back: the game object no longer matches its rows
                told.extend(told_here)
        told.save()
    return done


def _lock_for_timeouts(game_ids: list[int]) -> tuple[list[Game], dict[int, list[int]]]:
    """The games that nobody else holds, locked, with their seats and players (as
    `lock_with_seats` reads them) and the seats that have resigned in each."""
    locked = list(
        Game.objects.select_for_update(skip_locked=True).filter(pk__in=game_ids).order_by("pk")
    )
    if locked:
        prefetch_related_objects(locked, Prefetch("seats", queryset=seats_with_players()))
    for game in locked:
        stamps.game_changed(game.pk, [seat.user_id for seat in game.seats.all()])
    return locked, {game.pk: resigned_seats(game) for game in locked}


def _time_out(game: Game, seat: int, resigned: list[int], told: Told) -> list[Move]:
    """`time_out` on a game locked with its seats; `resigned` are its resigned seats. The
    moves are logged; their lines are added to `told`, for the caller to write."""
    if game.status != Game.Status.ACTIVE or seat not in game.to_act:
        return []
    late = next(row for row in game.seats.all() if row.position == seat)
    if late.deadline is None or late.deadline > clock.now():
        return []
    if game.timeout_policy == Game.Timeout.TABLE:
        logged = ask_the_table(game, late)
    else:
        if game.timeout_policy == Game.Timeout.FORFEIT:
            late.forfeited = True
            late.save(update_fields=["forfeited"])
        logged = _advance_at_deadline(game, seat, resigned, told)
    if not logged:
        return logged
    signals.timeout_applied.send(
        sender=Game, game=game, seat=seat, source=logged[0].source, moves=logged
    )
    return logged


def _advance_at_deadline(game: Game, seat: int, resigned: list[int], told: Told) -> list[Move]:
    """The late seat's steps under the game's policy, taken and projected one by one exactly
    as `advance` takes them, but logged in one insert and saved once: a turn of several
    steps then costs no more queries than a turn of one (a projection that changes nothing
    writes nothing).

    Forfeit resigns the seat (bots then play it); otherwise each step is chosen from the
    position the steps before it leave, until the game no longer waits for the seat.
    """
    rules = game.rules
    check_rules_version(game, rules)
    stream = random_stream(game)
    forfeit = game.timeout_policy == Game.Timeout.FORFEIT
    was_over = game.is_over
    logged: list[Move] = []
    while len(logged) < MAX_AUTOMATIC_STEPS and (not logged if forfeit else seat in game.to_act):
        if forfeit:
            step = Step(seat, RESIGN, Move.Source.FORFEIT)
        else:
            step = _timeout_step(game, game.state, seat, stream, game.seq)
        logged += _deadline_round(game, rules, step, resigned, stream, told)
    Move.objects.bulk_create(logged)  # before `told` is saved: each line points at its move
    tell_everyone_if_it_ended(game, was_over, told)
    game.save()
    return logged


def _deadline_round(
    game: Game, rules, first: Step, resigned: list[int], stream: RandomStream, told: Told
) -> list[Move]:
    """`advance_until_refused` of one step with the automatic steps it brings, projected;
    the moves are returned unsaved for the caller to insert, their lines added to `told`."""
    previously_waiting = list(game.to_act)
    state = game.state
    moves: list[Move] = []
    let_go: set[int] = set()
    # The automatic steps the deadline's step brings carry its time, as `advance` stamps them.
    at = clock.now()

    def take(step: Step) -> None:
        nonlocal state
        seq = game.seq + len(moves) + 1
        before = state  # the rules may change the state in place: they change a copy
        state = apply_step(rules, copy.deepcopy(before), step, resigned, stream, seq)
        # The payload as it was when applied, as `_log` writes it; later steps may change
        # parts of `state` that a bot's move shares.
        payload = copy.deepcopy(step.move)
        moves.append(
            Move(
                game=game,
                seq=seq,
                seat=step.seat,
                payload=payload,
                source=step.source,
                created=at,
            )
        )
        told.add(game, moves[-1], before, state, stream.events)
        let_go.update(set(previously_waiting) - set(rules.to_act(state)))

    take(first)
    for _ in range(MAX_AUTOMATIC_STEPS):
        step = automatic_step(game, rules, state, resigned, stream, game.seq + len(moves))
        if step is None:
            break
        take(step)
    game.seq += len(moves)
    game.random_events = stream.events
    project(game, state, [seat for seat in previously_waiting if seat not in let_go], resigned)
    return moves


def _timeout_step(game: Game, state: dict, seat: int, stream: RandomStream, seq: int) -> Step:
    """The rules' skip where the policy asks for it and the game has one; else a strong bot.

    `seq` is the game's seq before the step, `stream` where its randomness stands then."""
    rules = game.rules
    skip = getattr(rules, "skip_move", None)
    if game.timeout_policy == Game.Timeout.SKIP and skip:
        move = skip(state, seat)
        if move is not None:
            return Step(seat, move, Move.Source.TIMEOUT_SKIP)
    bot_rng = stream.bot_rng("timeout", seq + 1)
    return Step(seat, strong(rules, state, seat, bot_rng), Move.Source.TIMEOUT_BOT)
