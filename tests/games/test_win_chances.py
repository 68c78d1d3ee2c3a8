"""Win chances by playouts and the strong bot's suggestion (games/playouts.py), on every game.

(tests/games/test_playouts.py is the random games' contract suite; these are the review's.)
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

import games
from games import Rng, canonical, step_rng
from games.bots import random_move
from games.playouts import chances_after, sample_unseen, shares, suggestion, win_chances

PLAYOUTS = 8


def position(slug: str, steps: int, players: int = 2) -> dict:
    """The position after `steps` random steps of a seeded game (or its end, if sooner)."""
    rules = games.get(slug)
    state = rules.setup(players, {}, step_rng(f"chances-{slug}", 0))
    rng = Rng(f"chances-{slug}:bot")
    for n in range(steps):
        seats = rules.to_act(state)
        if not seats:
            break
        move = random_move(rules, state, seats[0], rng)
        state = rules.apply(state, seats[0], move, step_rng(f"chances-{slug}", n + 1))
    return state


def finished(slug: str) -> dict:
    return position(slug, 100_000)


@pytest.mark.parametrize("slug", games.slugs())
def test_the_chances_share_out_one_win_between_the_seats(slug):
    rules = games.get(slug)
    chances = win_chances(rules, position(slug, 12), PLAYOUTS, "sums")
    assert len(chances) == 2
    assert all(0 <= chance <= 1 for chance in chances)
    assert sum(chances) == pytest.approx(1)


@pytest.mark.parametrize("slug", games.slugs())
def test_a_finished_position_gives_its_winners_everything(slug):
    rules = games.get(slug)
    state = finished(slug)
    winners = rules.outcome(state).winners
    assert win_chances(rules, state, PLAYOUTS, "over") == shares(winners, 2)
    assert sum(shares(winners, 2)) == pytest.approx(1)


@pytest.mark.parametrize("slug", games.slugs())
def test_the_same_seed_gives_the_same_figures(slug):
    rules = games.get(slug)
    state = position(slug, 6)
    kept = canonical(state)
    first = win_chances(rules, state, PLAYOUTS, "again")
    assert win_chances(rules, copy.deepcopy(state), PLAYOUTS, "again") == first
    assert canonical(state) == kept, "the playouts must not change the position they start from"


@pytest.mark.parametrize("slug", games.slugs())
def test_the_future_is_sampled_so_an_open_start_is_neither_won_nor_lost(slug):
    """From the first position everything is still to be drawn or rolled: read from the game's
    own seed the result would be certain; sampled anew, every seat has a chance."""
    rules = games.get(slug)
    chances = win_chances(rules, position(slug, 0), 24, "open")
    assert all(0 < chance < 1 for chance in chances), chances


@pytest.mark.parametrize("slug", ["gazobu", "dr_gomb", "dr_hrubec"])
def test_the_unseen_cards_are_dealt_again_from_the_same_cards(slug):
    rules = games.get(slug)
    state = position(slug, 4)
    one = sample_unseen(rules, copy.deepcopy(state), Rng("one"))
    other = sample_unseen(rules, copy.deepcopy(state), Rng("other"))
    assert canonical(one) != canonical(other)
    for dealt in (one, other):
        assert Counter(cards_of(dealt)) == Counter(cards_of(state))


def cards_of(state: dict) -> list[str]:
    """Every card nobody at the table could see, in no particular order."""
    if "draw" in state:  # Gazobu
        return list(state["draw"])
    if isinstance(state["deck"], str):  # Dr. Gomb writes its deck as two-letter codes
        return [state["deck"][n : n + 2] for n in range(0, len(state["deck"]), 2)]
    return state["deck"] + state["queue"] + state["box"]  # Dr. Hrubec


def test_dr_hrubec_keeps_each_patient_in_its_tier():
    rules = games.get("dr_hrubec")
    state = position("dr_hrubec", 4)
    dealt = sample_unseen(rules, copy.deepcopy(state), Rng("tiers"))
    assert rules.view(dealt, 0)["queue"] == rules.view(state, 0)["queue"]
    assert dealt["queue"][-1] == state["queue"][-1]


def test_a_move_judged_twice_with_one_seed_meets_the_same_luck():
    rules = games.get("gazobu")
    state = position("gazobu", 3)
    seat = rules.to_act(state)[0]
    move = rules.legal_moves(state, seat)[0]
    once = chances_after(rules, state, seat, move, PLAYOUTS, "luck")
    assert chances_after(rules, state, seat, move, PLAYOUTS, "luck") == once
    assert sum(once) == pytest.approx(1)


def test_the_suggestion_reads_only_what_its_seat_could_see():
    """Another seat's hand, unseen by the chooser, is swapped for a card of the draw pile: the
    bot suggests the same move."""
    rules = games.get("gazobu")
    state = position("gazobu", 22)
    seat = rules.to_act(state)[0]
    other = 1 - seat
    assert state["hands"][other], "the other seat holds cards"
    changed = copy.deepcopy(state)
    hand, pile = changed["hands"][other], changed["draw"]
    swap = next(n for n, card in enumerate(pile) if card not in hand)
    hand[0], pile[swap] = pile[swap], hand[0]
    assert rules.view(changed, seat) == rules.view(state, seat)
    assert rules.view(changed, other) != rules.view(state, other)
    assert suggestion(rules, changed, seat, "view") == suggestion(rules, state, seat, "view")
