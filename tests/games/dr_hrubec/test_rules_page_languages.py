"""Dr. Hrubec's rules page reads in Polish and Czech: every paragraph and heading of the game's
own part of the page is in the catalogues, and the worked example keeps its checked numbers."""

from __future__ import annotations

import re

import pytest

# What the English page says in its game's own paragraphs; none of it may be left in pl or cs.
ENGLISH = [
    "You run a hospital",
    "Three kinds of cards",
    "Morning administration",
    "Patient admittance",
    "An operation",
    "A worked example",
    "The draw deck",
    "The Alcoholic",
    "Everyone who has a choice",
    "As printed",
    "Choose one of the patient",
]
CHECKED = re.compile(r'data-check="([^"]+)">([^<]+)<')


def page(client, language: str) -> str:
    response = client.get("/rules/dr_hrubec/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    "language, words",
    [("pl", ["Operacja", "Poranna administracja", "kostnicy"]), ("cs", ["Operace", "márnice"])],
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
