"""games.Rng is pinned: old games must shuffle the same on every future Python."""

import pytest

import games
from games.base import resolve_options


def test_rng_gives_the_same_numbers_forever_for_a_fixed_seed():
    rng = games.Rng("tabletop")
    assert [rng.randint(1, 6) for _ in range(10)] == [4, 5, 4, 3, 6, 4, 5, 2, 6, 5]
    assert rng.randint(0, 2**40) == 545189898508


def test_rng_shuffle_is_pinned_too():
    items = list(range(10))
    games.Rng(b"seed").shuffle(items)
    assert items == PINNED_SHUFFLE


PINNED_SHUFFLE = [7, 2, 9, 8, 1, 5, 4, 6, 0, 3]


def test_rng_accepts_bytes_and_str_alike():
    assert games.Rng("abc").randint(0, 10**9) == games.Rng(b"abc").randint(0, 10**9)


def test_rng_choice_covers_every_item_and_refuses_empty():
    rng = games.Rng("choice")
    assert {rng.choice("abc") for _ in range(200)} == set("abc")
    with pytest.raises(IndexError):
        rng.choice([])


def test_each_step_of_a_game_gets_its_own_rng():
    assert games.step_rng("s", 1).randint(0, 10**9) != games.step_rng("s", 2).randint(0, 10**9)
    assert games.step_rng("s", 1).randint(0, 10**9) == games.step_rng("s", 1).randint(0, 10**9)


def test_options_default_to_the_first_allowed_value():
    assert resolve_options({"mode": ("basic", "normal")}, {}) == {"mode": "basic"}


def test_an_unknown_option_value_is_refused_with_the_choices():
    with pytest.raises(games.IllegalMove, match="basic, normal"):
        resolve_options({"mode": ("basic", "normal")}, {"mode": "hard"})
