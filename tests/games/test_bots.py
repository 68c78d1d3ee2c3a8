"""Bots stand in for absent players: they must answer what the game waits for."""

import pytest

import games
from games import Rng, step_rng
from games.bots import greedy_move, random_move


def rolled_buttons_game() -> tuple[dict, list[int]]:
    rules = games.get("buttons")
    state = rules.setup(3, {}, step_rng("bots", 0))
    active = rules.to_act(state)[0]
    state = rules.apply(state, active, {"kind": "roll"}, step_rng("bots", 1))
    return state, [seat for seat in rules.to_act(state) if seat != active]


def test_a_bot_answers_the_gold_square_instead_of_changing_a_standing_order():
    rules = games.get("buttons")
    state, asked = rolled_buttons_game()
    rng = Rng("answers")
    for _ in range(50):
        assert random_move(rules, state, asked[0], rng)["kind"] in ("lay", "decline")


@pytest.mark.parametrize("slug", games.slugs())
def test_every_game_can_be_played_to_the_end_by_random_and_greedy_bots(slug):
    rules = games.get(slug)
    for bot in (random_move, greedy_move):
        state = rules.setup(rules.min_players, {}, step_rng("bot-game", 0))
        rng = Rng(f"bot-game:{rules.slug}")
        for step in range(1, 20_000):
            if not rules.to_act(state):
                break
            seat = rng.choice(rules.to_act(state))
            state = rules.apply(state, seat, bot(rules, state, seat, rng), step_rng("b", step))
        assert rules.outcome(state) is not None, f"{rules.slug} with {bot.__name__} never ended"


def test_a_bot_standing_in_for_a_dos_player_never_just_calls_or_catches():
    rules = games.get("dos")
    state = rules.setup(2, {}, step_rng("dos-bot", 0))
    rng = Rng("dos-bot")
    for step in range(1, 200):
        if not rules.to_act(state):
            break
        seat = rules.to_act(state)[0]
        move = random_move(rules, state, seat, rng)
        assert move["kind"] not in ("dos", "catch")
        state = rules.apply(state, seat, move, step_rng("dos-bot", step))
