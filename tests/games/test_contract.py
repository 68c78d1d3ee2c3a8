"""The rules contract (DESIGN.md), checked on every game: the names and numbers code outside
the project reads, options that default to their first value and refuse anything else, a
setup that is plain JSON and the same for the same seed, and answers in a fixed order.

The contract along whole games (every move accepted, junk refused with the state untouched,
notation, views, outcome, replays) is tests/games/test_playouts.py; the recorded games that
must replay forever are tests/games/test_golden_logs.py.
"""

from __future__ import annotations

import json

import pytest

import games
from games import IllegalMove, canonical, step_rng

SLUGS = games.slugs()


@pytest.mark.parametrize("slug", SLUGS)
def test_a_game_names_itself_and_its_table(slug):
    rules = games.get(slug)
    assert rules.slug == slug
    assert isinstance(rules.title, str) and rules.title
    assert 1 <= rules.min_players <= rules.max_players
    assert rules in games.all()


@pytest.mark.parametrize("slug", SLUGS)
def test_options_offer_values_and_default_to_the_first(slug):
    rules = games.get(slug)
    for name, values in rules.options.items():
        assert isinstance(name, str) and isinstance(values, tuple) and values
        assert len(set(values)) == len(values), f"{name} offers a value twice"
    defaults = {name: values[0] for name, values in rules.options.items()}
    for players in range(rules.min_players, rules.max_players + 1):
        left_out = rules.setup(players, {}, step_rng(f"contract-{slug}", 0))
        named = rules.setup(players, defaults, step_rng(f"contract-{slug}", 0))
        assert canonical(left_out) == canonical(named)


@pytest.mark.parametrize("slug", SLUGS)
def test_an_unknown_option_or_value_is_refused_with_what_there_is(slug):
    rules = games.get(slug)
    with pytest.raises(IllegalMove, match="Unknown option"):
        rules.setup(rules.min_players, {"no-such-option": 1}, step_rng("contract", 0))
    for name, values in rules.options.items():
        with pytest.raises(IllegalMove) as refusal:
            rules.setup(rules.min_players, {name: "no-such-value"}, step_rng("contract", 0))
        assert str(values[0]) in str(refusal.value)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_setup_is_plain_json_and_the_same_for_the_same_seed(slug):
    rules = games.get(slug)
    for players in range(rules.min_players, rules.max_players + 1):
        state = rules.setup(players, {}, step_rng(f"contract-{slug}-{players}", 0))
        again = rules.setup(players, {}, step_rng(f"contract-{slug}-{players}", 0))
        assert json.loads(canonical(state)) == state
        assert canonical(state) == canonical(again)


@pytest.mark.parametrize("slug", SLUGS)
def test_a_new_game_waits_for_someone_and_offers_moves_in_a_fixed_order(slug):
    rules = games.get(slug)
    for players in range(rules.min_players, rules.max_players + 1):
        state = rules.setup(players, {}, step_rng(f"contract-{slug}-{players}", 0))
        waiting = rules.to_act(state)
        assert waiting and set(waiting) <= set(range(players))
        assert rules.outcome(state) is None
        for seat in range(players):
            legal = rules.legal_moves(state, seat)
            assert legal == rules.legal_moves(json.loads(canonical(state)), seat)
            assert json.loads(json.dumps(legal)) == legal
            if seat in waiting:
                assert legal, f"seat {seat} is waited for but has no legal move"
