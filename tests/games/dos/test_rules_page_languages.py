"""DOS's rules page reads in Polish and Czech: every paragraph and heading of the game's own part
of the page is in the catalogues, in the rulebook's words; the worked example keeps its checked
numbers, and the example turn's moves, as the page writes them in each language, play that turn."""

from __future__ import annotations

import html
import re

import pytest

from games import Rng
from tabletop.web import examples
from tests.games.dos.test_rules import dos, position

# What the English page says in its game's own paragraphs; none of it may be left in pl or cs.
ENGLISH = [
    "Be the first to empty your hand",
    "A deck of 108 cards",
    "The wild cards",
    "Each player is dealt",
    "On your turn you either",
    "Single match",
    "Double match",
    "Colour bonus",
    "The centre row",
    "With this hand",
    "Written in a reply",
    "The DOS call",
    "A worked example",
    "still holds",
    "Ann has just played",
    "The deal",
    "The end of a turn",
    "Wild cards",
    "by email",
    "The end of a round",
    "discard pile",
]
CHECKED = re.compile(r'data-check="([^"]+)">([^<]+)<')
MOVE = re.compile(r'<code class="move">([^<]+)</code>')


def page(client, language: str) -> str:
    response = client.get("/rules/dos/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    "language, words",
    [
        ("pl", ["Środkowy rząd", "stos rozgrywki", "„Wybierz kolor” DOS", "Reguła DOS"]),
        ("cs", ["Prostřední řada", "odkládací balíček", "žolík", "Ohlášení DOS"]),
    ],
)
def test_the_rules_page_reads_in_polish_and_czech(client, db, language, words):
    text = html.unescape(re.sub(r"<[^>]*>", "", page(client, language)))  # what a reader reads
    for english in ENGLISH:
        assert english not in text, english
    for said in words:
        assert said in text, said


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_the_worked_examples_numbers_are_the_same_in_every_language(client, db, language):
    assert CHECKED.findall(page(client, language)) == CHECKED.findall(page(client, "en"))


@pytest.mark.parametrize("language", ["en", "pl", "cs"])
def test_the_example_turn_as_the_page_writes_it_empties_her_hand(client, db, language):
    lines = [html.unescape(line) for line in MOVE.findall(page(client, language))]
    state = position(
        [examples.DOS_HAND, ["green 3", "yellow 10"], ["blue 1", "yellow 1"]], examples.DOS_CENTRE
    )
    played = []
    for n, line in enumerate(lines):
        move = dos.parse_move(line, state, 0)
        played.append(move)
        state = dos.apply(state, 0, move, Rng(f"example:{n}"))
    assert [move["kind"] for move in played] == ["match", "match", "end", "add", "add"]
    assert played[1]["call"], "the step that leaves her two cards carries the call"
    assert state["round_winners"] == [0]
