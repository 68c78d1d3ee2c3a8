"""Gazobu's final scores, worked out a second time from the rulebook and RULINGS.md alone.

The scorer below shares no code with games/gazobu/: its card values are copied from
RULINGS.md's house data, and it reads the rules its own way (extra monsters dealt one by one
onto piles, the multiplier at choice tried on every pile, the tie rule as RULINGS.md words it).
Seeded playouts to the end, with 2, 3 and 4 players and players that take columns more or less
often (so that hands are small or large), must score alike both ways.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement, product

import pytest

from games import Rng, step_rng
from games import gazobu as rules
from games.gazobu import cards

# RULINGS.md, house data: majority points / loss per card otherwise.
MAJORITY = {"gazobu": 10, "blob": 8, "yoo": 6, "twini": 5, "twinax": 5}
PER_CARD = {"gazobu": 3, "blob": 2, "yoo": 1, "twini": 2, "twinax": 2}
BONUS_MALUS = {
    "bonus+5": 5,
    "bonus+3": 3,
    "bonus+2": 2,
    "bonus+1": 1,
    "malus-2": -2,
    "malus-3": -3,
    "malus-5": -5,
}
DOUBLES = {"multiplier-gazobu": "gazobu", "multiplier-blob": "blob", "multiplier-yoo": "yoo"}
AT_CHOICE = "multiplier-any"
EXTRA = "extra-monster"
# Extra monsters and the multiplier at choice: "only Yoo, Gazobu and Blob, never Twini or
# Twinax"; listed in the order the module's notes take for placements that score alike.
MONSTERS = ("gazobu", "blob", "yoo")


def gainer(counts: list[int]) -> int | None:
    """RULINGS.md: strictly most cards gains; tied leaders leave the points to the next
    strictly larger count among the rest; if no such player, nobody gains."""
    top = max(counts)
    if top == 0:
        return None
    leaders = [seat for seat, count in enumerate(counts) if count == top]
    if len(leaders) == 1:
        return leaders[0]
    rest = [(count, seat) for seat, count in enumerate(counts) if count and seat not in leaders]
    if not rest:
        return None
    best = max(count for count, _ in rest)
    below = [seat for count, seat in rest if count == best]
    return below[0] if len(below) == 1 else None


def family_score(counts: list[int], seat: int, family: str) -> int:
    if not counts[seat]:
        return 0
    if gainer(counts) == seat:
        return MAJORITY[family]
    return -PER_CARD[family] * counts[seat]


def seat_score(hands: list[Counter], piles: list[Counter], seat: int) -> int:
    """One seat's score once every seat's extra monsters lie on piles (`piles`: the family
    counts each seat ends with); its multiplier at choice goes where it scores best."""
    hand = piles[seat]
    own = {
        family: family_score([pile[family] for pile in piles], seat, family) for family in MAJORITY
    }
    doubled = {family for card, family in DOUBLES.items() if hands[seat][card]}
    total = sum(points * (2 if family in doubled else 1) for family, points in own.items())
    total += sum(value * hands[seat][card] for card, value in BONUS_MALUS.items())
    if hands[seat][AT_CHOICE]:
        extra_gains = [
            0 if family in doubled else own[family] for family in MONSTERS if hand[family]
        ]
        if extra_gains:
            total += max(extra_gains)
    return total


def placements(hand: Counter) -> list[Counter]:
    """Every way to lay the hand's extra monsters, one by one, on the monster piles it has."""
    piles = [family for family in MONSTERS if hand[family]]
    if not hand[EXTRA] or not piles:
        return [Counter()]
    return [Counter(laid) for laid in combinations_with_replacement(piles, hand[EXTRA])]


def all_scores(hands: list[Counter], laid: list[Counter]) -> list[int]:
    piles = [hand + extra for hand, extra in zip(hands, laid, strict=True)]
    return [seat_score(hands, piles, seat) for seat in range(len(hands))]


def independent_scores(final_hands: list[list[str]], ended_by: int) -> list[int]:
    return independent_scoring(final_hands, ended_by)[0]


def independent_scoring(final_hands: list[list[str]], ended_by: int) -> tuple[list[int], bool]:
    """The scores, and whether some joint placement left nobody wanting to move alone."""
    hands = [Counter(hand) for hand in final_hands]
    assert all(not hand["black-hole"] for hand in hands), "black holes are resolved first"
    choices = [placements(hand) for hand in hands]
    # Each joint placement by the number of every seat's choice.
    scored = {
        picks: all_scores(hands, [choices[seat][pick] for seat, pick in enumerate(picks)])
        for picks in product(*(range(len(own)) for own in choices))
    }
    nobody_better = [
        result
        for picks, result in scored.items()
        if all(
            scored[(*picks[:seat], other, *picks[seat + 1 :])][seat] <= result[seat]
            for seat in range(len(hands))
            for other in range(len(choices[seat]))
        )
    ]
    if nobody_better:
        return max(nobody_better, key=lambda result: (sum(result), result)), True
    # Nobody settles: each once, from the one after the player who ended the game.
    laid = [Counter() for _ in hands]
    for step in range(1, len(hands) + 1):
        seat = (ended_by + step) % len(hands)
        best = None
        for option in choices[seat]:
            trial = [*laid[:seat], option, *laid[seat + 1 :]]
            score = all_scores(hands, trial)[seat]
            if best is None or score > best[0]:
                best = (score, option)
        laid[seat] = best[1]
    return all_scores(hands, laid), False


# Playouts


def play_to_the_end(players: int, seed: str, taking: int) -> dict:
    """Random players that take a column `taking` times in 10 at the start of a turn."""
    state = rules.setup(players, {}, step_rng(seed, 0))
    chooser = Rng(f"{seed}:players")
    step = 0
    while rules.to_act(state):
        seat = rules.to_act(state)[0]
        moves = rules.legal_moves(state, seat)
        if state["phase"] == "take":
            takes = [move for move in moves if move["kind"] == "take"]
            move = chooser.choice(takes) if chooser.randint(1, 10) <= taking else {"kind": "draw"}
        else:
            move = chooser.choice(moves)
        step += 1
        state = rules.apply(state, seat, move, step_rng(seed, step))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_scores_of_finished_games_agree_with_an_independent_reading_of_the_rules(players):
    seen = Counter()
    for n in range(150):
        state = play_to_the_end(players, f"scoring-{players}-{n}", taking=(2, 4, 7)[n % 3])
        result = rules.outcome(state)
        expected = independent_scores(state["hands"], state["ended_by"])
        assert result.scores == expected, (state["hands"], state["ended_by"])
        assert result.winners == [s for s, score in enumerate(expected) if score == max(expected)]
        assert [seat["total"] for seat in result.details["seats"]] == expected
        extras = [hand.count(EXTRA) for hand in state["hands"]]
        seen["extra monsters in two hands"] += sum(1 for count in extras if count) >= 2
        seen["multiplier at choice"] += any(AT_CHOICE in hand for hand in state["hands"])
    assert seen["extra monsters in two hands"] >= 5 and seen["multiplier at choice"] >= 20


def test_the_independent_scorer_reads_the_examples_of_the_rulings():
    ann = ["gazobu", "yoo", "blob", EXTRA, EXTRA]
    bob = ["blob", "blob", "yoo", EXTRA, EXTRA]
    assert independent_scores([ann, bob], ended_by=0) == [14, 7]
    assert independent_scores([["yoo"] * 3, ["yoo"] * 3, ["yoo"] * 3, ["yoo"]], 0) == [-3] * 3 + [6]
    assert independent_scores([["blob"] * 3] * 2 + [["blob"] * 2] * 2, 0) == [-6, -6, -4, -4]


def test_the_house_data_is_the_one_in_the_rulings():
    assert {family: (MAJORITY[family], PER_CARD[family]) for family in MAJORITY} == {
        family: (cards.POINTS[family], cards.LOSS[family]) for family in cards.FAMILIES
    }
    assert BONUS_MALUS == cards.BONUS
    assert {**DOUBLES, AT_CHOICE: None} == cards.MULTIPLIES


def finished(hands: list[list[str]], ended_by: int) -> dict:
    state = rules.setup(len(hands), {}, Rng("finished"))
    state.update(hands=hands, phase="over", turn=None, ending="pills", ended_by=ended_by)
    state["last_draw"] = {"seat": (ended_by + 1) % len(hands), "cards": []}
    return state


def monster_hands(rng: Rng) -> list[list[str]]:
    """Small hands of Gazobu, Blob and Yoo sharing the 4 extra monsters, with a multiplier now
    and then: where the extra monsters' placement is hardest to settle."""
    players = rng.randint(2, 4)
    hands = [
        [family for family in MONSTERS for _ in range(rng.randint(0, 3))] for _ in range(players)
    ]
    for _ in range(rng.randint(2, 4)):
        hands[rng.randint(0, players - 1)].append(EXTRA)
    for card in (*DOUBLES, AT_CHOICE):
        if rng.randint(1, 4) == 1:
            hands[rng.randint(0, players - 1)].append(card)
    return hands


def test_extra_monster_placements_agree_with_an_independent_reading_even_when_none_settles():
    unsettled = 0
    rng = Rng("monster-hands")
    for _ in range(1000):
        hands = monster_hands(rng)
        ended_by = rng.randint(0, len(hands) - 1)
        expected, settled = independent_scoring(hands, ended_by)
        assert rules.outcome(finished(hands, ended_by)).scores == expected, (hands, ended_by)
        unsettled += not settled
    assert unsettled >= 2
