"""Buttons' rules page reads in Polish and Czech: every paragraph and heading of the game's own
part of the page is in the catalogues, the moves it shows are written as the game reads them in
that language, and the worked example keeps its checked numbers."""

from __future__ import annotations

import re

import pytest

# What the English page says in its game's own paragraphs; none of it may be left in pl or cs.
ENGLISH = [
    "Lay buttons on your own board",
    "Every player has a board",
    "A board (side 1a)",
    "There are six dice",
    "Laying rule",
    "On your turn",
    "A roll: white",
    "Rolling.",
    "Opting out.",
    "The dice pass to the next player",
    "each player who opted out earns stars",
    "A worked example",
    "Ann opted out",
    "After a round in which",
    "The boards",
    "Button cards",
    "Answering a roll together",
    "The supply of buttons",
    "A player who opted out earns",
    "Checked after each round",
]
CHECKED = re.compile(r'data-check="([^"]+)">([^<]+)<')


def page(client, language: str) -> str:
    response = client.get("/rules/buttons/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    "language, words",
    [
        ("pl", ["złotym polu", "magazynu", "rzuć", "wycofaj się", "zawsze bierz", "Karty guzików"]),
        ("cs", ["zlaté políčko", "skladu", "hodit", "odstoupit", "vždy vzít", "Knoflíkové karty"]),
    ],
)
def test_the_rules_page_reads_in_polish_and_czech(client, db, language, words):
    text = re.sub(r"<[^>]*>", "", page(client, language))  # what a reader reads, not attributes
    for english in ENGLISH:
        assert english not in text, english
    for said in words:
        assert said in text, said


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_the_board_pictured_names_its_squares_colours_in_the_readers_language(client, db, language):
    text = page(client, language)
    assert "A board with seven buttons" not in text
    titles = re.findall(r'class="bt-cell [^"]*" title="([^"]+)"', text)
    assert len(titles) == 36
    assert not [title for title in titles if re.search(r"row|column|red|yellow|green|blue", title)]


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_the_worked_examples_numbers_are_the_same_in_every_language(client, db, language):
    assert CHECKED.findall(page(client, language)) == CHECKED.findall(page(client, "en"))
