"""Gazobu's rules page reads in Polish and Czech: every paragraph, heading and table cell of the
game's own part of the page is in the catalogues, the moves it quotes are written as the game
itself writes them in that language, and the worked example keeps its checked numbers."""

from __future__ import annotations

import re

import pytest

from games.gazobu.cards.phrases import draw_text, quoted, take_text
from tests.helpers.game_texts import read_in

# What the English page says in its game's own paragraphs; none of it may be left in pl or cs.
ENGLISH = [
    "The monsters have been scattered",
    "One deck of 55 cards",
    "Monster families",
    "Special cards",
    "face-down",
    "Take a column, or not",
    "Draw two and place them",
    "its own move",
    "Pills.",
    "First the",
    "strictly the most",
    "If the leaders are tied",
    "extra monster",
    "Bonus and malus cards",
    "A worked example",
    "'s hand",
    "which would be a tie",
    "doubled by his Blob multiplier",
    "Cat wins with 9",
    "The deck",
    "Card values",
    "The fourth pill",
    "How the game ends",
    "Black holes",
    "Extra monsters and multipliers",
    "Majority and ties",
    "What everyone sees",
    "Player",
    "Total",
]
CHECKED = re.compile(r'data-check="([^"]+)">([^<]+)<')


def page(client, language: str) -> str:
    response = client.get("/rules/gazobu/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def read(client, language: str) -> str:
    """What a reader reads: the page without its tags and their attributes."""
    return re.sub(r"<[^>]*>", "", page(client, language))


@pytest.mark.parametrize(
    "language, words",
    [
        ("pl", ["Przykład obliczenia", "czarne dziury", "pigułk", "Czwarta pigułka", "Razem"]),
        ("cs", ["Příklad výpočtu", "černé díry", "pilulk", "Čtvrtá pilulka", "Celkem"]),
    ],
)
def test_the_rules_page_reads_in_polish_and_czech(client, db, language, words):
    text = read(client, language)
    for english in ENGLISH:
        assert english not in text, english
    for said in words:
        assert said in text, said


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_the_moves_the_page_quotes_are_the_ones_the_game_writes(client, db, language):
    text = read(client, language)
    for move in (take_text(1), draw_text()):
        assert read_in(quoted(move), language) in text


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_the_worked_examples_numbers_are_the_same_in_every_language(client, db, language):
    assert CHECKED.findall(page(client, language)) == CHECKED.findall(page(client, "en"))
