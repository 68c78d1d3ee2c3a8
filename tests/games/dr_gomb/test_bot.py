"""Dr. Gomb: the strong bot that sits in for an absent friend.

It answers every decision with a legal move, plays on what its seat's view shows (never the
deck, the talon, other seats' cards in hand nor, in normal mode, a covered number, its own
included) and beats random players. Its measured strength and speed are figures of
`manage.py benchmark --only bots --game dr_gomb`; this file keeps a quick sample.
"""

from __future__ import annotations

import copy

import pytest

import games
from games import Rng, step_rng
from games import dr_gomb as rules
from games.bots import random_move, strong
from tests.games.dr_gomb.test_rules import play, position, seq
from tests.games.dr_gomb.test_secrets import secret_slots, swapped


def hurried_move(state: dict, seat: int, rng: Rng) -> dict:
    """A random player who always starts a turn from the deck, so that games end soon."""
    moves = rules.legal_moves(state, seat)
    return {"kind": "draw"} if {"kind": "draw"} in moves else random_move(rules, state, seat, rng)


def bot_games(players: int, mode: str, seed: str, bot_seats: set[int], hurried: bool = True):
    """A seeded game, random players in the other seats; yields (state, seat, drawn) before
    each of the bot's moves (`drawn`: its card in hand came from the deck), then the end."""
    state = rules.setup(players, {"mode": mode}, step_rng(seed, 0))
    others, steps, drawn = Rng(f"{seed}:random"), 0, False
    while rules.to_act(state):
        seat = rules.to_act(state)[0]
        if seat in bot_seats:
            yield state, seat, drawn
            move = rules.bot_move(state, seat, Rng(f"{seed}:bot:{steps}"))
        elif hurried:
            move = hurried_move(state, seat, others)
        else:
            move = random_move(rules, state, seat, others)
        steps += 1
        drawn = move["kind"] == "draw"
        state = rules.apply(state, seat, move, step_rng(seed, steps))
    yield state, None, False


def test_the_strong_bot_of_dr_gomb_is_its_own():
    state = position(sequences={0: seq(red="r1b2")}, top="r3")
    assert strong(games.get("dr_gomb"), state, 0, Rng("a")) == rules.bot_move(state, 0, Rng("a"))


@pytest.mark.parametrize("mode", ["basic", "normal"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_bot_answers_every_decision_with_a_legal_move(players, mode):
    kinds = set()
    seed = f"gomb-bot-legal-{players}-{mode}"
    for state, seat, _ in bot_games(players, mode, seed, set(range(players - 1))):
        if seat is None:
            assert rules.outcome(state) is not None
            break
        move = rules.bot_move(state, seat, Rng("legal"))
        assert move in rules.legal_moves(state, seat), move
        kinds.add(move["kind"])
    assert {"draw", "take", "play", "discard"} <= kinds


@pytest.mark.parametrize("mode", ["basic", "normal"])
def test_bots_in_every_seat_finish_the_game(mode):
    """As `manage.py simulate` plays: nothing the bots do may go round in circles (a surprise
    taken back from a pile again and again would)."""
    seed = f"gomb-bot-table-{mode}"
    state = rules.setup(3, {"mode": mode}, step_rng(seed, 0))
    for step in range(1, 1000):
        if not rules.to_act(state):
            break
        seat = rules.to_act(state)[0]
        state = rules.apply(state, seat, rules.bot_move(state, seat, Rng("table")), Rng(str(step)))
    assert rules.outcome(state) is not None


@pytest.mark.parametrize(
    "state",
    [
        # a broken button from the talon takes one of the bot's red cards
        position(
            sequences={0: seq(red="r1r2r3g4", blue="b1r5")},
            step="break",
            breaking="r!",
            held="b?",
            used=True,
        ),
        # basic action C: the bot's blue sequence goes onto the piles card by card
        position(step="scatter", held="b1b1y2"),
        # normal action C: three of the bot's cards go onto the piles
        position(
            mode="normal", sequences={0: seq(red="r1r2r3", blue="b1y!b2")}, step="three", left=3
        ),
        # a broken button drawn in normal mode must cover one of the bot's other sequences
        position(
            mode="normal",
            sequences={0: seq(red="r1r2", green="g2", blue="b1y2b3")},
            step="place",
            held="r!",
        ),
        # a surprise in hand: look into the talon, or not
        position(
            sequences={0: seq(red="r1", blue="b1b2")}, step="place", held="b?", talon="b3g2r!"
        ),
    ],
    ids=["talon-break", "scatter", "three", "cover", "surprise"],
)
def test_the_bot_answers_every_kind_of_step(state):
    move = bot_answers(state)
    assert move in rules.legal_moves(state, 0)


@pytest.mark.parametrize("mode", ["basic", "normal"])
def test_the_bot_answers_the_same_whatever_its_seat_cannot_see(mode):
    """The deck, the talon, the box and the other seats' cards in hand dealt again, and in
    normal mode every covered number (the bot's own too) swapped for a look-alike: the bot
    must not change its answer."""
    swaps, checked = Rng(f"gomb-bot-blind-{mode}"), 0
    for number in range(2):
        seed = f"gomb-bot-blind-{mode}-{number}"
        for state, seat, drawn in bot_games(2, mode, seed, {0}):
            if seat is None:
                break
            hidden = [slot for slot in secret_slots(state, drawn) if seat not in slot.known_to]
            twin = swapped(state, hidden, swaps)[0]
            assert rules.view(twin, seat) == rules.view(state, seat)
            answer = rules.bot_move(state, seat, Rng("blind"))
            assert rules.bot_move(twin, seat, Rng("blind")) == answer, (state, twin)
            checked += 1
    assert checked > 80


def test_the_bot_beats_random_players_with_real_scores():
    won, scores = 0, []
    for number, (players, mode) in enumerate([(2, "basic"), (2, "normal")]):
        seed = f"gomb-bot-wins-{number}"
        *_, (final, _, _) = bot_games(players, mode, seed, {0}, hurried=False)
        result = rules.outcome(final)
        won += 0 in result.winners
        scores.append(result.scores[0])
    assert won == 2
    assert sum(scores) / len(scores) >= 25, scores


# --- Positions a player would recognise ---------------------------------------------------------


def bot_answers(state: dict, seat: int = 0) -> dict:
    return rules.bot_move(copy.deepcopy(state), seat, Rng("position"))


def test_the_bot_sews_a_card_that_lengthens_its_run():
    state = play(position(sequences={0: seq(red="r1b2")}, top="r3"), 0, "draw")
    assert bot_answers(state) == {"kind": "play", "card": "red 3", "to": "red"}


def test_the_bot_never_spoils_a_sequence_with_a_number_it_already_holds():
    state = play(position(sequences={0: seq(red="r1b2r3", blue="b1")}, top="r3"), 0, "draw")
    assert bot_answers(state)["kind"] == "discard"


def late(state: dict, deck: int = 8) -> dict:
    """The position with all but a few cards of the deck in the box: the game nears its end."""
    state["box"] += state["deck"][: -2 * deck]
    state["deck"] = state["deck"][-2 * deck :]
    return state


def test_the_bot_takes_the_pile_top_that_completes_a_sequence_late_in_the_game():
    state = late(position(sequences={0: seq(red="r1b2r3r4")}, piles=("g4", "r5")))
    assert bot_answers(state) == {"kind": "take", "pile": 2}


def test_the_bot_gives_a_sequence_its_odd_one_out_in_a_colour_not_used_yet():
    state = late(position(sequences={0: seq(red="r2g1r3", blue="b1b3")}, piles=("g2", "y2")))
    assert bot_answers(state) == {"kind": "take", "pile": 2}


def test_in_normal_mode_the_bot_plays_only_the_next_number_of_a_sequence():
    # Anna sees her red as "red, red 2": she plays the 3 there, never the 4 (she could not
    # tell later which numbers lie under it).
    three = play(position(mode="normal", sequences={0: seq(red="r1r2")}, top="r3"), 0, "draw")
    assert bot_answers(three) == {"kind": "play", "card": "red 3", "to": "red"}
    four = play(position(mode="normal", sequences={0: seq(red="r1r2")}, top="r4"), 0, "draw")
    assert bot_answers(four)["kind"] == "discard"
