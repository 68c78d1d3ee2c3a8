"""A player's moves through the store: one move, several steps all or nothing, a reply's lines
up to the first refused one, a resignation, a system step for a seat; each logged with the
automatic steps it brings, projected and announced in one transaction.

Apart from steps.py, which applies one step to a position: here is the transaction around
the steps (the lock, the log, the projection) that every kind of submission shares.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils.translation import gettext

from tabletop import prepared
from tabletop.play import clock
from tabletop.play.models import Game, Move
from tabletop.play.store.errors import Refused, StaleMove
from tabletop.play.store.events import RESIGN
from tabletop.play.store.locks import check_fresh, hand_back, lock_with_seats, seat_of
from tabletop.play.store.log_lines import Told
from tabletop.play.store.projection import (
    PROJECTION,
    project,
    resigned_seats,
    tell_everyone_if_it_ended,
)
from tabletop.play.store.replays import random_stream
from tabletop.play.store.steps import (
    MAX_AUTOMATIC_STEPS,
    Step,
    apply_step,
    automatic_step,
    check_rules_version,
    take_step,
)
from tabletop.play.store.vote_endings import end_votes_on, late


def submit(
    game: Game, user: AbstractBaseUser, move: dict, expected_seq: int | None, source: str
) -> list[Move]:
    """One move by a player; returns the moves logged (the player's and any automatic ones)."""
    return submit_steps(game, user, [move], expected_seq, source)


def submit_steps(
    game: Game, user: AbstractBaseUser, moves: list[dict], expected_seq: int | None, source: str
) -> list[Move]:
    """Several steps by one player, all or nothing (an email reply with several lines).

    `expected_seq` None means "whatever the game is at now" (a reply to an old email whose
    steps are still legal for the same seat).
    """
    try:
        with transaction.atomic():
            locked = lock_with_seats(game.pk)
            seat = seat_of(locked, user)
            check_fresh(locked, expected_seq)
            was_late = late(locked, seat)
            logged = advance(locked, [Step(seat, move, source) for move in moves])
            end_votes_on(locked, seat, logged, was_late)
        hand_back(locked, game)
        return logged
    except IntegrityError:
        # Only the unique (game, seq) constraint can fire here: another submission won.
        raise StaleMove(
            gettext("Someone moved at the same moment; reload and try again."),
            current_seq=Game.objects.get(pk=game.pk).seq,
        ) from None


def act_for_seat(game: Game, seat: int, move: dict, source: str, at_seq: int) -> list[Move]:
    """A system step for a seat (a timeout's bot move, skip or forfeit)."""
    with transaction.atomic():
        locked = lock_with_seats(game.pk)
        check_fresh(locked, at_seq)
        return advance(locked, [Step(seat, move, source)])


@dataclass
class PlayedLines:
    """What became of a reply's lines: the moves logged, and the line that stopped them."""

    logged: list[Move]
    stopped_by: Refused | None = None


def submit_lines(
    game: Game, user: AbstractBaseUser, lines: list[str], expected_seq: int | None, source: str
) -> PlayedLines:
    """Steps written in the game's notation, one a line (an email reply), played in order up
    to the first line that cannot be played.

    Each line is read against the position the lines before it leave. The lines before a
    refused one are logged, since their draws and rolls are real once the refusal has been
    worded from the position they leave (an all-or-nothing reply whose refusal was worded
    from an unlogged position showed the sender cards they then did not have to take). The
    refusal names its line (context `line` and `text`); when the first line is refused nothing
    is logged and it is raised, as any other refusal.
    """
    with transaction.atomic():
        locked = lock_with_seats(game.pk)
        seat = seat_of(locked, user)
        check_fresh(locked, expected_seq)
        written = [Step(seat, None, source, line=n, text=text) for n, text in enumerate(lines, 1)]
        was_late = late(locked, seat)
        logged, stopped_by = advance_until_refused(locked, written)
        end_votes_on(locked, seat, logged, was_late)
        return PlayedLines(logged, stopped_by)


def resign(game: Game, user: AbstractBaseUser, source: str) -> list[Move]:
    """The player leaves the game; a bot plays their seat from here on (logged as a step)."""
    with transaction.atomic():
        locked = lock_with_seats(game.pk)
        seat = seat_of(locked, user)
        return advance(locked, [Step(seat, RESIGN, source)])


def advance(game: Game, steps: list[Step]) -> list[Move]:
    """Apply the steps in order, all or nothing, then any automatic steps; log and project."""
    logged, refusal = advance_until_refused(game, steps)
    if refusal is not None:
        raise refusal  # the caller's transaction takes back what was logged
    return logged


def advance_until_refused(game: Game, steps: list[Step]) -> tuple[list[Move], Refused | None]:
    """Apply the steps in order up to the first refused one, then any automatic steps; log
    them and project. A refusal of the very first step is raised (nothing changes)."""
    rules = game.rules
    check_rules_version(game, rules)
    was_over = game.is_over
    previously_waiting = list(game.to_act)
    # Each step applies to a copy of the position it meets (the rules may change the state in
    # place), which stays as it was for the step's line: one copy a step.
    state = game.state
    stream = random_stream(game)
    resigned = resigned_seats(game)
    logged: list[Move] = []
    # Seats the game stopped waiting for after some step: if it waits for them again at the
    # end, theirs is a new turn (its own email, deadline and reply address), even though they
    # were waited for before these steps too.
    let_go: set[int] = set()
    refusal = None
    told = Told()
    for step in steps:
        seq = game.seq + len(logged) + 1
        before = state
        try:
            step, state = take_step(rules, copy.deepcopy(before), step, resigned, stream, seq)
        except Refused as refused:
            if not logged:
                raise
            refusal = refused
            break
        logged.append(_log(game, step, len(logged)))
        told.add(game, logged[-1], before, state, stream.events)
        let_go |= set(previously_waiting) - set(rules.to_act(state))
    # An automatic step is written within a millisecond of its cause: stamped with its own
    # time it would tell a standing order from a person's answer. It carries its cause's.
    caused_at = logged[-1].created if logged else _time_of_last_step(game)
    for _ in range(MAX_AUTOMATIC_STEPS):
        seq = game.seq + len(logged)
        step = automatic_step(game, rules, state, resigned, stream, seq)
        if step is None:
            break
        before = state
        state = apply_step(rules, copy.deepcopy(before), step, resigned, stream, seq + 1)
        logged.append(_log(game, step, len(logged), at=caused_at))
        told.add(game, logged[-1], before, state, stream.events)
        let_go |= set(previously_waiting) - set(rules.to_act(state))
    told.save()
    game.seq += len(logged)
    game.random_events = stream.events
    project(game, state, [seat for seat in previously_waiting if seat not in let_go], resigned)
    tell_everyone_if_it_ended(game, was_over)
    prepared.update(game, PROJECTION)
    return logged, refusal


def _time_of_last_step(game: Game) -> datetime:
    """When the step that brings automatic steps without a player's (a vote's result, or
    the start when there is none) was logged."""
    logged = game.moves.filter(seq=game.seq).values_list("created", flat=True).first()
    return logged or clock.now()


def _log(game: Game, step: Step, offset: int, at: datetime | None = None) -> Move:
    move = Move(
        game=game,
        seq=game.seq + offset + 1,
        seat=step.seat,
        payload=step.move,
        source=step.source,
        created=at or clock.now(),
    )
    prepared.insert([move], with_keys=True)  # its lines point at it
    return move
