"""Dr. Hrubec's strong bot: legal, fair (it plays on the seat's view alone) and better than
random players. Its figures against random and greedy players are measured by a script, not
here (see games/dr_hrubec/bot.py)."""

from __future__ import annotations

import json
from unittest import mock

import pytest

import games
from games import Rng, step_rng
from games.bots import random_move, strong
from games.dr_hrubec import bot_move
from tests.games.dr_hrubec.positions import card, operate, position, rules
from tests.games.test_hidden_information import dr_hrubec_hidden


def bot_game(players: int, seed: str, bot_seats: set[int], version: int = rules.version):
    """A seeded game, the bot in `bot_seats` and random players elsewhere; yields each
    position where the bot is to move, with its seat, then plays the bot's move."""
    state = games.setup_at(rules, players, {}, step_rng(seed, 0), version)
    bot_rng, other_rng = Rng(f"{seed}:bot"), Rng(f"{seed}:other")
    step = 0
    while seats := rules.to_act(state):
        seat = seats[0]
        if seat in bot_seats:
            yield state, seat
            move = bot_move(state, seat, bot_rng)
            assert move in rules.legal_moves(state, seat), (move, state)
        else:
            move = random_move(rules, state, seat, other_rng)
        step += 1
        state = rules.apply(state, seat, move, step_rng(seed, step))
    return state


def final_position(game) -> dict:
    while True:
        try:
            next(game)
        except StopIteration as end:
            return end.value


# Legal, and blind to what the seat cannot see


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_bot_always_makes_a_legal_move(players):
    for n in range(2):
        final = final_position(bot_game(players, f"bot-legal-{players}-{n}", {0, 1}))
        assert rules.outcome(final) is not None


def test_the_bot_plays_old_version_1_games_too():
    final = final_position(bot_game(2, "bot-legal-v1", {0}, version=1))
    assert "version" not in final and rules.outcome(final) is not None


def test_the_bot_answers_alike_positions_that_differ_only_in_what_it_cannot_see():
    disguiser = Rng("bot-disguise")
    compared = 0
    for players in (2, 3):
        for state, seat in bot_game(players, f"bot-blind-{players}", set(range(players))):
            if disguiser.randint(1, 3) != 1:
                continue
            answer = bot_move(json.loads(json.dumps(state)), seat, Rng(f"think-{compared}"))
            for everything in (True, False):
                other = dr_hrubec_hidden(state, seat, disguiser, everything)
                assert bot_move(other, seat, Rng(f"think-{compared}")) == answer
            compared += 1
    assert compared > 50


def seat_view_only(state: dict, seat: int):
    """`view` patched to hand the bot this seat's view, and to refuse anything else."""
    shown = rules.view(state, seat)

    def seat_view(given: object, viewer: int | None) -> dict:
        assert given is None and viewer == seat
        return shown

    return mock.patch("games.dr_hrubec.bot.view", seat_view)


def test_the_bot_reads_nothing_but_the_view_of_its_seat():
    for state, seat in bot_game(3, "bot-view-only", {0, 1, 2}):
        expected = bot_move(state, seat, Rng("same"))
        with seat_view_only(state, seat):
            assert bot_move(None, seat, Rng("same")) == expected


def test_the_strong_bot_of_the_service_is_this_bot():
    state = position(tables=["leper", None], phase="operate", hands=[["nurse"], []])
    assert strong(rules, state, 0, Rng("s")) == bot_move(state, 0, Rng("s"))


# Sensible play


def test_the_bot_calls_a_nurse_before_an_operation_that_needs_her():
    team = ["dr_pimple"]  # dermatology 3 against Leper's 7: a 4 or better, or a 2 with her
    state = position(
        tables=["leper", None], phase="operate", teams=[team, []], hands=[["nurse"], []]
    )
    assert bot_move(state, 0, Rng("nurse")) == card("nurse")


def test_the_bot_operates_in_the_specialization_with_the_better_chance():
    state = position(tables=["sunburn", None], phase="operate", teams=[["dr_scalpel"], []])
    assert bot_move(state, 0, Rng("spec")) == operate("surgery")  # 3 + d6 >= 5, not d6 >= 3
    state = position(tables=["sunburn", None], phase="operate", teams=[["dr_pimple"], []])
    assert bot_move(state, 0, Rng("spec")) == operate("dermatology")


def test_the_bot_calls_the_queue_rather_than_take_a_hopeless_patient():
    state = position(phase="admittance", waiting=["brain_transplant"], teams=[["dr_molar"], []])
    assert bot_move(state, 0, Rng("queue")) == {"kind": "queue"}


def test_the_bot_takes_a_patient_its_team_is_sure_to_cure():
    state = position(phase="admittance", waiting=["brain_transplant", "geek"])
    state["teams"][0] = ["dr_freud", "dr_couch"]  # psychiatry 5 against Geek's 3
    assert bot_move(state, 0, Rng("admit")) == {"kind": "admit", "patient": "geek"}


def test_the_bot_blacks_out_a_strong_rival_about_to_operate():
    state = position(
        active=0,
        phase="after",
        tables=[None, "schizoid"],
        teams=[["dr_molar"], ["dr_freud", "alien", "dr_couch"]],  # psychiatry 8 cures at once
        hands=[["blackout"], []],
    )
    assert bot_move(state, 0, Rng("blackout")) == card("blackout", player=1)


# Strength


def test_the_bot_beats_random_players_in_most_two_player_games():
    won = 0
    for n in range(20):
        final = final_position(bot_game(2, f"bot-strength-{n}", {n % 2}))
        won += n % 2 in rules.outcome(final).winners
    assert won >= 14
