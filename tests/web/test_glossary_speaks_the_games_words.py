"""The words a board and its glossary use in Polish and Czech are the game's own words, the
ones its log, refusals, notation and rules page use: a player who reads "ciąg" in the log
and hovers a "sekwencja" on the board would think they were two things."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.dr_gomb.cards import names
from games.texts import word
from tabletop.play.texts import in_active_language
from tabletop.web import glossary
from tabletop.web.boards import gazobu as gazobu_board

LANGUAGES = ["pl", "cs"]


def stem(said: str) -> str:
    """A word without the ending Polish and Czech decline ("intruz", "intruza", "intruzi")."""
    said = said.lower()
    return said[: max(3, len(said) - 2)]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("term", "games_own"),
    [
        ("sequence", names.sequence("red")),
        ("sequence", names.sequence_of("blue")),
        ("odd-one-out", word("dr_gomb column", "Odd ones out")),
        ("odd-one-out", word("dr_gomb score note", "no odd one out")),
    ],
)
def test_the_dr_gomb_glossary_uses_the_games_word(language, term, games_own):
    with translation.override(language):
        glossed = str(glossary.term("dr_gomb", term).word)
        told = in_active_language(games_own).lower()
    assert stem(glossed) in told, (glossed, told)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_dr_gomb_score_table_heads_are_the_games_own(language):
    with translation.override(language):
        board = translation.gettext("Odd ones out")
        explained = in_active_language(word("dr_gomb column", "Odd ones out"))
    assert board == explained


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_gazobu_bonus_card_on_the_board_is_called_what_the_game_calls_it(language):
    with translation.override(language):
        shown = gazobu_board.card("bonus+5")["name"]
        named = in_active_language(word("gazobu card", "bonus +5"))
        explained = in_active_language(word("gazobu", "Bonus"))
    assert shown.lower() == explained.lower(), (shown, explained)
    assert named.lower().startswith(shown.lower()), (shown, named)
