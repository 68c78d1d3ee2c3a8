"""The only writer of moves and projections.

Every state change of a game goes through here: create, join, cancel, submit, resign, the
system's steps at a deadline, starting a rematch, and rebuilding projections from the log.
A submission runs in one transaction: lock the game row, check the seat, apply the rules on a
copy, append Move(seq=n+1), update the projection and deadlines, and announce what happened
(`tabletop.play.signals`); listeners such as mail write their rows in the same transaction.
"""

from __future__ import annotations

import copy
import hashlib
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.db import IntegrityError, router, transaction
from django.db.models import Prefetch, prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, ngettext, pgettext

import games
from games import IllegalMove, RandomStream, canonical
from games.base import check_player_count, player_names, resolve_options
from games.bots import strong
from tabletop.accounts.bots import bot_player
from tabletop.play import clock, forks, prepared, signals
from tabletop.play.models import Game, LogLine, Move, Seat, Snapshot, Vote

log = logging.getLogger(__name__)

RESIGN = {"kind": "resign"}
MAX_AUTOMATIC_STEPS = 1000
# A replay up to any move starts from the nearest snapshot: at most this many steps.
SNAPSHOT_EVERY = 50


class Refused(Exception):
    """A submission the service turns down; `status` is the HTTP status it maps to."""

    status = 400

    def __init__(self, message: str, **context):
        super().__init__(message)
        self.message = message
        self.context = context

    def __str__(self) -> str:
        return self.message


class NotASeat(Refused):
    status = 403


class NotYourTurn(Refused):
    status = 403


class NotInvited(Refused):
    status = 403


class StaleMove(Refused):
    status = 409


class GameNotActive(Refused):
    status = 409


class Illegal(Refused):
    status = 400


# ---------------------------------------------------------------------------- creation


def create_game(
    creator,
    slug: str,
    players: int,
    options: dict | None = None,
    *,
    days_per_move: int = 3,
    reminder_hours: list[int] | None = None,
    timeout_policy: str = Game.Timeout.BOT,
    join: bool = True,
    fill_with_bots: bool = False,
    private: bool = False,
) -> Game:
    """A new open game; the creator takes the first seat unless `join` is False.

    `fill_with_bots` seats the computer in every other seat, so the game starts at once.
    A `private` table seats only the players invited to it (invitations.py).
    """
    try:
        rules = games.get(slug)
    except KeyError as error:
        raise Refused(error.args[0]) from None
    try:
        check_player_count(rules, player_names(int(players)))
        resolved = resolve_options(rules.options, options)
    except IllegalMove as refusal:
        raise Refused(str(refusal)) from None
    if timeout_policy not in Game.Timeout.values:
        raise Refused(
            gettext("Timeout policy must be one of: %(policies)s.")
            % {"policies": ", ".join(Game.Timeout.values)}
        )
    if not 1 <= int(days_per_move) <= 60:
        raise Refused(gettext("Days per move must be between 1 and 60."))
    ladder = sorted({int(h) for h in (reminder_hours if reminder_hours is not None else [24, 2])})
    if any(h <= 0 or h >= int(days_per_move) * 24 for h in ladder):
        raise Refused(gettext("Reminders must fall between the start of a turn and its deadline."))
    with transaction.atomic():
        game = Game.objects.create(
            slug=slug,
            options=resolved,
            players=int(players),
            rules_version=rules.version,
            created_by=creator,
            days_per_move=int(days_per_move),
            reminder_hours=sorted(ladder, reverse=True),
            timeout_policy=timeout_policy,
            private=bool(private),
        )
        if join or fill_with_bots:
            _take_seat(game, creator)
        for number in range(1, game.players) if fill_with_bots else ():
            _take_seat(game, bot_player(number), is_bot=True)
    return game


def join_game(game: Game, user) -> Seat:
    """Take the next free seat; the game starts when the last seat is taken.

    An invited player takes the seat their invitation holds (accepting it); anyone else only
    a seat that no invitation holds, and only at a table that is not private.
    """
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status == Game.Status.CANCELLED:
            raise GameNotActive(gettext("This table was cancelled before it started."))
        if game.status != Game.Status.OPEN:
            raise GameNotActive(gettext("This game is not open for joining any more."))
        if game.seats.filter(user=user).exists():
            raise Refused(gettext("You already have a seat in this game."))
        if not game.invitations.for_player(user).holding_seats().exists():
            _check_a_seat_is_free(game)
        seat = _take_seat(game, user)
    return seat


def seats_free(game: Game) -> int:
    """The seats nobody sits in and no invitation holds: the ones anyone may take."""
    held = game.invitations.holding_seats().count()
    return max(0, game.players - game.seats.count() - held)


def _check_a_seat_is_free(game: Game) -> None:
    if game.private:
        raise NotInvited(
            gettext("This table is private: only the players invited to it take its seats.")
        )
    if not seats_free(game):
        raise GameNotActive(
            gettext(
                "Every free seat at this table is held for an invited player; a seat opens if "
                "an invitation is declined or withdrawn."
            )
        )


def _take_seat(game: Game, user, is_bot: bool = False) -> Seat:
    position = game.seats.count()
    seat = Seat.objects.create(game=game, position=position, user=user, is_bot=is_bot)
    _accept_invitation(game, user)
    if game.seats.count() == game.players:
        _start(game)
    return seat


def _accept_invitation(game: Game, user) -> None:
    """Taking a seat accepts the invitation that held it (and names the player on it)."""
    game.invitations.for_player(user).holding_seats().update(accepted=timezone.now(), user=user)


def cancel_game(game: Game, user) -> Game:
    """The creator calls off a table that has not started; its seats and invitations stay
    as they were, for the page to tell what became of the table."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.created_by_id != user.pk:
            raise NotASeat(
                gettext("Only %(name)s, who set this table, can cancel it.")
                % {"name": game.created_by.get_username()}
            )
        if game.status == Game.Status.CANCELLED:
            raise GameNotActive(gettext("This table is cancelled already."))
        if game.status != Game.Status.OPEN:
            raise GameNotActive(
                gettext("This game has started, so it can no longer be cancelled; resign instead.")
            )
        game.status = Game.Status.CANCELLED
        game.finished = timezone.now()
        game.save(update_fields=["status", "finished"])
        signals.table_cancelled.send(sender=Game, game=game)
    return game


def start_rematch(game: Game) -> Game:
    """The same table again, started: the same players in the same seats, the same options
    and time control, a new seed; private, since its players are chosen."""
    rules = game.rules
    try:
        options = resolve_options(rules.options, game.options)
    except IllegalMove as refusal:
        raise Refused(str(refusal)) from None
    with transaction.atomic():
        rematch = Game.objects.create(
            slug=game.slug,
            options=options,
            players=game.players,
            rules_version=rules.version,
            created_by=game.created_by,
            days_per_move=game.days_per_move,
            reminder_hours=game.reminder_hours,
            timeout_policy=game.timeout_policy,
            private=True,
            rematch_of=game,
        )
        for seat in game.seats.order_by("position"):
            Seat.objects.create(
                game=rematch, position=seat.position, user=seat.user, is_bot=seat.is_bot
            )
        _start(rematch)
    return rematch


def _start(game: Game) -> None:
    stream = RandomStream(game.seed, game.random_scheme)
    state = _setup(game, stream)
    game.random_events = stream.events
    game.status = Game.Status.ACTIVE
    game.started = timezone.now()
    _project(game, state, previously_waiting=[])
    game.save()
    if set(game.to_act) & set(bot_seats(game)):
        _advance(game, [])  # the bots move until a person has to


# ---------------------------------------------------------------------------- moves


@dataclass
class Step:
    seat: int
    move: dict | None
    source: str
    # A step written in the game's notation (an email line) has its number and text; its
    # move is read when the steps before it have been applied.
    line: int | None = None
    text: str = ""


def submit(game: Game, user, move: dict, expected_seq: int | None, source: str) -> list[Move]:
    """One move by a player; returns the moves logged (the player's and any automatic ones)."""
    return submit_steps(game, user, [move], expected_seq, source)


def submit_steps(
    game: Game, user, moves: list[dict], expected_seq: int | None, source: str
) -> list[Move]:
    """Several steps by one player, all or nothing (an email reply with several lines).

    `expected_seq` None means "whatever the game is at now" (a reply to an old email whose
    steps are still legal for the same seat).
    """
    try:
        with transaction.atomic():
            locked = _lock_with_seats(game.pk)
            seat = _seat_of(locked, user)
            _check_fresh(locked, expected_seq)
            logged = _advance(locked, [Step(seat, move, source) for move in moves])
        _hand_back(locked, game)
        return logged
    except IntegrityError:
        # Only the unique (game, seq) constraint can fire here: another submission won.
        raise StaleMove(
            gettext("Someone moved at the same moment; reload and try again."),
            current_seq=Game.objects.get(pk=game.pk).seq,
        ) from None


class NoSuchGame(Refused):
    status = 404


def _lock_with_seats(game_id: int) -> Game:
    """The game row, locked for this transaction, with its seats and their players, in one
    query: everything the move needs (who moves, bots, deadlines, who is told).

    The seats are read with the game joined (FOR UPDATE OF the game alone: the players'
    preferences may be missing, and an outer join's side cannot be locked); the game's
    columns come once per seat, at most five times, which costs less than a second round
    trip. Every move runs it, so its SQL is compiled once per thread (`prepared`).
    """
    seats = _seats_locking_their_game(game_id)
    if not seats:  # no game, or one nobody sits at yet: nothing to move in either
        found = Game.objects.select_for_update().filter(pk=game_id).first()
        if found is None:
            raise NoSuchGame(gettext("There is no game %(id)s.") % {"id": game_id})
        prefetch_related_objects([found], "seats")
        return found
    locked = seats[0].game
    for seat in seats:
        seat.game = locked
    _cache_seats(locked, seats)
    return locked


STAND_IN_GAME = -7_770_101


def _seats_locking_their_game(game_id: int) -> list[Seat]:
    alias = router.db_for_write(Seat)
    if not prepared.is_an_id(alias, Game, game_id):
        return []
    query = prepared.prepare(
        alias,
        "seats locking their game",
        lambda: (
            _seats_with_players()
            .select_related("game")
            .select_for_update(of=("game",))
            .filter(game_id=STAND_IN_GAME)
            .order_by("position")
        ),
    )
    return prepared.instances(query, {STAND_IN_GAME: game_id})


def _cache_seats(game: Game, seats: list[Seat]) -> None:
    """`game.seats.all()` answers `seats` from now on, as prefetch_related leaves it."""
    cached = game.seats.all()
    cached._result_cache, cached._prefetch_done = seats, True
    game._prefetched_objects_cache = {"seats": cached}


def _seats_with_players():
    """Seats with their players and the players' clock settings (deadlines need them)."""
    return Seat.objects.select_related("user", "user__preferences")


def _hand_back(locked: Game, game: Game) -> None:
    """The caller's game object as the move left it, seats included, so that it can answer
    without reading the game again."""
    for field in Game._meta.concrete_fields:
        setattr(game, field.attname, getattr(locked, field.attname))
    game._prefetched_objects_cache = getattr(locked, "_prefetched_objects_cache", {})


def act_for_seat(game: Game, seat: int, move: dict, source: str, at_seq: int) -> list[Move]:
    """A system step for a seat (a timeout's bot move, skip or forfeit)."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        _check_fresh(locked, at_seq)
        return _advance(locked, [Step(seat, move, source)])


@dataclass
class PlayedLines:
    """What became of a reply's lines: the moves logged, and the line that stopped them."""

    logged: list[Move]
    stopped_by: Refused | None = None


def submit_lines(
    game: Game, user, lines: list[str], expected_seq: int | None, source: str
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
        locked = Game.objects.select_for_update().get(pk=game.pk)
        seat = _seat_of(locked, user)
        _check_fresh(locked, expected_seq)
        written = [Step(seat, None, source, line=n, text=text) for n, text in enumerate(lines, 1)]
        logged, stopped_by = _advance_until_refused(locked, written)
        return PlayedLines(logged, stopped_by)


def time_out(game_id: int, seat: int) -> list[Move]:
    """The game's timeout policy for a seat past its deadline, as logged moves.

    Nothing happens if the deadline has not passed or the seat no longer has to act (another
    sweep got there first), so overlapping sweeps apply it once.
    """
    with transaction.atomic():
        locked = _lock_with_seats(game_id)
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
    `_lock_with_seats` reads them) and the seats that have resigned in each."""
    locked = list(
        Game.objects.select_for_update(skip_locked=True).filter(pk__in=game_ids).order_by("pk")
    )
    if locked:
        prefetch_related_objects(locked, Prefetch("seats", queryset=_seats_with_players()))
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
        logged = _ask_the_table(game, late)
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
    as `_advance` takes them, but logged in one insert and saved once: a turn of several
    steps then costs no more queries than a turn of one (a projection that changes nothing
    writes nothing).

    Forfeit resigns the seat (bots then play it); otherwise each step is chosen from the
    position the steps before it leave, until the game no longer waits for the seat.
    """
    rules = game.rules
    _check_rules_version(game, rules)
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
    _tell_everyone_if_it_ended(game, was_over, told)
    game.save()
    return logged


def _deadline_round(
    game: Game, rules, first: Step, resigned: list[int], stream: RandomStream, told: Told
) -> list[Move]:
    """`_advance_until_refused` of one step with the automatic steps it brings, projected;
    the moves are returned unsaved for the caller to insert, their lines added to `told`."""
    previously_waiting = list(game.to_act)
    state = game.state
    moves: list[Move] = []
    let_go: set[int] = set()

    def take(step: Step) -> None:
        nonlocal state
        seq = game.seq + len(moves) + 1
        before = state  # the rules may change the state in place: they change a copy
        state = _apply_step(rules, copy.deepcopy(before), step, resigned, stream, seq)
        # The payload as it was when applied, as `_log` writes it; later steps may change
        # parts of `state` that a bot's move shares.
        payload = copy.deepcopy(step.move)
        moves.append(Move(game=game, seq=seq, seat=step.seat, payload=payload, source=step.source))
        told.add(game, moves[-1], before, state, stream.events)
        let_go.update(set(previously_waiting) - set(rules.to_act(state)))

    take(first)
    for _ in range(MAX_AUTOMATIC_STEPS):
        step = _automatic_step(game, rules, state, resigned, stream, game.seq + len(moves))
        if step is None:
            break
        take(step)
    game.seq += len(moves)
    game.random_events = stream.events
    _project(game, state, [seat for seat in previously_waiting if seat not in let_go], resigned)
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


def resign(game: Game, user, source: str) -> list[Move]:
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        seat = _seat_of(locked, user)
        return _advance(locked, [Step(seat, RESIGN, source)])


# ---------------------------------------------------------------------------- take-backs
#
# A take-back is a logged event like a resignation: Move(payload={"kind": "take-back",
# "withdraws": [seqs]}) by the seat that asked. Replay goes back to the position before the
# first withdrawn step; the withdrawn steps stay in the log (and in the history, struck
# through). Only steps that drew nothing can be withdrawn, so the random stream's count is
# what it was before them and the same steps played again draw the same cards and dice.

TAKE_BACK = "take-back"
# The sources of a player's own choice: a bot's move or a timeout is nobody's to take back.
CHOSEN = (Move.Source.WEB, Move.Source.API, Move.Source.EMAIL)


def is_take_back(move: Move) -> bool:
    return isinstance(move.payload, dict) and move.payload.get("kind") == TAKE_BACK


def first_withdrawn(payload: dict) -> int:
    return min(payload["withdraws"])


class NeedsAgreement(Refused):
    """Others have played since, though nothing was revealed: they must agree."""

    status = 409


@dataclass
class TakeBack:
    """What a take-back would withdraw, and the position and turns it goes back to."""

    withdraws: list[int]
    state: dict
    # When the turn of each seat waited for at that position began (its clock resumes).
    turn_began: dict[int, datetime]


def take_back(game: Game, user, expected_seq: int | None, source: str) -> Move:
    """The player's latest own step and any after it, withdrawn, if nothing was revealed
    since and nobody else has played; refused with the reason otherwise."""
    with transaction.atomic():
        locked = _lock_with_seats(game.pk)
        seat = _seat_of(locked, user)
        _check_fresh(locked, expected_seq)
        plan = plan_take_back(locked, seat)
        if plan.others:
            raise NeedsAgreement(_agreement_message(locked, plan.others), current_seq=locked.seq)
        logged = _withdraw(locked, seat, plan.take_back, source)
    _hand_back(locked, game)
    return logged


def take_back_or_ask(game: Game, user, expected_seq: int | None, source: str) -> Move | Vote:
    """The take-back when it is immediate; when others have played since (and nothing was
    seen), the request put to them as a take-back vote instead."""
    with transaction.atomic():
        locked = _lock_with_seats(game.pk)
        seat = _seat_of(locked, user)
        _check_fresh(locked, expected_seq)
        plan = plan_take_back(locked, seat)
        if plan.others:
            done = _call(locked, seat, Vote.Subject.TAKE_BACK, {}, source)
        else:
            done = _withdraw(locked, seat, plan.take_back, source)
    _hand_back(locked, game)
    return done


@dataclass
class TakeBackPlan:
    take_back: TakeBack
    # The other players who have played since and would have to agree.
    others: list[int]


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
TAKE_BACK_REACH = 64


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
        raise Refused(
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
    """The last TAKE_BACK_REACH steps of the log, oldest first, in one read: a take-back event
    comes after the steps it withdraws, so the steps it withdraws within them are named here."""
    return list(game.moves.order_by("-seq")[:TAKE_BACK_REACH])[::-1]


def _replay_for_take_back(
    game: Game, seat: int, target: int, withdrawn: set[int], clocks: bool
) -> tuple[dict, dict[int, datetime], list[int]]:
    """The position before move `target`, when each waiting seat's turn there began (with
    `clocks`), and the other (human) seats that played since; Refused if any step since
    revealed anything."""
    rules = game.rules
    start = None if clocks else nearest_snapshot(game, target - 1)
    # The stream stands where the replay starts; `drawn_before` counts up to each step.
    stream = RandomStream(game.seed, game.random_scheme, start.random_events if start else 0)
    drawn_before = start.random_events if start else _setup_draws(game)
    played_by_bots = set(bot_seats(game)) | set(resigned_seats(game))
    began: dict[int, datetime] = {}
    restored, others = None, []
    for move, before, after in history(game, stream=stream, start=start):
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
    _setup(game, stream)
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


def _withdraw(game: Game, seat: int, plan: TakeBack, source: str) -> Move:
    """Log the take-back and project the position it goes back to. The seats waited for
    there resume their turns' clocks: an undo never buys time."""
    previously_waiting = list(game.to_act)
    payload = {"kind": TAKE_BACK, "withdraws": plan.withdraws}
    move = _log_event(game, seat, payload, source, plan.state)
    _project(game, copy.deepcopy(plan.state), previously_waiting, resigned_seats(game))
    newly_waiting = [s for s in game.to_act if s not in previously_waiting]
    clock.resume_turns(game, {s: plan.turn_began[s] for s in newly_waiting if s in plan.turn_began})
    game.save()
    signals.taken_back.send(sender=Game, game=game, move=move)
    return move


# ---------------------------------------------------------------------------- votes
#
# A vote is a question put to the table, in the log like everything else: the call
# ({"kind": "vote", "subject": ..., details}), each ballot ({"kind": "ballot", "vote": seq,
# "yes": bool}) and the result ({"kind": "vote-result", "vote": seq, "result": ..., the
# question}). None of them changes the rules state; a passed vote's effect is applied here
# (a deadline moved, a seat given to the bot, the game ended, a take-back logged).

VOTE_EVENTS = ("vote", "ballot", "vote-result")
# How long a vote stays open unless the table decides it sooner.
VOTE_DAYS = 2
EXTEND_DAYS = range(1, 8)
ENDINGS = ("scored", "abandoned")


def is_table_event(move: Move) -> bool:
    return isinstance(move.payload, dict) and move.payload.get("kind") in VOTE_EVENTS


def call_vote(game: Game, user, subject: str, details: dict, source: str) -> Vote:
    """Put a question to the table; the caller's own ballot is yes (when they vote on it)."""
    with transaction.atomic():
        locked = _lock_with_seats(game.pk)
        seat = _seat_of(locked, user)
        _check_fresh(locked, None)
        vote = _call(locked, seat, subject, details, source)
    _hand_back(locked, game)
    return vote


def answer_vote(game: Game, user, vote_id: int, yes: bool, source: str) -> Vote:
    """A player's ballot; the vote is decided (and carried out) as soon as the count allows."""
    with transaction.atomic():
        locked = _lock_with_seats(game.pk)
        seat = _seat_of(locked, user)
        vote = Vote.objects.select_for_update().filter(game=locked, pk=vote_id).first()
        if vote is None:
            raise Refused(gettext("There is no vote %(id)s in this game.") % {"id": vote_id})
        _check_fresh(locked, None)
        _check_may_answer(locked, vote, seat)
        payload = {"kind": "ballot", "vote": vote.seq, "yes": bool(yes)}
        _log_table_event(locked, seat, payload, source)
        (vote.yes if yes else vote.no).append(seat)
        vote.save(update_fields=["yes", "no"])
        _decide(locked, vote)
    _hand_back(locked, game)
    return vote


def open_vote_for(game: Game, seat: int) -> Vote | None:
    """The oldest open vote the seat may still answer (an email's "vote yes" answers it)."""
    for vote in game.votes.filter(result=""):
        if seat in vote.voters and seat not in vote.yes + vote.no:
            return vote
    return None


VOTE_CLOSED = {
    Vote.Result.PASSED: gettext_lazy("This vote is closed: it passed."),
    Vote.Result.FAILED: gettext_lazy("This vote is closed: it failed."),
    Vote.Result.EXPIRED: gettext_lazy("This vote is closed: it expired."),
}


def _check_may_answer(game: Game, vote: Vote, seat: int) -> None:
    if not vote.is_open:
        raise GameNotActive(str(VOTE_CLOSED[vote.result]), current_seq=game.seq)
    if seat == vote.concerns:
        raise NotASeat(gettext("This vote is about you, so the others decide it."))
    if seat not in vote.voters:
        raise NotASeat(gettext("This vote is not yours to answer."))
    if seat in vote.yes + vote.no:
        raise Refused(gettext("You have voted on this already."))


def _call(game: Game, seat: int, subject: str, details: dict, source: str) -> Vote:
    details, voters = _question(game, seat, subject, details or {})
    concerns = _concerned(subject, details, seat)
    if game.votes.filter(result="", subject=subject, concerns=concerns).exists():
        raise Refused(gettext("The table is voting on this already; answer that vote."))
    vote = _open_vote(game, seat, subject, details, voters, source)
    _decide(game, vote)
    if vote.is_open:
        signals.vote_called.send(sender=Game, game=game, vote=vote)
    return vote


def _open_vote(
    game: Game, seat: int, subject: str, details: dict, voters: list[int], source: str
) -> Vote:
    """Log the call with all its Vote row holds (who votes, until when), and project it."""
    expires = clock.now() + timedelta(days=VOTE_DAYS)
    payload = {
        "kind": "vote",
        "subject": subject,
        **details,
        "voters": voters,
        "expires": expires.isoformat(),
    }
    call = _log_table_event(game, seat, payload, source)
    return Vote.objects.create(game=game, seq=call.seq, **_called(call))


def _question(game: Game, seat: int, subject: str, details: dict) -> tuple[dict, list]:
    """The vote's details checked, and who votes on it."""
    people = _people(game)
    if subject == Vote.Subject.EXTEND:
        days = _whole_number(details.get("days"), pgettext("a vote's detail", "days"))
        if days not in EXTEND_DAYS:
            raise Refused(gettext("A deadline can be extended by 1 to 7 days."))
        late = _seat_named(game, details.get("seat", (game.to_act or [None])[0]))
        if late not in game.to_act:
            raise Refused(
                gettext("%(name)s has no deadline running to extend.") % {"name": _name(game, late)}
            )
        return {"days": days, "seat": late}, [s for s in people if s != late]
    if subject == Vote.Subject.REPLACE:
        absent = _seat_named(game, details.get("seat"))
        if absent not in people:
            raise Refused(
                gettext("%(name)s's seat is played by the computer already.")
                % {"name": _name(game, absent)}
            )
        return {"seat": absent}, [s for s in people if s != absent]
    if subject == Vote.Subject.END:
        how = details.get("how")
        if how not in ENDINGS:
            raise Refused(gettext('Say how the game ends: "scored" (as it stands) or "abandoned".'))
        return {"how": how}, people
    if subject == Vote.Subject.TAKE_BACK:
        plan = plan_take_back(game, seat)
        if not plan.others:
            raise Refused(gettext("Nobody else has played since: take it back yourself (undo)."))
        return {"withdraws": plan.take_back.withdraws}, plan.others
    subjects = ", ".join(Vote.Subject.values)
    raise Refused(
        gettext("A vote is about one of: %(subjects)s; not %(subject)s.")
        % {"subjects": subjects, "subject": repr(subject)}
    )


def _concerned(subject: str, details: dict, caller: int) -> int | None:
    """The seat a vote is about, which does not vote on it: the late or absent player, the one
    asking for a take-back; None when ending the game (it concerns everyone)."""
    if subject == Vote.Subject.END:
        return None
    if subject == Vote.Subject.TAKE_BACK:
        return caller
    return details["seat"]


def _people(game: Game) -> list[int]:
    """The seats still played by a person: they vote."""
    resigned = resigned_seats(game)
    return [s.position for s in game.seats.all() if not s.is_bot and s.position not in resigned]


def _whole_number(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).isdigit():
        raise Refused(gettext("Give %(name)s as a whole number.") % {"name": name})
    return int(value)


def _seat_named(game: Game, value) -> int:
    if value is None:
        raise Refused(gettext("Say which seat the vote is about (0 is the first seat)."))
    seat = _whole_number(value, pgettext("a vote's detail", "the seat"))
    if seat >= game.players:
        raise Refused(
            gettext("Seat %(seat)s does not exist; this game has seats 0 to %(last)s.")
            % {"seat": seat, "last": game.players - 1}
        )
    return seat


def _name(game: Game, seat: int) -> str:
    return game.state["players"][seat]


def _log_table_event(game: Game, seat: int, payload: dict, source: str) -> Move:
    move = _log_event(game, seat, payload, source, game.state)
    game.save(update_fields=["seq"])
    return move


def _log_event(game: Game, seat: int, payload: dict, source: str, after: dict) -> Move:
    """Log a step that is no game move (a take-back, a vote's call, ballot or result) with
    its lines, the position it leaves being `after`; the caller projects and saves."""
    move = Move.objects.create(
        game=game, seq=game.seq + 1, seat=seat, payload=payload, source=source
    )
    told = Told()
    told.add(game, move, game.state, after, game.random_events)
    told.save()
    game.seq += 1
    return move


def _decide(game: Game, vote: Vote) -> None:
    """Close the vote once its result is certain: a majority of its voters (all of them to
    end the game, or to accept a take-back) said yes, or enough said no that they cannot."""
    unanimous = vote.subject in (Vote.Subject.END, Vote.Subject.TAKE_BACK)
    needed = len(vote.voters) if unanimous else len(vote.voters) // 2 + 1
    if len(vote.yes) >= needed:
        _close(game, vote, Vote.Result.PASSED)
    elif len(vote.no) > len(vote.voters) - needed:
        _close(game, vote, Vote.Result.FAILED)


def _close(game: Game, vote: Vote, result: str) -> None:
    if result == Vote.Result.PASSED and vote.subject == Vote.Subject.TAKE_BACK:
        plan = _take_back_still_asked(game, vote)
        result = Vote.Result.FAILED if plan is None else result
    question = {"subject": vote.subject, **vote.details}
    payload = {"kind": "vote-result", "vote": vote.seq, "result": result, "question": question}
    _log_table_event(game, vote.caller, payload, Move.Source.VOTE)
    vote.result = result
    vote.save(update_fields=["result"])
    if result == Vote.Result.PASSED:
        _carry_out(game, vote)
    elif vote.details.get("at_deadline") and vote.concerns in game.to_act:
        # The table chose to wait: the late player gets another turn's time.
        clock.extend_deadline(game, vote.concerns, game.days_per_move)


def _take_back_still_asked(game: Game, vote: Vote) -> TakeBack | None:
    try:
        plan = plan_take_back(game, vote.caller)
    except Refused:
        return None
    return plan.take_back if plan.take_back.withdraws == vote.details["withdraws"] else None


def _carry_out(game: Game, vote: Vote) -> None:
    if vote.subject == Vote.Subject.EXTEND:
        clock.extend_deadline(game, vote.concerns, vote.details["days"])
    elif vote.subject == Vote.Subject.REPLACE:
        _give_seat_to_bot(game, vote.concerns)
    elif vote.subject == Vote.Subject.END:
        _end_by_vote(game, vote.details["how"])
    else:
        _withdraw(game, vote.caller, plan_take_back(game, vote.caller).take_back, Move.Source.VOTE)


def _give_seat_to_bot(game: Game, position: int) -> None:
    seat = next(row for row in game.seats.all() if row.position == position)
    seat.is_bot = True
    seat.save(update_fields=["is_bot"])
    if position in game.to_act:
        _advance(game, [])  # the bot plays the seat's turn now


def _end_by_vote(game: Game, how: str) -> None:
    game.outcome = ended_outcome(game.rules, game.state, game.players, how, resigned_seats(game))
    game.status = Game.Status.FINISHED
    game.finished = timezone.now()
    game.to_act = []
    clock.update_deadlines(game, [])
    game.save()
    _tell_everyone(game)
    signals.game_ended.send(sender=Game, game=game)


def ended_outcome(rules, state: dict, players: int, how: str, resigned: list[int]) -> dict:
    """The outcome of a game the table ended: scored as it stands (each seat's standing, the
    best of those who did not resign win), or abandoned (nobody wins)."""
    details = {"ended_by_vote": how, **({"resigned": resigned} if resigned else {})}
    if how == "abandoned":
        return {"scores": [0] * players, "winners": [], "details": details}
    standing = getattr(rules, "standing", None)
    scores = [standing(state, seat) if standing else 0 for seat in range(players)]
    remaining = [seat for seat in range(players) if seat not in resigned]
    best = max(scores[seat] for seat in remaining)
    return {
        "scores": scores,
        "winners": [s for s in remaining if scores[s] == best],
        "details": details,
    }


def logged_outcome(game: Game, state: dict, resigned: list[int]) -> dict | None:
    """The outcome the log gives, with `resigned` the seats that resigned in it: the table's
    ending if a vote ended the game, else the rules' (final_outcome)."""
    ended = game.moves.filter(
        payload__kind="vote-result", payload__result="passed", payload__question__subject="end"
    ).first()
    if ended is not None:
        how = ended.payload["question"]["how"]
        return ended_outcome(game.rules, state, game.players, how, resigned)
    return final_outcome(game.rules, state, game.players, resigned)


def _ask_the_table(game: Game, late: Seat) -> list[Move]:
    """The "ask the table" timeout: a vote on giving the late seat to the bot, instead of
    acting at once; the seat's clock stops while the table decides."""
    late.deadline = late.next_reminder = None
    late.save(update_fields=["deadline", "next_reminder"])
    details = {"seat": late.position, "at_deadline": True}
    if game.votes.filter(result="", subject=Vote.Subject.REPLACE, concerns=late.position):
        return []
    voters = [s for s in _people(game) if s != late.position]
    before = game.seq
    subject, source = Vote.Subject.REPLACE, Move.Source.TIMEOUT_VOTE
    vote = _open_vote(game, late.position, subject, details, voters, source)
    if not voters:  # nobody to ask: the bot takes the seat, as the bot policy would
        _close(game, vote, Vote.Result.PASSED)
    # Everyone hears of it in the timeout email (timeout_applied), voters included.
    return list(game.moves.filter(seq__gt=before))


def close_expired_votes(moment: datetime) -> int:
    """The sweep's part: every open vote of a running game past its expiry closes as
    expired (logged); how many."""
    done = 0
    due = Vote.objects.filter(result="", expires__lte=moment, game__status=Game.Status.ACTIVE)
    for vote_id, game_id in list(due.values_list("pk", "game_id")):
        with transaction.atomic():
            locked = _lock_with_seats(game_id)
            vote = Vote.objects.select_for_update().get(pk=vote_id)
            if vote.is_open and locked.status == Game.Status.ACTIVE:
                _close(locked, vote, Vote.Result.EXPIRED)
                done += 1
    return done


# A Vote row is its call, ballots and result in the log, folded together. A call also logs who
# votes on it and until when; one logged before calls carried those leaves them to its row.
CALL_BOOKKEEPING = ("voters", "expires")


def _called(call: Move) -> dict:
    """The Vote row's fields (but game and seq) as a logged call opens the vote; without
    voters and expires for an older call, which did not log them."""
    payload, caller = call.payload, call.seat
    subject = payload["subject"]
    ignored = ("kind", "subject", *CALL_BOOKKEEPING)
    details = {name: value for name, value in payload.items() if name not in ignored}
    fields = {
        "subject": subject,
        "details": details,
        "caller": caller,
        "concerns": _concerned(subject, details, caller),
        "no": [],
        "result": "",
    }
    if "voters" not in payload:
        # Who voted then followed from the subject: the caller, unless the vote was about them
        # (a take-back's asker is the seat it concerns).
        fields["yes"] = [caller] * (fields["concerns"] != caller)
        return fields
    expires = datetime.fromisoformat(payload["expires"])
    voters = list(payload["voters"])
    return fields | {"voters": voters, "yes": [caller] * (caller in voters), "expires": expires}


def _votes_in_log(game: Game) -> dict[int, dict]:
    """Every vote of the game's log, by the seq of its call, as its Vote row should read."""
    votes: dict[int, dict] = {}
    for move in game.moves.filter(payload__kind__in=VOTE_EVENTS).order_by("seq"):
        payload = move.payload
        if payload["kind"] == "vote":
            votes[move.seq] = _called(move)
        elif payload["kind"] == "ballot":
            votes[payload["vote"]]["yes" if payload["yes"] else "no"].append(move.seat)
        else:
            votes[payload["vote"]]["result"] = payload["result"]
    return votes


def question_text(question: dict, names: list[str]) -> str:
    """What a vote asks, as the log and the pages put it."""
    subject = question["subject"]
    if subject == Vote.Subject.EXTEND:
        days = question["days"]
        return f"give {names[question['seat']]} {days} more day{'s' * (days != 1)} for this turn"
    if subject == Vote.Subject.REPLACE:
        return f"let the computer play {names[question['seat']]}'s seat"
    if subject == Vote.Subject.END:
        return (
            "end the game now, scored as it stands"
            if question["how"] == "scored"
            else "end the game now, abandoned"
        )
    return f"accept the take-back of {moves_named(question['withdraws'])}"


def tell_vote(move: Move, names: list[str]) -> str:
    payload, who = move.payload, names[move.seat]
    if payload["kind"] == "vote":
        asked = question_text(payload, names)
        if payload.get("at_deadline"):
            return f"{who}'s deadline passed; the table is asked whether to {asked}."
        return f"{who} asks the table to {asked}."
    if payload["kind"] == "ballot":
        answer = "yes" if payload["yes"] else "no"
        return f"{who} votes {answer} on the vote of move {payload['vote']}."
    asked = question_text(payload["question"], names)
    outcome = {"passed": "passed", "failed": "failed", "expired": "expired undecided"}
    return f"The vote to {asked} {outcome[payload['result']]}."


def on_clock_settings_changed(sender, user, **_) -> None:
    reschedule(user)


def reschedule(user) -> None:
    """Recompute the running deadlines of a player's seats after their clock settings changed."""
    running = Seat.objects.filter(
        user=user, deadline__isnull=False, game__status=Game.Status.ACTIVE
    ).values_list("game_id", flat=True)
    for game_id in list(running):
        with transaction.atomic():
            locked = Game.objects.select_for_update().get(pk=game_id)
            clock.reschedule(locked, user)


def _seat_of(game: Game, user) -> int:
    seat = game.seat_of(user)
    if seat is None:
        raise NotASeat(gettext("You do not have a seat in this game."))
    return seat


def _check_fresh(game: Game, expected_seq: int | None) -> None:
    if game.status != Game.Status.ACTIVE:
        if game.is_over:
            message = gettext("This game is over.")
        else:
            message = gettext("This game has not started yet.")
        raise GameNotActive(message, current_seq=game.seq)
    if expected_seq is not None and int(expected_seq) != game.seq:
        raise StaleMove(
            gettext(
                "The game has moved on: it is at move %(seq)s; your move was made at move "
                "%(expected)s."
            )
            % {"seq": game.seq, "expected": expected_seq},
            current_seq=game.seq,
        )


def _advance(game: Game, steps: list[Step]) -> list[Move]:
    """Apply the steps in order, all or nothing, then any automatic steps; log and project."""
    logged, refusal = _advance_until_refused(game, steps)
    if refusal is not None:
        raise refusal  # the caller's transaction takes back what was logged
    return logged


def _advance_until_refused(game: Game, steps: list[Step]) -> tuple[list[Move], Refused | None]:
    """Apply the steps in order up to the first refused one, then any automatic steps; log
    them and project. A refusal of the very first step is raised (nothing changes)."""
    rules = game.rules
    _check_rules_version(game, rules)
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
            step, state = _take_step(rules, copy.deepcopy(before), step, resigned, stream, seq)
        except Refused as refused:
            if not logged:
                raise
            refusal = refused
            break
        logged.append(_log(game, step, len(logged)))
        told.add(game, logged[-1], before, state, stream.events)
        let_go |= set(previously_waiting) - set(rules.to_act(state))
    for _ in range(MAX_AUTOMATIC_STEPS):
        seq = game.seq + len(logged)
        step = _automatic_step(game, rules, state, resigned, stream, seq)
        if step is None:
            break
        before = state
        state = _apply_step(rules, copy.deepcopy(before), step, resigned, stream, seq + 1)
        logged.append(_log(game, step, len(logged)))
        told.add(game, logged[-1], before, state, stream.events)
        let_go |= set(previously_waiting) - set(rules.to_act(state))
    told.save()
    game.seq += len(logged)
    game.random_events = stream.events
    _project(game, state, [seat for seat in previously_waiting if seat not in let_go], resigned)
    _tell_everyone_if_it_ended(game, was_over)
    prepared.update(game, PROJECTION)
    return logged, refusal


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


def _check_rules_version(game: Game, rules) -> None:
    if game.rules_version not in games.supported_versions(rules):
        versions = ", ".join(map(str, games.supported_versions(rules)))
        raise Refused(
            gettext(
                "This game was started under version %(version)s of the rules of %(title)s; "
                "this server has versions %(versions)s."
            )
            % {"version": game.rules_version, "title": rules.title, "versions": versions}
        )


def _take_step(
    rules, state: dict, step: Step, resigned: list[int], stream: RandomStream, seq: int
) -> tuple[Step, dict]:
    """Apply one step; a written step is first read against the position it meets."""
    try:
        if step.line is not None:
            step = replace(step, move=_read_line(rules, state, step))
        return step, _apply_step(rules, state, step, resigned, stream, seq)
    except Refused as refusal:
        if step.line is not None:
            refusal.context.update(line=step.line, text=step.text)
        raise


def _read_line(rules, state: dict, step: Step) -> dict:
    try:
        return rules.parse_move(step.text, state, step.seat)
    except IllegalMove as refusal:
        raise Illegal(str(refusal)) from None


def _apply_step(
    rules, state: dict, step: Step, resigned: list[int], stream: RandomStream, seq: int
) -> dict:
    if step.move == RESIGN:
        if step.seat in resigned:
            raise Refused(gettext("You have already resigned from this game."))
        resigned.append(step.seat)
        return state
    if step.seat not in rules.to_act(state) and not rules.legal_moves(state, step.seat):
        raise NotYourTurn(_waiting_message(state, rules.to_act(state)))
    rng = stream.rng_for(seq)
    try:
        after = rules.apply(state, step.seat, copy.deepcopy(step.move), rng)
    except IllegalMove as refusal:
        raise Illegal(str(refusal), legal=rules.legal_moves(state, step.seat)) from None
    stream.settle(rng)
    return after


def _log(game: Game, step: Step, offset: int) -> Move:
    move = Move(
        game=game, seq=game.seq + offset + 1, seat=step.seat, payload=step.move, source=step.source
    )
    prepared.insert([move], with_keys=True)  # its lines point at it
    return move


def tell(game: Game, move: Move, before: dict, after: dict, viewer: games.Viewer) -> str:
    """One logged move as `viewer` may read it (resignations and forfeits are the store's);
    `games.EVERYONE` once the game is over."""
    if move.payload == RESIGN:
        name = before["players"][move.seat]
        if move.source == Move.Source.FORFEIT:
            return f"{name} forfeited: the deadline passed without a move."
        return f"{name} resigned."
    if is_take_back(move):
        return f"{before['players'][move.seat]} took back {moves_named(move.payload['withdraws'])}."
    if is_table_event(move):
        return tell_vote(move, before["players"])
    return game.rules.describe(before, move.seat, move.payload, after, viewer)


def moves_named(seqs: list[int]) -> str:
    """'move 12', 'moves 12 and 13', 'moves 12 to 14' (a take-back withdraws a run of steps)."""
    if len(seqs) == 1:
        return f"move {seqs[0]}"
    joiner = " and " if len(seqs) == 2 else " to "
    return f"moves {seqs[0]}{joiner}{seqs[-1]}"


def viewers(game: Game) -> list[int | None]:
    """Everyone a log line is told to: each seat, and anyone not seated."""
    return [*range(game.players), None]


class Told:
    """The log lines and snapshots of the steps being logged, written with them in one insert
    each (the lines for every viewer; a snapshot every SNAPSHOT_EVERY moves)."""

    def __init__(self) -> None:
        self.lines: list[LogLine] = []
        self.snapshots: list[Snapshot] = []

    def add(self, game: Game, move: Move, before: dict, after: dict, random_events: int) -> None:
        self.lines += [
            LogLine(
                game=game,
                move=move,
                seq=move.seq,
                viewer=viewer,
                text=tell(game, move, before, after, viewer),
            )
            for viewer in viewers(game)
        ]
        if move.seq % SNAPSHOT_EVERY == 0:
            # Later steps change `after` in place: the snapshot keeps its own copy.
            self.snapshots.append(
                Snapshot(
                    game=game,
                    seq=move.seq,
                    state=copy.deepcopy(after),
                    random_events=random_events,
                )
            )

    def extend(self, other: Told) -> None:
        self.lines += other.lines
        self.snapshots += other.snapshots

    def add_for_everyone(self, game: Game, move: Move, before: dict, after: dict) -> None:
        """The line every reader reads once the game is over."""
        self.lines.append(
            LogLine(
                game=game,
                move=move,
                seq=move.seq,
                viewer=LogLine.EVERYONE,
                text=tell(game, move, before, after, games.EVERYONE),
            )
        )

    def save(self) -> None:
        if not self.lines:
            return
        prepared.insert(self.lines)
        if self.snapshots:
            prepared.insert(self.snapshots)


def _automatic_step(
    game, rules, state: dict, resigned: list[int], stream: RandomStream, seq: int
) -> Step | None:
    """The step nobody needs to be asked for at `state` (`seq` the game's last step): a
    standing order, or the move of a seat a bot plays (bot seats, and seats that have
    resigned). None when the game waits for a person, or resignations have decided it."""
    if _everyone_resigned_but_one(game, resigned):
        return None
    standing_order = getattr(rules, "standing_order_move", None)
    played_by_bots = set(resigned) | set(bot_seats(game))
    for seat in rules.to_act(state):
        if seat in played_by_bots:
            bot_rng = stream.bot_rng("resigned", seq)
            return Step(seat, strong(rules, state, seat, bot_rng), Move.Source.BOT)
        if standing_order and (order := standing_order(state, seat)) is not None:
            return Step(seat, order, Move.Source.STANDING_ORDER)
    return None


def _everyone_resigned_but_one(game: Game, resigned: list[int]) -> bool:
    return len(resigned) >= game.players - 1


# ---------------------------------------------------------------------------- projection


def bot_seats(game: Game) -> list[int]:
    return [seat.position for seat in game.seats.all() if seat.is_bot]


def resigned_seats(game: Game) -> list[int]:
    """The seats that have resigned (or forfeited), as projected: a list the caller may grow."""
    return list(game.resigned)


def _resigned_in_log(game: Game) -> list[int]:
    """The same read from the log, for checking the projection."""
    return sorted(game.moves.filter(payload=RESIGN).values_list("seat", flat=True))


def _project(game: Game, state: dict, previously_waiting: list[int], resigned=()) -> None:
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


def _tell_everyone_if_it_ended(game: Game, was_over: bool, told: Told | None = None) -> None:
    """Called once the steps' moves are in the log (the replay reads them from there)."""
    if game.is_over and not was_over:
        _tell_everyone(game, told)


def _tell_everyone(game: Game, told: Told | None = None) -> None:
    """As the game ends, every move's line as everyone reads it from now on (one replay of
    the log, once): who moved, by name, and what nobody else could see while it was played.
    Written now, or with the lines of `told` when its caller writes them."""
    lines = told if told is not None else Told()
    for move, before, after in history(game):
        lines.add_for_everyone(game, move, before, after)
    if told is None:
        lines.save()


def final_outcome(rules, state: dict, players: int, resigned: list[int]) -> dict | None:
    """The rules' outcome, with resigned seats never among the winners.

    When all but one seat have resigned the game ends there, whatever the board says.
    """
    remaining = [seat for seat in range(players) if seat not in resigned]
    result = rules.outcome(state)
    if result is None and len(remaining) > 1:
        return None
    if result is None:
        standing = getattr(rules, "standing", None)
        scores = [standing(state, seat) if standing else 0 for seat in range(players)]
        return {"scores": scores, "winners": remaining, "details": {"resigned": resigned}}
    outcome = result.as_dict()
    if resigned:
        best = max(outcome["scores"][seat] for seat in remaining)
        outcome["winners"] = [s for s in remaining if outcome["scores"][s] == best]
        outcome["details"] = {**outcome["details"], "resigned": resigned}
    return outcome


# ---------------------------------------------------------------------------- replay


def random_stream(game: Game) -> RandomStream:
    """Where the game's next step draws its randomness from (the projection's count)."""
    return RandomStream(game.seed, game.random_scheme, game.random_events)


def replay(game: Game, upto: int | None = None, *, from_setup: bool = False) -> dict:
    """The rules state after move `upto` (all moves when None), rebuilt from the log from the
    nearest snapshot on (at most SNAPSHOT_EVERY steps), or from the setup."""
    start = None if from_setup else nearest_snapshot(game, upto)
    return _replay(game, upto, start)[0]


def nearest_snapshot(game: Game, upto: int | None = None) -> Snapshot | None:
    """The latest snapshot at or before move `upto` (the last move when None)."""
    snapshots = game.snapshots.order_by("-seq")
    if upto is not None:
        snapshots = snapshots.filter(seq__lte=upto)
    return snapshots.first()


def _replay(game: Game, upto: int | None = None, start: Snapshot | None = None) -> tuple[dict, int]:
    """The state after move `upto` and the random events drawn by then, from the setup (or
    from the snapshot `start`)."""
    stream = RandomStream(game.seed, game.random_scheme, start.random_events if start else 0)
    state = None
    for _move, _before, after in history(game, upto, stream, start):
        state = after
    if state is None and start is not None:
        return copy.deepcopy(start.state), start.random_events
    # With no moves up to `upto`, history has only set the game up (and drawn for it).
    return state if state is not None else initial_state(game), stream.events


def initial_state(game: Game) -> dict:
    return _setup(game, RandomStream(game.seed, game.random_scheme))


def _setup(game: Game, stream: RandomStream) -> dict:
    names = [seat.user.get_username() for seat in game.seats_with_players()]
    if game.forked_from_id is not None:
        return _forked_setup(game, names, stream)
    rng = stream.rng_for(0)
    state = games.setup_at(game.rules, names, game.options, rng, game.rules_version)
    stream.settle(rng)
    return state


def history(
    game: Game,
    upto: int | None = None,
    stream: RandomStream | None = None,
    start: Snapshot | None = None,
) -> Iterator[tuple[Move, dict, dict]]:
    """Each logged move with the state before and after it (after the snapshot `start` only,
    when given: `stream` must then stand at its random events)."""
    rules = game.rules
    stream = stream or RandomStream(game.seed, game.random_scheme)
    if start is None:
        state = _setup(game, stream)
        moves = game.moves.order_by("seq")
    else:
        state = copy.deepcopy(start.state)
        moves = game.moves.filter(seq__gt=start.seq).order_by("seq")
    if upto is not None:
        moves = moves.filter(seq__lte=upto)
    restore = partial(_replayed_before, game)
    yield from replay_log(rules, state, list(moves), stream, restore)


def replay_log(
    rules, state: dict, steps: list, stream: RandomStream, restore: Callable | None = None
) -> Iterator[tuple[Any, dict, dict]]:
    """Each step of a stretch of a log (anything with `seq`, `seat` and `payload`: a Move, an
    exported entry) with the position before and after it, starting from `state`.

    Resignations and table events change no position; a take-back goes back to the position
    before the first step it withdraws, kept as the replay passed it, else `restore(seq)`
    (a replay that began later); every other step is the rules' own, with its rng.
    """
    restore_points = {first_withdrawn(step.payload) for step in steps if is_take_back(step)}
    kept: dict[int, dict] = {}
    for step in steps:
        before = state
        if step.seq in restore_points:
            kept[step.seq] = before
        if step.payload == RESIGN or is_table_event(step):
            after = before
        elif is_take_back(step):
            first = first_withdrawn(step.payload)
            after = copy.deepcopy(kept[first]) if first in kept else _restored(restore, first)
        else:
            rng = stream.rng_for(step.seq)
            after = rules.apply(copy.deepcopy(before), step.seat, copy.deepcopy(step.payload), rng)
            stream.settle(rng)
        yield step, before, after
        state = after


def _restored(restore: Callable | None, seq: int) -> dict:
    if restore is None:
        raise IllegalMove(f"a take-back withdraws move {seq}, which this log does not hold")
    return restore(seq)


def _replayed_before(game: Game, seq: int) -> dict:
    """The position move `seq` met, for a replay that began at a later snapshot."""
    return replay(game, upto=seq - 1)


def verify(game: Game) -> list[str]:
    """Differences between the stored projection and a replay of the log (empty = clean)."""
    if game.status in (Game.Status.OPEN, Game.Status.CANCELLED):
        return []
    problems = []
    seqs = list(game.moves.values_list("seq", flat=True))
    if seqs != list(range(1, len(seqs) + 1)):
        problems.append(f"the log has gaps or repeats: {seqs[:10]}...")
    try:
        state, random_events, told = _replay_telling(game)
    except IllegalMove as refusal:
        return [*problems, f"the log does not replay: {refusal}"]
    problems += _told_differently(game, told)
    problems += _votes_differ(game)
    rules = game.rules
    expected = {
        "state": canonical(state),
        "random_events": random_events,
        "seq": len(seqs),
        "to_act": [] if game.is_over else rules.to_act(state),
        "outcome": logged_outcome(game, state, _resigned_in_log(game)),
        "resigned": _resigned_in_log(game),
    }
    actual = {
        "state": canonical(game.state),
        "random_events": game.random_events,
        "seq": game.seq,
        "to_act": game.to_act,
        "outcome": game.outcome,
        "resigned": game.resigned,
    }
    for name, value in expected.items():
        if actual[name] != value:
            problems.append(f"{name} differs from the replay")
    return problems


def _replay_telling(game: Game) -> tuple[dict, int, Told]:
    """A full replay from the setup: the state, the random events drawn, and the log lines and
    snapshots it tells (what the store writes move by move, and as a finished game ended)."""
    stream = RandomStream(game.seed, game.random_scheme)
    told = Told()
    state = None
    for move, before, after in history(game, stream=stream):
        told.add(game, move, before, after, stream.events)
        if game.is_over:
            told.add_for_everyone(game, move, before, after)
        state = after
    return state if state is not None else initial_state(game), stream.events, told


def _votes_differ(game: Game) -> list[str]:
    """Whether the Vote rows read as the log's calls, ballots and results make them; then
    each row that does not, by the move of its call."""
    logged = _votes_in_log(game)
    stored = {vote.seq: vote for vote in game.votes.all()}
    rows = []
    for seq, fields in logged.items():
        vote = stored.get(seq)
        if vote is None:
            rows.append(f"the vote called at move {seq} has no Vote row")
            continue
        wrong = [name for name, value in fields.items() if getattr(vote, name) != value]
        if wrong:
            rows.append(f"the vote called at move {seq} differs in {', '.join(wrong)}")
    rows += [
        f"the Vote row at move {seq} is no vote in the log"
        for seq in sorted(stored.keys() - logged.keys())
    ]
    return ["the votes differ from the log", *rows] if rows else []


def _rebuild_votes(game: Game) -> None:
    """Rewrite the Vote rows from the log. A row keeps its id (links and emails name it) and,
    for a call older than logged voters, the voters and expiry the log does not hold; a lost
    row of such a call gets those who are known to have voted, and the usual days."""
    logged = _votes_in_log(game)
    game.votes.exclude(seq__in=list(logged)).delete()
    stored = {vote.seq: vote for vote in game.votes.all()}
    for seq, fields in logged.items():
        vote = stored.get(seq) or Vote(game=game, seq=seq)
        if vote.pk is None and "voters" not in fields:
            vote.voters = sorted({*fields["yes"], *fields["no"]})
            vote.expires = game.moves.get(seq=seq).created + timedelta(days=VOTE_DAYS)
        for name, value in fields.items():
            setattr(vote, name, value)
        vote.save()


def _told_differently(game: Game, told: Told) -> list[str]:
    """How the stored log lines and snapshots differ from those a full replay tells."""
    problems = []
    lines = {(line.seq, line.viewer): (line.move.pk, line.text) for line in told.lines}
    stored = {
        (seq, viewer): (move_id, text)
        for seq, viewer, move_id, text in game.log_lines.values_list(
            "seq", "viewer", "move_id", "text"
        )
    }
    if not stored and lines:
        problems.append("the log lines are not projected yet (readers replay)")
    elif stored != lines:
        wrong = sum(1 for key, line in lines.items() if stored.get(key, line) != line)
        missing, extra = len(lines.keys() - stored.keys()), len(stored.keys() - lines.keys())
        problems.append(
            f"the log lines differ from the replay ({wrong} differ, {missing} missing, "
            f"{extra} extra)"
        )
    snapshots = {s.seq: (canonical(s.state), s.random_events) for s in told.snapshots}
    stored_snapshots = {s.seq: (canonical(s.state), s.random_events) for s in game.snapshots.all()}
    if snapshots != stored_snapshots:
        problems.append("the snapshots differ from the replay")
    return problems


def rebuild_projection(game: Game) -> list[str]:
    """Verify, and where the projection differs, overwrite it (the log lines, snapshots and
    Vote rows too) with the replay; also how older games get their lines and snapshots."""
    problems = verify(game)
    if problems and not any("does not replay" in p for p in problems):
        with transaction.atomic():
            locked = Game.objects.select_for_update().get(pk=game.pk)
            state, locked.random_events, told = _replay_telling(locked)
            locked.log_lines.all().delete()
            locked.snapshots.all().delete()
            told.save()
            locked.seq = locked.moves.count()
            locked.state = state
            locked.to_act = [] if locked.is_over else locked.rules.to_act(state)
            locked.resigned = _resigned_in_log(locked)
            locked.outcome = logged_outcome(locked, state, locked.resigned)
            locked.save(
                update_fields=["state", "random_events", "seq", "to_act", "outcome", "resigned"]
            )
            _rebuild_votes(locked)
    return problems


def _waiting_message(state: dict, waiting: list[int]) -> str:
    names = [state["players"][seat] for seat in waiting]
    if not names:
        return gettext("It is not your turn; the game is waiting for nobody.")
    return gettext("It is not your turn; the game is waiting for %(names)s.") % {
        "names": ", ".join(names)
    }


# ---------------------------------------------------------------------------- imported games


def import_finished_game(document: dict, players: list, bots: list[int]) -> Game:
    """A finished game from an export (`tabletop.play.transfer`), stored with its log only if
    the log replays under its revealed seed to the recorded final position and outcome;
    otherwise nothing is stored and the refusal says why.

    `players` are the accounts for the seats, in order. An imported game is not announced:
    it ended elsewhere, so it is announced as imported (`signals.game_imported`), not ended:
    nobody here is told of it again, nor rated for it.
    """
    games.get(document["game"])  # a game this server does not have is refused first
    seed = document["seed"]
    if games.seed_digest(seed) != document["seed_sha256"]:
        raise Refused("The seed does not match the SHA-256 published at the start of the game.")
    twin = Game.objects.filter(seed_sha256=document["seed_sha256"]).first()
    if twin is not None:
        raise Refused(f"This game is here already, as {twin.title} #{twin.pk}.")
    with transaction.atomic():
        game = _stored_import(document, players, bots)
        _project_import(game, document)
        problems = verify(game)
        if problems:
            raise Refused("The imported game does not verify: " + "; ".join(problems))
        signals.game_imported.send(sender=Game, game=game)
    return game


def _stored_import(document: dict, players: list, bots: list[int]) -> Game:
    """The game row, its seats and its log as the document has them (not yet projected)."""
    game = Game.objects.create(
        slug=document["game"],
        options=document["options"],
        players=len(players),
        rules_version=document["rules_version"],
        random_scheme=document["random_scheme"],
        seed=document["seed"],
        created_by=players[0],
        status=Game.Status.FINISHED,
        started=document.get("started"),
        finished=document.get("finished") or timezone.now(),
    )
    for position, user in enumerate(players):
        Seat.objects.create(game=game, position=position, user=user, is_bot=position in bots)
    moves = Move.objects.bulk_create(
        Move(
            game=game,
            seq=entry["seq"],
            seat=entry["seat"],
            payload=entry["move"],
            source=entry["source"],
        )
        for entry in document["moves"]
    )
    played_at = [entry.get("at") for entry in document["moves"]]
    if any(played_at):
        # Creating stamps each move "now"; the record keeps when it was really played (the
        # players' times to move), set once here before anything reads the log.
        for move, at in zip(moves, played_at, strict=True):
            move.created = at or move.created
        Move.objects.bulk_update(moves, ["created"])
    return game


def _project_import(game: Game, document: dict) -> None:
    """Replay the imported log; refuse it unless it ends where the document says it ended."""
    try:
        state, game.random_events, told = _replay_telling(game)
    except IllegalMove as refusal:
        raise Refused(f"The log does not replay: {refusal}") from None
    game.resigned = _resigned_in_log(game)
    outcome = logged_outcome(game, state, game.resigned)  # the table's, if a vote ended it
    if outcome is None:
        raise Refused("The log does not reach the end of the game.")
    if canonical(outcome) != canonical(document["outcome"]):
        raise Refused(
            f"The log replays to a different outcome: {canonical(outcome)}, "
            f"not the recorded {canonical(document['outcome'])}."
        )
    recorded = document.get("final_state_sha256")
    if recorded and hashlib.sha256(canonical(state).encode()).hexdigest() != recorded:
        raise Refused("The log replays to a different final position than the recorded one.")
    told.save()
    _rebuild_votes(game)
    game.state, game.seq, game.to_act, game.outcome = state, len(document["moves"]), [], outcome
    game.save()


# ---------------------------------------------------------------------------- forks


def fork_game(source: Game, at: int, seated: list, creator) -> Game:
    """A new game played on from `source` (finished) after its move `at`, started at once:
    seat n plays seat n of that position, by `seated[n]` (a player of the source or the
    forker; None = the strong bot), with a fresh secret seed. Private, since its players are
    chosen; never rated (see tabletop.play.forks)."""
    if not source.is_over:
        raise GameNotActive(gettext("A game can be played on from once it is over."))
    if not 0 <= at <= source.seq:
        raise Refused(
            gettext("Move %(at)s does not exist; this game has moves 0 to %(last)s.")
            % {"at": at, "last": source.seq}
        )
    _check_fork_seats(source, seated, creator)
    position = replay(source, upto=at)
    rules = source.rules
    if not rules.to_act(position) or rules.outcome(position) is not None:
        raise Refused(
            gettext("The game is over after move %(at)s; play on from an earlier move.")
            % {"at": at}
        )
    with transaction.atomic():
        game = Game.objects.create(
            slug=source.slug,
            options=source.options,
            players=source.players,
            rules_version=source.rules_version,
            created_by=creator,
            days_per_move=source.days_per_move,
            reminder_hours=source.reminder_hours,
            timeout_policy=source.timeout_policy,
            private=True,
            forked_from=source,
            forked_at=at,
        )
        bots = 0
        for position_number, user in enumerate(seated):
            if user is None:
                bots += 1
            Seat.objects.create(
                game=game,
                position=position_number,
                user=user or bot_player(bots),
                is_bot=user is None,
            )
        _start(game)
    return game


def _check_fork_seats(source: Game, seated: list, creator) -> None:
    if len(seated) != source.players:
        raise Refused(
            ngettext(
                "Seat %(count)s player: this position has %(count)s seat.",
                "Seat %(count)s players: this position has %(count)s seats.",
                source.players,
            )
            % {"count": source.players}
        )
    people = [user for user in seated if user is not None]
    if len({user.pk for user in people}) != len(people):
        raise Refused(gettext("A player can sit in one seat only."))
    players = {seat.user_id for seat in source.seats.all() if not seat.is_bot}
    # Anyone who may see the game plays on from it against the computer; only its players
    # bring each other to the new table (nobody else is sent a game they did not ask for).
    allowed = players | {creator.pk} if creator.pk in players else {creator.pk}
    if any(user.pk not in allowed for user in people):
        raise Refused(
            gettext(
                "Only the players of the game can seat its players; seat yourself, and the "
                "computer in the other seats."
            )
        )
    if creator.pk not in {user.pk for user in people}:
        raise Refused(gettext("Take a seat yourself to play on from here."))


def _forked_setup(game: Game, names: list[str], stream: RandomStream) -> dict:
    """A fork's first position: its source's after the fork's step, replayed from the
    source's log (tabletop.play.forks)."""
    position = replay(game.forked_from, upto=game.forked_at)
    return forks.starting_position(game.rules, position, names, stream)
