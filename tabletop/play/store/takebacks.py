"""Take-backs (undo): what a player's take-back would withdraw, whether it may be taken at once,
and withdrawing it.

A take-back is a logged event like a resignation: Move(payload={"kind": "take-back",
"withdraws": [seqs]}) by the seat that asked. Replay goes back to the position before the
first withdrawn step; the withdrawn steps stay in the log (and in the history, struck
through). Only steps that drew nothing can be withdrawn, so the random stream's count is
what it was before them and the same steps played again draw the same cards and dice.
When others have played since, the table votes on it (votes.py).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext

import games
from games import RandomStream
from tabletop.play import clock, signals
from tabletop.play.models import Game, Move
from tabletop.play.store.errors import NeedsAgreement, NothingToTakeBack, Refused
from tabletop.play.store.events import RESIGN, TAKE_BACK, is_table_event, is_take_back
from tabletop.play.store.locks import check_fresh, hand_back, lock_with_seats, seat_of
from tabletop.play.store.log_lines import log_event
from tabletop.play.store.projection import bot_seats, project, resigned_seats
from tabletop.play.store.recent import TAKE_BACK_REACH, recent_moves
from tabletop.play.store.replays import history, nearest_snapshot, replay_log, set_up

# The sources of a player's own choice: a bot's move or a timeout is nobody's to take back.
CHOSEN = (Move.Source.WEB, Move.Source.API, Move.Source.EMAIL)


@dataclass
class TakeBack:
    """What a take-back would withdraw, and the position and turns it goes back to."""

    withdraws: list[int]
    state: dict
    # When the turn of each seat waited for at that position began (its clock resumes).
    turn_began: dict[int, datetime]


def take_back(game: Game, user: AbstractBaseUser, expected_seq: int | None, source: str) -> Move:
    """The player's latest own step and any after it, withdrawn, if nothing was revealed
    since and nobody else has played; refused with the reason otherwise."""
    with transaction.atomic():
        locked = lock_with_seats(game.pk)
        seat = seat_of(locked, user)
        check_fresh(locked, expected_seq)
        plan = plan_take_back(locked, seat)
        if plan.others:
            raise NeedsAgreement(_agreement_message(locked, plan.others), current_seq=locked.seq)
        logged = withdraw(locked, seat, plan.take_back, source)
    hand_back(locked, game)
    return logged


@dataclass
class TakeBackPlan:
    take_back: TakeBack
    # The other players who have played since and would have to agree.
    others: list[int]


@dataclass(frozen=True)
class TakeBackAnswer:
    """Whether the seat's undo would be taken at once and, when not, why: the refusal the
    store would give, worded from what the asker saw (it never names a card or a roll)."""

    allowed: bool
    reason: str = ""


def take_back_answer(game: Game, seat: int | None) -> TakeBackAnswer | None:
    """What the seat's undo would meet now (the page's Undo button and the API's `take_back`
    say it); None when there is nothing to ask about: no seat, no game under way, a resigned
    seat, or no step of the seat's own among the latest."""
    if seat is None or game.status != Game.Status.ACTIVE or seat in resigned_seats(game):
        return None
    try:
        plan = plan_take_back(game, seat, clocks=False)
    except NothingToTakeBack:
        return None
    except Refused as refusal:
        return TakeBackAnswer(allowed=False, reason=refusal.message)
    if plan.others:
        return TakeBackAnswer(allowed=False, reason=_agreement_message(game, plan.others))
    return TakeBackAnswer(allowed=True)


def can_take_back(game: Game, seat: int | None) -> bool:
    """Whether the seat's undo would be taken at once (the pages offer the button then)."""
    if seat is None or game.status != Game.Status.ACTIVE or game.random_scheme == 1:
        return False
    # With its game: the related manager reads `game_id` off each row, a query if deferred.
    last = game.moves.order_by("-seq").only("game", "seat", "source", "payload").first()
    if last is None or (last.seat != seat and last.source in CHOSEN and not is_table_event(last)):
        return False  # someone else played last: no replay needed to say no
    try:
        return not plan_take_back(game, seat, clocks=False).others
    except Refused:
        return False


# An undo is for a step just made: the player's own latest step must be among this many last
# steps of the log (so that the question reads no more of a long game's log than these).


def plan_take_back(game: Game, seat: int, clocks: bool = True) -> TakeBackPlan:
    """What the seat's take-back would withdraw; Refused with the reason when it cannot be.

    One replay of the log: it tells whether each step since the seat's own drew or showed
    anything, and (with `clocks`, replaying from the setup) when each seat's turn at the
    restored position began; without, it starts at the nearest snapshot.
    """
    if game.random_scheme == 1:
        # Scheme 1 draws a step's randomness by its place in the log, which a take-back
        # shifts: the same steps played again would draw differently.
        raise Refused(gettext("This game was started before take-backs existed; its moves stand."))
    # The clocks need every turn's start, from the setup; the question alone needs only the
    # latest steps (a page showing the Undo button asks it at every view).
    moves = list(game.moves.order_by("seq")) if clocks else _latest_steps(game)
    withdrawn = {seq for move in moves if is_take_back(move) for seq in move.payload["withdraws"]}
    standing = [
        m for m in moves if not (is_take_back(m) or is_table_event(m)) and m.seq not in withdrawn
    ]
    target = next((m for m in reversed(standing) if m.seat == seat and m.source in CHOSEN), None)
    if target is None or target.seq <= game.seq - TAKE_BACK_REACH:
        raise NothingToTakeBack(
            gettext("You have no move of your own to take back among the last %(reach)s steps.")
            % {"reach": TAKE_BACK_REACH}
        )
    since = [move for move in standing if move.seq >= target.seq]
    if any(move.payload == RESIGN for move in since):
        raise Refused(gettext("A resignation cannot be taken back."))
    state, began, others = _replay_for_take_back(game, seat, target.seq, withdrawn, clocks)
    plan = TakeBack([move.seq for move in since], state, began)
    return TakeBackPlan(plan, others)


def _latest_steps(game: Game) -> list[Move]:
    """The last TAKE_BACK_REACH steps of the log, oldest first, from the latest steps read
    once (recent.py): a take-back event comes after the steps it withdraws, so the steps it
    withdraws within them are named here."""
    return recent_moves(game).moves[-TAKE_BACK_REACH:]


def _replay_for_take_back(
    game: Game, seat: int, target: int, withdrawn: set[int], clocks: bool
) -> tuple[dict, dict[int, datetime], list[int]]:
    """The position before move `target`, when each waiting seat's turn there began (with
    `clocks`), and the other (human) seats that played since; Refused if any step since
    revealed anything."""
    rules = game.rules
    start = None if clocks else nearest_snapshot(game, target - 1)
    # The page's question replays the latest steps, most often read already.
    recent = None if clocks else recent_moves(game)
    replayed_from = start.seq if start else 0
    held = recent.after(replayed_from) if recent and recent.holds_after(replayed_from) else None
    # The stream stands where the replay starts; `drawn_before` counts up to each step.
    stream = RandomStream(game.seed, game.random_scheme, start.random_events if start else 0)
    if start is None and held is not None:
        # From the setup with every step at hand: set up once, and count what it drew.
        state = set_up(game, stream)
        drawn_before = stream.events
        replayed = replay_log(rules, state, held, stream)
    else:
        drawn_before = start.random_events if start else _setup_draws(game)
        replayed = history(game, stream=stream, start=start, steps=held)
    played_by_bots = set(bot_seats(game)) | set(resigned_seats(game))
    began: dict[int, datetime] = {}
    restored, others = None, []
    for move, before, after in replayed:
        drew, drawn_before = stream.events != drawn_before, stream.events
        if move.seq == 1:  # `before` is the setup: those turns began as the game started
            began = {waiting: game.started for waiting in rules.to_act(before)}
        if is_take_back(move) or is_table_event(move) or move.seq in withdrawn:
            continue
        if move.seq < target:
            for waiting in set(rules.to_act(after)) - set(rules.to_act(before)):
                began[waiting] = move.created
            continue
        if move.seq == target:
            restored = before
        if drew or games.reveals(rules, before, move.seat, move.payload, after):
            raise Refused(_revealed_message(move, target))
        if move.seat != seat and move.seat not in played_by_bots and move.seat not in others:
            others.append(move.seat)
    waiting = rules.to_act(restored)
    return restored, {s: when for s, when in began.items() if s in waiting}, others


def _setup_draws(game: Game) -> int:
    stream = RandomStream(game.seed, game.random_scheme)
    set_up(game, stream)
    return stream.events


def _revealed_message(move: Move, target: int) -> str:
    # Worded from what the asker saw: a later step is not said to have drawn or shown what.
    if move.seq == target:
        return gettext(
            "Move %(seq)s cannot be taken back: it brought a card, a roll or another "
            "thing the table had not seen."
        ) % {"seq": target}
    return gettext(
        "Move %(seq)s cannot be taken back: the game has moved on since, and something "
        "new has been seen."
    ) % {"seq": target}


def _agreement_message(game: Game, others: list[int]) -> str:
    names = ", ".join(game.state["players"][seat] for seat in others)
    return gettext(
        "%(names)s played since your move; taking it back needs their agreement (ask with a vote)."
    ) % {"names": names}


def withdraw(game: Game, seat: int, plan: TakeBack, source: str) -> Move:
    """Log the take-back and project the position it goes back to. The seats waited for
    there resume their turns' clocks: an undo never buys time."""
    previously_waiting = list(game.to_act)
    payload = {"kind": TAKE_BACK, "withdraws": plan.withdraws}
    move = log_event(game, seat, payload, source, plan.state)
    project(game, copy.deepcopy(plan.state), previously_waiting, resigned_seats(game))
    newly_waiting = [s for s in game.to_act if s not in previously_waiting]
    clock.resume_turns(game, {s: plan.turn_began[s] for s in newly_waiting if s in plan.turn_began})
    game.save()
    signals.taken_back.send(sender=Game, game=game, move=move)
    return move
