"""A game's secret seed: random and secret in the service, taken from the test's name in tests."""

from __future__ import annotations

import re

from tabletop.play import models
from tests.conftest import test_seed
from tests.helpers.factories import started_game


def test_a_tests_games_take_their_seeds_from_the_tests_name_one_after_another(request, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    first, second = started_game([ann, ben]), started_game([ben, ann])
    assert first.seed == test_seed(request.node.nodeid, 0)
    assert second.seed == test_seed(request.node.nodeid, 1)
    assert first.seed != second.seed


def test_outside_the_tests_a_seed_is_drawn_at_random_and_kept_secret(monkeypatch):
    monkeypatch.undo()  # the service's own draw, not the one the tests put in its place
    seeds = {models.new_seed() for _ in range(20)}
    assert len(seeds) == 20
    assert all(re.fullmatch(r"[0-9a-f]{64}", seed) for seed in seeds)
