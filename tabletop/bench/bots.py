"""How strong the strong bot is: whole games by the rules alone against weaker players.

Figures for `manage.py benchmark --only bots`, not tests: win rates against random and greedy
players, the strong bot's average score and its thinking time per move.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field

import games
from games import Rng, step_rng
from games.bots import greedy_move, random_move, strong

OPPONENTS = {"random": random_move, "greedy": greedy_move}
# A game longer than this many steps is stopped and counted as not won (a loop would be a bug
# of the rules module; the figure shows it as a lower win rate rather than hanging).
MOST_STEPS = 20_000


@dataclass
class Matchup:
    slug: str
    players: int
    opponent: str
    games: int = 0
    won: int = 0
    scores: list[int] = field(default_factory=list)
    thinking: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.won / self.games if self.games else 0.0

    def thinking_ms(self, quantile: float) -> float:
        if not self.thinking:
            return 0.0
        ordered = sorted(self.thinking)
        return ordered[min(len(ordered) - 1, int(quantile * len(ordered)))] * 1000


def play_matchup(slug: str, players: int, opponent: str, count: int) -> Matchup:
    """`count` games of the strong bot against `players - 1` opponents, its seat rotating.

    A shared win (a tie for first) counts as won, as the game's outcome lists it a winner.
    """
    rules = games.get(slug)
    result = Matchup(slug, players, opponent)
    options = {"target": 100} if slug == "dos" else {}
    for number in range(count):
        seed = f"bots-{slug}-{players}-{opponent}-{number}"
        strong_seat = number % players
        state = rules.setup(players, options, step_rng(seed, 0))
        bot_rng = Rng(seed + ":bots")
        steps = 0
        while (seats := rules.to_act(state)) and steps < MOST_STEPS:
            seat = seats[0]
            if seat == strong_seat:
                started = time.perf_counter()
                move = strong(rules, state, seat, bot_rng)
                result.thinking.append(time.perf_counter() - started)
            else:
                move = OPPONENTS[opponent](rules, state, seat, bot_rng)
            steps += 1
            state = rules.apply(state, seat, move, step_rng(seed, steps))
        outcome = rules.outcome(state)
        result.games += 1
        if outcome is not None:
            result.won += strong_seat in outcome.winners
            result.scores.append(outcome.scores[strong_seat])
    return result


def table(count: int, slugs: tuple[str, ...] | None = None) -> list[Matchup]:
    """Every game at 2 players and at its largest table, against each opponent."""
    rows = []
    for slug in slugs or games.slugs():
        rules = games.get(slug)
        for players in sorted(
            {2 if rules.min_players <= 2 else rules.min_players, rules.max_players}
        ):
            for opponent in OPPONENTS:
                rows.append(play_matchup(slug, players, opponent, count))
    return rows


def describe(row: Matchup) -> str:
    average = statistics.mean(row.scores) if row.scores else 0.0
    fair_share = 1 / row.players
    return (
        f"  {row.slug:10} {row.players}p vs {row.opponent:6} "
        f"won {row.won:4}/{row.games:<4} ({row.win_rate:6.1%}; an even share is "
        f"{fair_share:4.0%})  average score {average:7.1f}  thinking p50 "
        f"{row.thinking_ms(0.5):6.1f} ms, p95 {row.thinking_ms(0.95):6.1f} ms"
    )
