"""The table's votes: calling one, answering it, deciding and carrying it out, expiring it.

A vote is a question put to the table, in the log like everything else: the call
({"kind": "vote", "subject": ..., details}), each ballot ({"kind": "ballot", "vote": seq,
"yes": bool}) and the result ({"kind": "vote-result", "vote": seq, "result": ..., the
question}). None of them changes the rules state; a passed vote's effect is applied here
(a deadline moved, a seat given to the bot, the game ended, a take-back logged).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy, pgettext

from tabletop.play import clock, signals
from tabletop.play.models import Game, Move, Seat, Vote
from tabletop.play.store.errors import GameNotActive, NotASeat, Refused
from tabletop.play.store.locks import check_fresh, hand_back, lock_with_seats, seat_of
from tabletop.play.store.log_lines import log_event
from tabletop.play.store.moves import advance
from tabletop.play.store.outcomes import ended_outcome
from tabletop.play.store.projection import resigned_seats, tell_everyone
from tabletop.play.store.takebacks import TakeBack, plan_take_back, withdraw
from tabletop.play.store.vote_rows import VOTE_DAYS, concerned_seat, row_of_call

# How many days a vote may add to a player's deadline.
EXTEND_DAYS = range(1, 8)
# How a vote may end a game: scored as it stands, or abandoned.
ENDINGS = ("scored", "abandoned")


def call_vote(game: Game, user: AbstractBaseUser, subject: str, details: dict, source: str) -> Vote:
    """Put a question to the table; the caller's own ballot is yes (when they vote on it)."""
    with transaction.atomic():
        locked = lock_with_seats(game.pk)
        seat = seat_of(locked, user)
        check_fresh(locked, None)
        vote = _call(locked, seat, subject, details, source)
    hand_back(locked, game)
    return vote


def answer_vote(game: Game, user: AbstractBaseUser, vote_id: int, yes: bool, source: str) -> Vote:
    """A player's ballot; the vote is decided (and carried out) as soon as the count allows."""
    with transaction.atomic():
        locked = lock_with_seats(game.pk)
        seat = seat_of(locked, user)
        vote = Vote.objects.select_for_update().filter(game=locked, pk=vote_id).first()
        if vote is None:
            raise Refused(gettext("There is no vote %(id)s in this game.") % {"id": vote_id})
        check_fresh(locked, None)
        _check_may_answer(locked, vote, seat)
        payload = {"kind": "ballot", "vote": vote.seq, "yes": bool(yes)}
        _log_table_event(locked, seat, payload, source)
        (vote.yes if yes else vote.no).append(seat)
        vote.save(update_fields=["yes", "no"])
        _decide(locked, vote)
    hand_back(locked, game)
    return vote


def take_back_or_ask(
    game: Game, user: AbstractBaseUser, expected_seq: int | None, source: str
) -> Move | Vote:
    """The take-back when it is immediate; when others have played since (and nothing was
    seen), the request put to them as a take-back vote instead."""
    with transaction.atomic():
        locked = lock_with_seats(game.pk)
        seat = seat_of(locked, user)
        check_fresh(locked, expected_seq)
        plan = plan_take_back(locked, seat)
        if plan.others:
            done = _call(locked, seat, Vote.Subject.TAKE_BACK, {}, source)
        else:
            done = withdraw(locked, seat, plan.take_back, source)
    hand_back(locked, game)
    return done


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
    concerns = concerned_seat(subject, details, seat)
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
    return Vote.objects.create(game=game, seq=call.seq, **row_of_call(call))


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
        _check_out_of_time(game, absent)
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


def _check_out_of_time(game: Game, position: int) -> None:
    """A seat goes to the computer only for a late player: once its deadline has passed (as
    Board Game Arena allows only once a player is out of time), never for a punctual one."""
    seat = next(row for row in game.seats.all() if row.position == position)
    if position in game.to_act and seat.deadline is not None and seat.deadline <= clock.now():
        return
    stopped = position in game.to_act and seat.deadline is None
    if stopped and game.votes.filter(result="", subject=Vote.Subject.REPLACE, concerns=position):
        return  # their clock was stopped for this very question: it is being asked already
    name = _name(game, position)
    if position not in game.to_act:
        raise Refused(
            gettext(
                "%(name)s is not late: the game is not waiting for them. A seat can be given "
                "to the computer only once its deadline has passed."
            )
            % {"name": name}
        )
    raise Refused(
        gettext(
            "%(name)s's deadline has not passed yet. A seat can be given to the computer only "
            "once its deadline has passed."
        )
        % {"name": name}
    )


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
    move = log_event(game, seat, payload, source, game.state)
    game.save(update_fields=["seq"])
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
        give_seat_to_bot(game, vote.concerns)
    elif vote.subject == Vote.Subject.END:
        _end_by_vote(game, vote.details["how"])
    else:
        withdraw(game, vote.caller, plan_take_back(game, vote.caller).take_back, Move.Source.VOTE)


def give_seat_to_bot(game: Game, position: int) -> None:
    """The strong bot plays the seat from now on (at once if it is its turn); nothing is
    logged but the bot's steps."""
    seat = next(row for row in game.seats.all() if row.position == position)
    seat.is_bot = True
    seat.save(update_fields=["is_bot"])
    if position in game.to_act:
        advance(game, [])  # the bot plays the seat's turn now


def _end_by_vote(game: Game, how: str) -> None:
    game.outcome = ended_outcome(game.rules, game.state, game.players, how, resigned_seats(game))
    game.status = Game.Status.FINISHED
    game.finished = timezone.now()
    game.to_act = []
    clock.update_deadlines(game, [])
    game.save()
    tell_everyone(game)
    signals.game_ended.send(sender=Game, game=game)


def ask_the_table(game: Game, late: Seat) -> list[Move]:
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
            locked = lock_with_seats(game_id)
            vote = Vote.objects.select_for_update().get(pk=vote_id)
            if vote.is_open and locked.status == Game.Status.ACTIVE:
                _close(locked, vote, Vote.Result.EXPIRED)
                done += 1
    return done
