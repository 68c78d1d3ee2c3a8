"""DOS: the strong bot that sits in for an absent friend.

It answers every decision DOS asks with a legal move, plays on what its seat sees and nothing
else, and beats random players. (Its measured strength and speed are in the commit that added
it; this file only keeps a quick sample.)
"""

from __future__ import annotations

import json

import pytest

import games
from games import IllegalMove, Rng, canonical, step_rng
from games.bots import random_move, strong
from games.dos.bot import bot_move
from tests.games.dos.test_rules import CALL, END, catch, draw, match, play, position
from tests.games.test_hidden_information import dos_hidden

dos = games.get("dos")
ROW = ["blue 7", "yellow 9"]


def play_with_bots(players: int, seed: str, bot_seats: set[int], target: int = 100):
    """A seeded match; yields (state, seat, bot rng seed) before each move the bot makes, and
    plays random players in the other seats."""
    state = dos.setup(players, {"target": target}, step_rng(seed, 0))
    others = Rng(f"{seed}:random")
    steps = 0
    while dos.to_act(state):
        seat = dos.to_act(state)[0]
        if seat in bot_seats:
            rng_seed = f"{seed}:bot:{steps}"
            yield state, seat, rng_seed
            move = bot_move(state, seat, Rng(rng_seed))
        else:
            move = random_move(dos, state, seat, others)
        steps += 1
        state = dos.apply(state, seat, move, step_rng(seed, steps))
    yield state, None, None


def test_the_strong_bot_of_dos_is_its_own():
    state = position([["red 7", "green 1"], ["blue 1"]], ROW)
    assert strong(dos, state, 0, Rng("a")) == bot_move(state, 0, Rng("a"))
    assert dos.bot_move is bot_move


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bot_answers_every_decision_with_a_legal_move_and_never_forgets_to_call(players):
    kinds = set()
    for n in range(3):
        seed = f"bot-legal-{players}-{n}"
        for state, seat, rng_seed in play_with_bots(players, seed, set(range(players - 1))):
            if seat is None:
                assert dos.outcome(state) is not None
                break
            move = bot_move(state, seat, Rng(rng_seed))
            assert move in dos.legal_moves(state, seat), move
            kinds.add((move["kind"], state["turn"]["phase"]))
            after = dos.apply(json.loads(canonical(state)), seat, move, Rng("probe"))
            assert not after["exposed"][seat], "the bot ended a turn on two uncalled cards"
    assert {"match", "draw", "add", "end"} <= {kind for kind, _ in kinds}
    assert ("add", "bonus") in kinds and ("add", "drawn") in kinds


def test_the_bot_answers_the_same_whatever_it_cannot_see():
    disguiser = Rng("bot-disguise")
    compared = 0
    for players in (2, 3, 4):
        seed = f"bot-hidden-{players}"
        for state, seat, rng_seed in play_with_bots(players, seed, {0, 1}):
            if seat is None:
                break
            answer = bot_move(json.loads(canonical(state)), seat, Rng(rng_seed))
            for everything in (True, False):
                other = dos_hidden(state, seat, disguiser, everything)
                assert bot_move(other, seat, Rng(rng_seed)) == answer
                compared += 1
    assert compared > 300


def test_the_bot_beats_random_players_in_most_matches():
    wins = 0
    for n in range(20):
        seat = n % 2
        for state, acting, _ in play_with_bots(2, f"bot-beats-random-{n}", {seat}):
            if acting is None:
                wins += state["winner"] == seat
    assert wins >= 14, f"the bot won only {wins} of 20 matches against a random player"


# --- Decisions in positions built by hand --------------------------------------------------


def test_the_bot_catches_a_player_who_forgot_to_call():
    state = position([["red 7", "green 1", "green 3"], ["blue 1", "blue 4", "red 10"]], ROW)
    state = play(state, 0, match("blue 7", "red 7"), END)
    assert bot_move(state, 1, Rng("x")) == catch(0)


def test_the_bot_calls_with_the_step_that_leaves_it_two_cards():
    state = position([["red 7", "green 1", "green 10"], ["blue 1", "blue 4"]], ROW)
    assert bot_move(state, 0, Rng("x")) == match("blue 7", "red 7", call=True)


def test_the_bot_calls_before_ending_a_turn_on_two_uncalled_cards():
    state = position([["green 1", "green 10"], ["blue 1", "blue 4"]], ROW, phase="matching")
    assert bot_move(state, 0, Rng("x")) == CALL
    state = play(state, 0, CALL)
    assert bot_move(state, 0, Rng("x")) == END


def test_the_bot_prefers_a_double_colour_match_naming_its_wild_for_the_colour():
    hand = ["red 5", "DOS", "blue 7", "green 1", "green 3"]
    state = position([hand, ["blue 1", "blue 4"]], ["red 7", "yellow 9"])
    assert bot_move(state, 0, Rng("x")) == match("red 7", "red 5", ("DOS", "red 2"))


def test_the_bot_matches_as_many_cards_as_it_can_in_one_turn():
    hand = ["red 7", "blue 9", "green 1", "green 8"]
    state = position([hand, ["blue 1", "blue 4"]], ["blue 7", "yellow 9"])
    moves = []
    while state["to_act"] == [0]:
        move = bot_move(state, 0, Rng("x"))
        moves.append(move)
        state = play(state, 0, move)
    assert moves == [match("blue 7", "red 7"), match("yellow 9", "green 1", "green 8"), END]
    assert state["hands"][0] == ["blue 9"]


def test_the_bot_goes_out_when_it_can():
    state = position([["red 3", "red 4"], ["blue 1", "blue 4"]], ["blue 7", "red 7"])
    assert bot_move(state, 0, Rng("x"))["cards"] == ["red 3", "red 4"]


def test_the_bot_draws_only_when_nothing_matches():
    state = position([["red 8", "green 10"], ["blue 1", "blue 4"]], ROW)
    assert bot_move(state, 0, Rng("x")) == draw()
    state = position([["red 8"], ["blue 1", "blue 4"]], ROW)
    assert bot_move(state, 0, Rng("x")) == draw(call=True)


def test_the_bot_does_not_hand_a_wild_hash_to_an_opponent_about_to_go_out():
    hand = ["red #", "green 1", "yellow 10"]
    state = position([hand, ["blue 1"]], ["blue 7", "yellow 9"], phase="bonus", bonuses=1)
    move = bot_move(state, 0, Rng("x"))
    assert move["kind"] == "add" and move["card"] != "red #"


def test_the_bot_asked_out_of_turn_only_catches_or_calls():
    state = position([["red 7", "green 1", "green 3"], ["blue 1", "blue 4"], ["red 1"]], ROW)
    assert bot_move(state, 1, Rng("x")) == CALL
    with pytest.raises(IllegalMove, match="not this seat's turn"):
        bot_move(state, 2, Rng("x"))
    state = play(state, 0, match("blue 7", "red 7"), END)
    assert bot_move(state, 2, Rng("x")) == catch(0)
