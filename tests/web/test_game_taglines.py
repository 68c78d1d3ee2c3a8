"""The games' pitches and their numbers of players read in the reader's language, the numbers
with that language's plural forms ("2–4 hráči" but "2–5 hráčů" in Czech)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import translation

import games
from tabletop.web.taglines import TAGLINES
from tests.web.test_languages import translations

# The welcome page shows the gallery to a visitor, the new game page to a player.
PAGES = ("/", "/games/new/")


def gallery_cards(path: str, language: str) -> dict[str, str]:
    """{slug: the card's text} of the game gallery on a page read in `language`."""
    client = Client()
    if path != "/":
        client.force_login(get_user_model().objects.create_user("reader"))
    page = client.get(path, HTTP_ACCEPT_LANGUAGE=language).content.decode()
    cards = re.findall(r'<li class="gallery-card game-(\w+)">(.*?)</li>', page, re.S)
    return {slug: " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split()) for slug, html in cards}


def test_every_game_has_a_tagline_to_translate():
    assert set(TAGLINES) == set(games.slugs())


@pytest.mark.parametrize("language", ["pl", "cs"])
@pytest.mark.parametrize("path", PAGES)
def test_game_taglines_read_in_polish_and_czech(db, path, language):
    catalogue = translations(language)
    cards = gallery_cards(path, language)
    assert set(cards) == set(games.slugs())
    for slug, text in cards.items():
        with translation.override("en"):
            english = str(TAGLINES[slug])
        assert english not in text
        assert catalogue[(None, english)] in text


@pytest.mark.parametrize("path", PAGES)
def test_czech_counts_players_with_its_own_plurals(db, path):
    cards = gallery_cards(path, "cs")
    assert "2–4 hráči" in cards["gazobu"]
    assert "2–5 hráčů" in cards["dr_gomb"]
    assert "2–4 hráčů" not in " ".join(cards.values())


def test_the_rules_page_counts_players_in_czech(db):
    page = Client().get("/rules/dr_hrubec/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "2 až 5 hráčů" in page
    page = Client().get("/rules/gazobu/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "2 až 4 hráči" in page
