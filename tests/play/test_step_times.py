"""A step's time tells nobody how it was made: the automatic steps (a standing order's answer,
the computer's moves) carry the time of the step that brought them, and others read every
step's time to the minute; a player reads their own steps' times exactly."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from tabletop.play import clock, history, store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at


class TickingClock:
    """The service's clock moving on 1.25 seconds at each reading, as a busy server's would
    between writing a step and the steps it brings."""

    def __init__(self) -> None:
        self.at = datetime(2026, 12, 3, 12, 0, 7, 250000, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.at += timedelta(seconds=1.25)
        return self.at


@pytest.fixture
def ticking(monkeypatch) -> TickingClock:
    ticking = TickingClock()
    monkeypatch.setattr(clock, "now", ticking)
    return ticking


def played_until(game: Game, found) -> Game:
    """The first seat the game waits for plays its first legal move until `found(game)`."""
    for _ in range(60):
        game.refresh_from_db()
        if found(game):
            return game
        mover = game.to_act[0]
        move = game.rules.legal_moves(game.state, mover)[0]
        store.submit(game, user_at(game, mover), move, None, Move.Source.WEB)
    pytest.fail("the game never came to the step looked for")


def test_a_standing_orders_answer_carries_the_time_of_the_move_it_answers(make_user, ticking):
    game = started_game([make_user("ann"), make_user("ben")], "buttons", {"layout": "1a"})
    other = 1 - game.state["active"]
    store.submit(game, user_at(game, other), {"kind": "order", "order": "take"}, None, "web")
    game = played_until(game, lambda g: g.moves.filter(source=Move.Source.STANDING_ORDER).exists())
    answer = game.moves.filter(source=Move.Source.STANDING_ORDER).first()
    answered = game.moves.get(seq=answer.seq - 1)
    assert answered.source == Move.Source.WEB
    assert answer.created == answered.created


def test_the_computers_answer_carries_the_time_of_the_persons_move(make_user, ticking):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 3, {}, fill_with_bots=True)
    first_move = game.seq + 1
    game = played_until(game, lambda g: g.moves.filter(seq__gt=first_move, source="bot").exists())
    answer = game.moves.filter(seq__gt=first_move, source=Move.Source.BOT).first()
    answered = game.moves.get(seq=answer.seq - 1)
    assert answered.source == Move.Source.WEB
    assert answer.created == answered.created


def test_the_computers_steps_after_a_deadline_carry_the_time_of_the_deadlines_step(
    make_user, ticking
):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 3, {}, fill_with_bots=True)
    game.refresh_from_db()
    deadline = game.seats.get(position=0).deadline
    ticking.at = deadline + timedelta(minutes=1)
    logged = store.time_out(game.pk, 0)
    assert logged[0].source == Move.Source.TIMEOUT_BOT
    bot_moves = [move for move in logged if move.source == Move.Source.BOT]
    assert bot_moves, "the bots played on after ann's turn at the deadline"
    for bot_move in bot_moves:
        cause = max(
            (move for move in logged if move.seq < bot_move.seq and move.seat == 0),
            key=lambda move: move.seq,
        )
        assert bot_move.created == cause.created


def test_others_read_a_steps_time_to_the_minute_and_its_player_exactly(make_user, ticking):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    game = played_until(game, lambda g: g.seq >= 2)
    first = game.moves.get(seq=1)
    assert (first.created.second, first.created.microsecond) != (0, 0)
    as_minute = first.created.replace(second=0, microsecond=0)

    def time_read_by(viewer: int | None) -> datetime:
        return next(line for line in history.lines(game, viewer) if line["seq"] == 1)["created"]

    assert time_read_by(first.seat) == first.created
    assert time_read_by(1 - first.seat) == as_minute
    assert time_read_by(None) == as_minute
