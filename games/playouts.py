"""Win chances by Monte Carlo playouts, and the strong bot's suggestion: a finished game's review.

Only for a game that is over (the service refuses anything else): the positions are read in
full, every hand included, since nothing is secret any more. What is still unknown at a past
position is the future: the cards not yet drawn and the dice not yet rolled. Reading them from
the game's own seed would make every chance 0 or 100%, so each playout samples them anew.

`win_chances(rules, state, playouts, seed)`: each seat's chance of winning from `state`.

- `playouts` games are played on from a copy of the position. Playout k draws everything
  from its own `Rng(f"{seed}:{k}")`: first the unseen cards are dealt again (`sample_unseen`),
  then every roll, draw and choice of the policy. The same state, count and seed therefore
  give the same figures, and two moves judged with the same seed meet the same luck
  (`chances_after`), which keeps the difference between them from being mostly noise.
- The policy is the random player of games/bots.py (any decisive legal move, uniformly; a
  standing order answers for its seat, as the store would submit it). The greedy player was
  measured too: it plays every legal move one step ahead, three to five times the cost of a
  random step (Gazobu's about 1.3 ms against 0.36 ms, Dr. Gomb's 0.39 against 0.05), and
  within the service's budget (a 300-step game analysed in under a minute on one worker) it
  left two or three playouts a position, whose figures jump by a third at every step. A game
  may name another player of games.bots.BOTS as its `playout_policy`; `policy` takes any
  player for one call.
- A playout stops when the game ends, or after `HORIZON` steps: then the seats best placed by
  the rules' `standing` (the greedy player's running score) take the win. A game without
  `standing` is always played to its end.
- A win shared by k winners counts 1/k; seats in `resigned` never win (the best score among
  the others does, as the store reckons a game with resignations). A finished position gives
  its own outcome: 1 (or 1/k) for the winners, 0 for everyone else.

`sample_unseen(rules, state, rng)`: a game's optional hook of that name deals again what
nobody could see at the table (the draw pile, the queue's order); a game with only
`reshuffle_unseen` (the fork's hook: the face-down deck) gets that; a game with neither keeps
nothing unseen in its state and draws its future from the rng alone (DOS keeps no deck order,
only the deck's size; Buttons' only secrets are the standing orders, which are the players'
own decisions and stay as they were).

`suggestion(rules, state, seat, seed)`: what the strong bot would have played for `seat`. The
bot plays on `view(state, seat)` alone (games/bots.py: strong), so the suggestion uses only
what that player could see at that moment.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from types import ModuleType

from games.base import Rng
from games.bots import BOTS, strong

# Steps a playout plays before the standing decides it: half a DOS round, a round or two of
# Buttons, the whole of most Gazobu games.
HORIZON = 50

Policy = Callable[[ModuleType, dict, int, Rng], dict]


def policy_of(rules: ModuleType) -> Policy:
    """The player the playouts of this game use: its `playout_policy`, else the random one."""
    return BOTS[getattr(rules, "playout_policy", "random")]


def sample_unseen(rules: ModuleType, state: dict, rng: Rng) -> dict:
    """`state` with what nobody at the table had seen dealt again (see the module's notes)."""
    sample = getattr(rules, "sample_unseen", None) or getattr(rules, "reshuffle_unseen", None)
    return state if sample is None else sample(state, rng)


def win_chances(
    rules: ModuleType,
    state: dict,
    playouts: int,
    seed: str,
    resigned: Iterable[int] = (),
    policy: Policy | None = None,
) -> list[float]:
    """Each seat's chance of winning from `state`, from `playouts` seeded playouts."""
    return _chances(rules, state, None, playouts, seed, tuple(resigned), policy)


def chances_after(
    rules: ModuleType,
    state: dict,
    seat: int,
    move: dict,
    playouts: int,
    seed: str,
    resigned: Iterable[int] = (),
    policy: Policy | None = None,
) -> list[float]:
    """Each seat's chance of winning once `seat` plays `move` at `state`: the move is played
    in every playout with that playout's own luck (two moves judged with one seed meet the
    same draws)."""
    return _chances(rules, state, (seat, move), playouts, seed, tuple(resigned), policy)


def suggestion(rules: ModuleType, state: dict, seat: int, seed: str) -> dict:
    """The strong bot's move for `seat`, from that seat's view alone, with its own rng."""
    return strong(rules, state, seat, Rng(f"{seed}:bot"))


def shares(winners: Iterable[int], players: int) -> list[float]:
    """A result as chances: 1/k for each of k winners, 0 for everyone else."""
    winners = sorted(set(winners))
    return [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]


def final_winners(rules: ModuleType, state: dict, resigned: tuple[int, ...]) -> list[int] | None:
    """The winners of a finished position (resigned seats never win), or None if it goes on."""
    result = rules.outcome(state)
    if result is None:
        return None
    return best_of(result.scores, result.winners, resigned)


def best_of(scores: list[int], winners: list[int], resigned: tuple[int, ...]) -> list[int]:
    if not resigned:
        return list(winners)
    remaining = [seat for seat in range(len(scores)) if seat not in resigned]
    if not remaining:
        return []
    best = max(scores[seat] for seat in remaining)
    return [seat for seat in remaining if scores[seat] == best]


def _chances(
    rules: ModuleType,
    state: dict,
    first: tuple[int, dict] | None,
    playouts: int,
    seed: str,
    resigned: tuple[int, ...],
    policy: Policy | None,
) -> list[float]:
    players = len(state["players"])
    policy = policy or policy_of(rules)
    if first is None and (done := final_winners(rules, state, resigned)) is not None:
        return shares(done, players)
    totals = [0.0] * players
    encoded = json.dumps(state)
    for k in range(playouts):
        rng = Rng(f"{seed}:{k}")
        position = sample_unseen(rules, json.loads(encoded), rng)
        if first is not None:
            position = rules.apply(position, first[0], json.loads(json.dumps(first[1])), rng)
        winners = play_out(rules, position, rng, resigned, policy)
        if winners:
            for seat, share in enumerate(shares(winners, players)):
                totals[seat] += share
    return [total / playouts for total in totals] if playouts else totals


def play_out(
    rules: ModuleType, state: dict, rng: Rng, resigned: tuple[int, ...], policy: Policy
) -> list[int]:
    """Play on from `state` (changed in place) to the end or the horizon; the winners."""
    standing = getattr(rules, "standing", None)
    standing_order = getattr(rules, "standing_order_move", None)
    for _ in range(HORIZON if standing else 1_000_000):
        seats = rules.to_act(state)
        if not seats:
            return final_winners(rules, state, resigned) or []
        seat = seats[0]
        order = standing_order(state, seat) if standing_order else None
        move = order if order is not None else policy(rules, state, seat, rng)
        state = rules.apply(state, seat, move, rng)
    if (done := final_winners(rules, state, resigned)) is not None:
        return done
    scores = [standing(state, seat) for seat in range(len(state["players"]))]
    best = max(scores)
    return best_of(scores, [seat for seat, score in enumerate(scores) if score == best], resigned)
