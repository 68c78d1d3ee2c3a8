"""DOS on the game page: the legend's wild cards are # and DOS only; the other words of the
game (centre row, colour bonus, DOS!) stand apart from them."""

from __future__ import annotations

import re

import pytest

from tests.helpers.factories import started_game, user_at


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def test_the_legend_names_only_hash_and_dos_as_wild_cards(client, make_user):
    game = started_game([make_user("ann"), make_user("ben")], "dos")
    client.force_login(user_at(game, 0))
    html = client.get(f"/games/{game.pk}/").content.decode()

    legend = re.search(r'<p class="term-legend[^"]*">(.*?)</p>', html, re.S)[1]
    wild, _, rest = legend.partition("Words on the board")

    assert "Wild cards:" in wild
    assert re.findall(r'data-term="([^"]+)"', wild) == ["hash", "wild-dos"]
    assert re.findall(r'data-term="([^"]+)"', rest) == ["centre-row", "colour-bonus", "dos-call"]
