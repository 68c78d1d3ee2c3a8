"""Giving a seat to the computer is for a late player: the table may ask it only once that
seat's deadline has passed, and the player moving in their seat before it passes ends it."""

from __future__ import annotations

import pytest

from tabletop.play import clock, store, timeouts
from tabletop.play.models import Game, Move, Vote
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]


@pytest.fixture
def table(make_user) -> Game:
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")])


def others(game: Game, seat: int) -> list[int]:
    return [s for s in range(game.players) if s != seat]


def first_legal(game: Game, seat: int) -> dict:
    game.refresh_from_db()
    return game.rules.legal_moves(game.state, seat)[0]


def log_texts(game: Game) -> list[str]:
    from tabletop.play import history

    game.refresh_from_db()
    return [line["text"] for line in history.lines(game, None)]


def test_a_punctual_players_seat_cannot_be_voted_to_the_computer_before_their_deadline(
    table, frozen
):
    late = table.to_act[0]
    caller = user_at(table, others(table, late)[0])
    with pytest.raises(store.Refused, match="deadline has not passed yet") as refused:
        store.call_vote(table, caller, "replace", {"seat": late}, Move.Source.WEB)
    assert refused.value.status == 400
    assert table.moves.count() == 0 and not table.votes.exists()

    frozen.past_deadline(table, late)
    vote = store.call_vote(table, caller, "replace", {"seat": late}, Move.Source.WEB)
    assert vote.is_open and vote.concerns == late


def test_a_player_the_game_is_not_waiting_for_cannot_be_voted_to_the_computer(table, frozen):
    late = table.to_act[0]
    frozen.past_deadline(table, late)
    caller, idle = others(table, late)
    with pytest.raises(store.Refused, match="is not late"):
        store.call_vote(table, user_at(table, caller), "replace", {"seat": idle}, "web")
    assert not table.votes.exists()


def test_the_late_player_moving_in_their_seat_ends_the_vote_on_it(table, frozen):
    late = table.to_act[0]
    caller, second = others(table, late)
    frozen.past_deadline(table, late)
    vote = store.call_vote(
        table, user_at(table, caller), "replace", {"seat": late}, Move.Source.WEB
    )
    store.submit(table, user_at(table, late), first_legal(table, late), None, Move.Source.WEB)

    vote.refresh_from_db()
    assert vote.result == "failed"
    late_name = user_at(table, late).username
    ended = f"{late_name} moved, so the vote to let the computer play {late_name}'s seat ended."
    assert log_texts(table)[-1] == ended
    assert not table.seats.get(position=late).is_bot
    with pytest.raises(store.GameNotActive, match="closed"):
        store.answer_vote(table, user_at(table, second), vote.pk, True, Move.Source.WEB)
    assert not table.seats.get(position=late).is_bot
    assert store.verify(Game.objects.get(pk=table.pk)) == []


def test_a_move_by_someone_else_leaves_the_vote_open(make_user, frozen):
    game = started_game([make_user("ann"), make_user("ben"), make_user("cat")], "buttons")
    rolled = game.to_act[0]
    store.submit(game, user_at(game, rolled), first_legal(game, rolled), None, Move.Source.WEB)
    game.refresh_from_db()
    late, other = game.to_act[0], game.to_act[1]  # everyone decides at once after a roll
    frozen.past_deadline(game, late)
    caller = next(s for s in others(game, late) if s != other)
    vote = store.call_vote(game, user_at(game, caller), "replace", {"seat": late}, "web")
    store.submit(game, user_at(game, other), first_legal(game, other), None, Move.Source.WEB)
    vote.refresh_from_db()
    assert vote.is_open


def test_a_move_ends_the_vote_the_deadline_called_and_their_clock_runs_again(make_user, frozen):
    game = started_game(
        [make_user("ann"), make_user("ben"), make_user("cat")], timeout_policy="table"
    )
    late = game.to_act[0]
    frozen.past_deadline(game, late)
    assert timeouts.apply_due(clock.now()) == 1
    vote = Vote.objects.get(game=game)
    assert game.seats.get(position=late).deadline is None
    # A Gazobu turn is several steps: after the first the game still waits for them.
    store.submit(game, user_at(game, late), first_legal(game, late), None, Move.Source.EMAIL)
    game.refresh_from_db()
    vote.refresh_from_db()
    assert vote.result == "failed" and late in game.to_act
    assert game.seats.get(position=late).deadline > clock.now()
    assert store.verify(game) == []
