"""Dr. Gomb's rules page reads in Polish and Czech: every paragraph and heading of the game's
own part of the page is in the catalogues, in the game's own words (the sequence, the odd one
out, the joker as its moves and log lines name them), and the worked example keeps its checked
numbers."""

from __future__ import annotations

import re

import pytest

# What the English page says in its game's own paragraphs; none of it may be left in pl or cs.
ENGLISH = [
    "Sew buttons into",
    "special buttons",
    "Do exactly one of these",
    "draw the top card of the deck",
    "Basic and normal mode",
    "is a memory game",
    "laid open and scored",
    "A worked example",
    "Mira's sequences",
    "odd one out",
    "The deck and the talon",
    "What normal mode shows",
    "The 25-card limit",
    "keep the run from 1 upward",
]
CHECKED = re.compile(r'data-check="([^"]+)">([^<]+)<')


def page(client, language: str) -> str:
    response = client.get("/rules/dr_gomb/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    "language, words",
    [
        ("pl", ["Tryb podstawowy i normalny", "intruz", "czerwony ciąg", "joker", "talon"]),
        ("cs", ["Základní a normální režim", "vetřelce", "červená řada", "žolík", "talon"]),
    ],
)
def test_the_rules_page_reads_in_polish_and_czech(client, db, language, words):
    text = re.sub(r"<[^>]*>", "", page(client, language))  # what a reader reads, not attributes
    for english in ENGLISH:
        assert english not in text, english
    for said in words:
        assert said in text, said


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_the_worked_examples_numbers_are_the_same_in_every_language(client, db, language):
    assert CHECKED.findall(page(client, language)) == CHECKED.findall(page(client, "en"))
