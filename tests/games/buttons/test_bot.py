"""Buttons: the strong bot answers every question legally, sees only its own view, and wins."""

from games import Rng, buttons, step_rng
from games.bots import random_move
from games.buttons import bot as buttons_bot
from tests.games.test_hidden_information import buttons_hidden


def decisive(state: dict, seat: int) -> list[dict]:
    return [move for move in buttons.legal_moves(state, seat) if move["kind"] != "order"]


def test_the_bot_answers_every_question_with_a_legal_move():
    asked = set()
    for players in (2, 3, 4):
        for number in range(2):
            seed = f"bot-legal-{players}-{number}"
            state = buttons.setup(players, {}, step_rng(seed, 0))
            rng = Rng(seed + ":bot")
            step = 0
            while buttons.to_act(state):
                seat = rng.choice(buttons.to_act(state))
                move = buttons.bot_move(state, seat, rng)
                assert move in decisive(state, seat), f"{move} is not a legal answer"
                asked.add((state["phase"], seat == state["active"], move["kind"]))
                step += 1
                state = buttons.apply(state, seat, move, step_rng(seed, step))
            assert buttons.outcome(state) is not None
    assert {kind for _, _, kind in asked} == {"roll", "opt_out", "lay", "decline", "star"}


def test_the_bot_beats_random_players_in_two_player_games():
    won = 0
    for number in range(20):
        seed = f"bot-beats-random-{number}"
        bot = number % 2
        state = buttons.setup(2, {}, step_rng(seed, 0))
        rng = Rng(seed + ":bots")
        step = 0
        while seats := buttons.to_act(state):
            seat = seats[0]
            if seat == bot:
                move = buttons.bot_move(state, seat, rng)
            else:
                move = random_move(buttons, state, seat, rng)
            step += 1
            state = buttons.apply(state, seat, move, step_rng(seed, step))
        won += bot in buttons.outcome(state).winners
    assert won >= 13, f"the bot won only {won} of 20 games against a random player"


def test_other_players_standing_orders_never_change_the_bots_answer():
    compared = 0
    for players in (2, 4):
        seed = f"bot-hidden-{players}"
        state = buttons.setup(players, {}, step_rng(seed, 0))
        rng = Rng(seed + ":disguise")
        step = 0
        while buttons.to_act(state) and step < 250:
            seat = buttons.to_act(state)[0]
            move = buttons.bot_move(state, seat, Rng(f"{seed}:{step}"))
            for everything in (True, False):
                disguised = buttons_hidden(state, seat, rng, everything)
                buttons_bot.round_plan.cache_clear()
                assert buttons.bot_move(disguised, seat, Rng(f"{seed}:{step}")) == move
                compared += 1
            step += 1
            state = buttons.apply(state, seat, move, step_rng(seed, step))
    assert compared > 100


# Positions: boards drawn as six rows of ". o *" (empty, button, star), on layout 1a.


def position(rows: list[str], phase: str = "turn", **fields) -> dict:
    state = buttons.setup(2, {"layout": "1a"}, step_rng("bot-position", 0))
    state["boards"][0] = "".join(rows)
    state.update({"active": 0, "phase": phase, **fields})
    return state


def test_the_bot_opts_out_when_one_star_completes_a_line_of_five():
    state = position(["****o.", "......", "..o...", "......", "......", "......"])
    assert buttons.bot_move(state, 0, Rng("line")) == {"kind": "opt_out"}


def test_the_bot_puts_its_star_where_it_completes_the_line():
    rows = ["......", "o.....", "*.....", "*.o...", "*.....", "*....."]
    state = position(rows, "stars", stars_to_place=[1, 0], out=["opted out", None])
    assert buttons.bot_move(state, 0, Rng("star")) == {"kind": "star", "row": 2, "column": 1}


def test_the_bot_keeps_rolling_with_a_single_button_early_in_the_game():
    state = position(["......", "......", "..o...", "......", "......", "......"])
    assert buttons.bot_move(state, 0, Rng("roll")) == {"kind": "roll"}


def test_the_bot_takes_a_gold_square_on_an_empty_board():
    roll = {"white": 4, "gold": 2, "black": [1, 1, 5, 6]}
    state = position(["." * 6] * 6, "answer", active=1, roll=roll, waiting=[0])
    assert buttons.bot_move(state, 0, Rng("gold")) == {"kind": "lay", "row": 4, "column": 2}
