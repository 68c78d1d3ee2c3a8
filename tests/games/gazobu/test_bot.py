"""Gazobu's strong bot: legal, blind to what its seat cannot see, and better than chance.

Its strength is measured by a script, not by a timed test:
`.venv/bin/python -m tests.games.gazobu.test_bot 200` plays 200 two-player games against
random players and 200 against the greedy bot, seats alternating, and prints the win rates,
the average scores and the bot's thinking time per move (median and 95th percentile).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable

from games import Rng, canonical, step_rng
from games import gazobu as rules
from games.bots import greedy_move, random_move
from tests.games.gazobu.test_rules import position
from tests.games.test_hidden_information import gazobu_hidden

Player = Callable[[dict, int, Rng], dict]


def bot(state: dict, seat: int, rng: Rng) -> dict:
    return rules.bot_move(state, seat, rng)


def random_player(state: dict, seat: int, rng: Rng) -> dict:
    return random_move(rules, state, seat, rng)


def greedy_player(state: dict, seat: int, rng: Rng) -> dict:
    return greedy_move(rules, state, seat, rng)


def play_game(players: list[Player], seed: str, on_move=None) -> dict:
    """One game; `on_move(state, seat, move)` sees every move before it is applied."""
    state = rules.setup(len(players), {}, step_rng(seed, 0))
    rngs = [Rng(f"{seed}:seat{seat}") for seat in range(len(players))]
    step = 0
    while rules.to_act(state):
        seat = rules.to_act(state)[0]
        move = players[seat](state, seat, rngs[seat])
        if on_move:
            on_move(state, seat, move)
        step += 1
        state = rules.apply(state, seat, move, step_rng(seed, step))
    return state


def test_the_bot_always_makes_a_legal_move():
    def legal(state: dict, seat: int, move: dict) -> None:
        assert move in rules.legal_moves(state, seat), (move, rules.view(state, seat))

    lineups = [[bot, bot], [random_player, bot, random_player], [bot] + [random_player] * 3]
    for lineup in lineups:
        seed = f"bot-legal-{len(lineup)}"
        assert rules.outcome(play_game(lineup, seed, legal)) is not None


def test_the_bot_answers_alike_whatever_the_cards_it_cannot_see():
    checked = disguised = 0
    for players in (2, 3):
        disguiser = Rng(f"bot-blind-{players}")
        positions: list[tuple[dict, int]] = []

        def keep(state: dict, seat: int, move: dict, positions=positions) -> None:
            if len(rules.legal_moves(state, seat)) > 1 and len(positions) < 6:
                positions.append((json.loads(canonical(state)), seat))

        play_game([random_player] * players, f"bot-blind-{players}", keep)
        for state, seat in positions:
            answer = rules.bot_move(state, seat, Rng("the bot's own"))
            for everything in (True, False):
                other = gazobu_hidden(state, seat, disguiser, everything)
                assert rules.bot_move(other, seat, Rng("the bot's own")) == answer
                disguised += other != state
            checked += 1
    assert checked == 12 and disguised >= 20


def test_the_bot_takes_a_column_of_bonus_cards_and_leaves_one_of_malus_cards():
    state = position(2, columns=[["malus-5", "malus-3"], ["bonus+5", "bonus+3"]], pills=[1, 1])
    assert rules.bot_move(state, 0, Rng("bonus")) == {"kind": "take", "column": 2}
    state = position(2, columns=[["malus-5", "malus-3"], ["malus-2", "yoo"]], pills=[1, 1])
    assert rules.bot_move(state, 0, Rng("malus")) == {"kind": "draw"}


def test_the_bot_beats_random_players():
    wins = 0
    for game in range(20):
        seat = game % 2
        lineup = [random_player, random_player]
        lineup[seat] = bot
        result = rules.outcome(play_game(lineup, f"bot-vs-random-{game}"))
        wins += result.winners == [seat]
    assert wins >= 14


# The measurement (not a test)


def measure(games: int, opponent: Player, tag: str) -> dict:
    wins, scores, their_scores, wall, cpu = 0.0, [], [], [], []

    def timed(state: dict, seat: int, rng: Rng) -> dict:
        started, started_cpu = time.perf_counter(), time.process_time()
        move = rules.bot_move(state, seat, rng)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        return move

    for game in range(games):
        seat = game % 2
        lineup = [opponent, opponent]
        lineup[seat] = timed
        result = rules.outcome(play_game(lineup, f"measure-{tag}-{game}"))
        if seat in result.winners:
            wins += 1 / len(result.winners)
        scores.append(result.scores[seat])
        their_scores.append(result.scores[1 - seat])

    def ms(times: list[float], share: float) -> float:
        return round(sorted(times)[int(share * (len(times) - 1))] * 1000, 1)

    return {
        "games": games,
        "win rate": round(wins / games, 3),
        "bot's average score": round(statistics.mean(scores), 2),
        "opponent's average score": round(statistics.mean(their_scores), 2),
        "moves": len(wall),
        "median ms": ms(wall, 0.5),
        "p95 ms": ms(wall, 0.95),
        "median cpu ms": ms(cpu, 0.5),
        "p95 cpu ms": ms(cpu, 0.95),
    }


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    print("against random players:", measure(count, random_player, "random"), flush=True)
    print("against the greedy bot:", measure(count, greedy_player, "greedy"), flush=True)
