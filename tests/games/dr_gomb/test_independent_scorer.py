"""Dr. Gomb scoring checked by a second scorer, written from the rulebook and RULINGS.md alone.

The scorer below shares nothing with games/dr_gomb/ but the card codes ("r3" red 3, "g*"
green joker, "b!" blue broken). It reads the rulebook's Scoring section as the rulings settle it:

- A joker takes a number its sequence does not hold yet; the jokers of a sequence are valued one
  after another, in any order, so two never share a number, and a joker finds no number only
  when its sequence already holds 1-5. The rules choose the values that give the player the
  best total.
- In normal mode a broken button that covers a card is set aside; the cards under it count.
- Per sequence: the cards that do not stand in the continuous run from 1 are set aside. What is
  left scores 1/3/5/8/11 for a run of 1-5, if it holds every number once and exactly one card
  of another colour (its odd one out); otherwise 0.
- The odd ones out of the sequences that score form one more set: all colours different, all
  numbers different and a run from 1 of length 1-5 -> 1/11/22/33/44 extra; otherwise 0 extra,
  and the sequences keep their own points (the table row wins over scoring item 3).

It is checked against `outcome` on the rulebook's worked example and on many final positions:
seeded games played to the end by random players and by tidier ones, 2-5 players, both modes.
"""

from __future__ import annotations

import itertools

import pytest

from games import Rng, step_rng
from games import dr_gomb as rules
from games.dr_gomb.cards import CODE_OF, COLOUR_INDEX, FULL_DECK
from games.dr_gomb.rules import sequences_of
from tests.games.dr_gomb.test_rules import position, seq

COLOUR_LETTERS = "rgbpy"  # red, green, blue, pink, yellow: the order of a seat's sequences
POINTS_FOR_RUN = {0: 0, 1: 1, 2: 3, 3: 5, 4: 8, 5: 11}
EXTRA_FOR_RUN = {0: 0, 1: 1, 2: 11, 3: 22, 4: 33, 5: 44}


# --- The second scorer ------------------------------------------------------------------------


def split_cards(pile: str) -> list[str]:
    return [pile[start : start + 2] for start in range(0, len(pile), 2)]


def run_from_one(numbers) -> int:
    length = 0
    while length + 1 in numbers:
        length += 1
    return length


def joker_choices(sequence: list[str]) -> set[tuple[int | None, ...]]:
    """Every way to number the jokers of one sequence, in their order in the sequence. The
    player values them one after another, in any order, each with a number the sequence does
    not hold yet (the jokers valued before it included)."""
    held = {int(card[1]) for card in sequence if card[1].isdigit()}
    ways = set()

    def value_next(values: tuple, taken: frozenset) -> None:
        waiting = [place for place, value in enumerate(values) if value == "?"]
        free = [number for number in range(1, 6) if number not in taken]
        if not waiting or not free:
            ways.add(tuple(None if value == "?" else value for value in values))
            return
        for place in waiting:
            for number in free:
                chosen = values[:place] + (number,) + values[place + 1 :]
                value_next(chosen, taken | {number})

    value_next(("?",) * sum(card[1] == "*" for card in sequence), frozenset(held))
    return ways


def score_one_sequence(letter: str, sequence: list[str], jokers: list[int | None]):
    """(points, odd one out as (colour letter, number) or None) for fixed joker numbers."""
    valued = iter(jokers)
    numbered = []
    for card in sequence:
        if card[1] == "!":  # a broken button covering a card is set aside
            continue
        number = next(valued) if card[1] == "*" else int(card[1])
        if number is not None:
            numbered.append((card[0], number))
    run = run_from_one({number for _, number in numbered})
    kept = [(colour, number) for colour, number in numbered if number <= run]
    others = [(colour, number) for colour, number in kept if colour != letter]
    if run == 0 or len(kept) != run or len(others) != 1:
        return 0, None
    return POINTS_FOR_RUN[run], others[0]


def score_odd_ones_out(odd_ones: list[tuple[str, int]]) -> int:
    colours = [colour for colour, _ in odd_ones]
    numbers = [number for _, number in odd_ones]
    if len(set(colours)) < len(colours) or len(set(numbers)) < len(numbers):
        return 0
    return EXTRA_FOR_RUN[run_from_one(set(numbers))]


def independent_total(sequences: list[str]) -> int:
    """One seat's best total, its five sequences given as stored (red first)."""
    piles = [split_cards(sequence) for sequence in sequences]
    best = 0
    for choice in itertools.product(*(joker_choices(pile) for pile in piles)):
        scored = [
            score_one_sequence(letter, pile, jokers)
            for letter, pile, jokers in zip(COLOUR_LETTERS, piles, choice, strict=True)
        ]
        total = sum(points for points, _ in scored)
        total += score_odd_ones_out([odd for points, odd in scored if points])
        best = max(best, total)
    return best


def independent_scores(state: dict) -> list[int]:
    return [independent_total(seat.split("/")) for seat in state["sequences"]]


# --- The worked example -----------------------------------------------------------------------


def test_the_second_scorer_gives_anna_46_points_as_the_rulebook_does():
    anna = seq(
        blue="p1b2b3b4b5",  # 1-5, the pink 1 its odd one out: 11
        red="r1g*r3r5",  # the green joker is the 2; 5 beyond the gap: 5
        green="g1g2y3g4",  # 1-4, the yellow 3 its odd one out: 8
        pink="p1p2r4p5",  # no 3: red 4 and pink 5 go, no odd one out is left: 0
        yellow="y1y2y3b!y3g4",  # the blue broken covered a 3 played twice: 0
    )
    assert independent_total(anna.split("/")) == 11 + 5 + 8 + 0 + 0 + 22 == 46
    state = position(mode="normal", step="over", sequences={0: anna})
    assert rules.outcome(state).scores == independent_scores(state) == [46, 0]


# --- Final positions of whole games -----------------------------------------------------------


def tidy_move(state: dict, seat: int, moves: list[dict], rng: Rng) -> dict:
    """A player who mostly plays cards where they fit, so that many sequences score and the
    odd ones out, jokers and broken buttons all come into play; now and then a random move."""
    if rng.randint(0, 5) == 0:
        return rng.choice(moves)
    fitting = []
    for move in moves:
        if move["kind"] != "play":
            continue
        card = CODE_OF[move["card"]]
        target = sequences_of(state, seat)[COLOUR_INDEX[move["to"]]]
        numbers = [code[1] for code in split_cards(target)]
        others = [code for code in split_cards(target) if code[0] != move["to"][0]]
        if card[1] not in numbers and (card[0] == move["to"][0] or not others):
            fitting.append(move)
    draws = [move for move in moves if move["kind"] == "draw"]
    return rng.choice(fitting or draws or moves)


def final_position(players: int, mode: str, number: int, tidy: bool) -> dict:
    seed = f"scorer-{players}-{mode}-{number}-{tidy}"
    state = rules.setup(players, {"mode": mode}, step_rng(seed, 0))
    rng = Rng(f"{seed}:players")
    steps = 0
    while rules.to_act(state):
        seat = rules.to_act(state)[0]
        moves = rules.legal_moves(state, seat)
        move = tidy_move(state, seat, moves, rng) if tidy else rng.choice(moves)
        steps += 1
        state = rules.apply(state, seat, move, step_rng(seed, steps))
    return state


@pytest.mark.parametrize("mode", ["basic", "normal"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_rules_score_every_final_position_as_the_second_scorer_does(players, mode):
    scored = 0
    for number in range(12):
        for tidy in (False, True):
            final = final_position(players, mode, number, tidy)
            result = rules.outcome(final)
            expected = independent_scores(final)
            assert result.scores == expected, (final["sequences"], result.scores, expected)
            assert result.winners == [
                s for s, score in enumerate(expected) if score == max(expected)
            ]
            scored += sum(score > 0 for score in expected)
    assert scored >= 12, "the positions should be worth checking: some seats must score"


def dealt_sequences(rng: Rng) -> dict[int, str]:
    """Two seats' sequences dealt from one deck, each sequence mostly of its own colour, with
    cards of other colours, jokers and (normal mode) broken buttons among them."""
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    seats = {}
    for seat in (0, 1):
        piles = []
        for letter in COLOUR_LETTERS:
            pile = []
            for _ in range(rng.randint(0, 7)):
                own = rng.randint(0, 4) < 3
                if own:
                    fits = [card for card in deck if card[0] == letter and card[1] not in "?!"]
                else:
                    fits = [card for card in deck if card[0] != letter and card[1] != "?"]
                card = rng.choice(fits)
                deck.remove(card)
                pile.append(card)
            piles.append("".join(pile))
        seats[seat] = "/".join(piles)
    return seats


def test_the_rules_score_dealt_sequences_as_the_second_scorer_does():
    rng = Rng("scorer-dealt")
    for _ in range(800):
        state = position(mode="normal", step="over", sequences=dealt_sequences(rng))
        assert rules.outcome(state).scores == independent_scores(state), state["sequences"]


@pytest.mark.parametrize("mode", ["basic", "normal"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_rules_score_the_strong_bots_games_as_the_second_scorer_does(players, mode):
    """The strong bot's sequences score often, with many odd ones out and jokers."""
    seed = f"scorer-bots-{players}-{mode}"
    state = rules.setup(players, {"mode": mode}, step_rng(seed, 0))
    steps = 0
    while rules.to_act(state):
        seat = rules.to_act(state)[0]
        steps += 1
        move = rules.bot_move(state, seat, Rng(f"{seed}:{steps}"))
        state = rules.apply(state, seat, move, step_rng(seed, steps))
    expected = independent_scores(state)
    assert rules.outcome(state).scores == expected
    assert max(expected) > 20
