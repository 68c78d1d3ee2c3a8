"""A finished game's history as one player saw it, with its permalink and switch, passes axe
and fits a phone, like the everything view the page sweeps already check."""

from __future__ import annotations

import pytest

import games
from tabletop.play.autoplay import play_bot_steps
from tests.browser.conftest import log_in
from tests.browser.test_accessibility import check
from tests.browser.test_page_widths import measure
from tests.helpers.factories import started_game

pytestmark = [pytest.mark.browser]


def test_a_players_view_of_a_step_passes_axe_and_fits_a_phone(new_page, make_user):
    users = [make_user(name) for name in ("ann", "ben", "cat")]
    finished = play_bot_steps(started_game(users), games.Rng("seen by a player"))
    page = new_page()
    log_in(page, "ann", "pw-ann")
    violations, too_wide = {}, {}
    path = f"/games/{finished.pk}/history/as/1/?seq=5"
    check(page, path, violations)
    measure(page, path, too_wide)
    assert violations == {} and too_wide == {}
    assert page.get_attribute("#step-link", "href").endswith(path)
