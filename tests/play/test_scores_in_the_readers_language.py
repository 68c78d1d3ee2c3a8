"""A game's score explained in the reader's language: what a game tells as `Text`s (its
sentences, its table's column names and cells) and what the service adds to it."""

from __future__ import annotations

from django.utils import translation

from games.base import Explanation, plain_explanation
from games.texts import tell
from tabletop.play import scores


def test_what_a_game_tells_of_its_score_is_read_in_the_readers_language():
    told = Explanation(
        sentences=[tell("%(names)s wins.", names="ann"), "plain English stays"],
        columns=["", tell("Score")],
        rows=[["ann", tell("Player"), 3]],
    )
    with translation.override("pl"):
        read = scores.in_active_language(told)
    assert read.sentences == ["Wygrywa ann.", "plain English stays"]
    assert read.columns == ["", "Wynik"]
    assert read.rows == [["ann", "Gracz", 3]]


def test_a_game_without_a_breakdown_is_scored_in_the_readers_words():
    outcome = {"scores": [3, 9], "winners": [1], "details": {}}
    with translation.override("cs"):
        told = scores.in_active_language(plain_explanation(outcome, ["ann", "ben"]))
    assert told.sentences == ["Skóre: ben 9, ann 3."]
    assert told.columns == ["Hráč", "Skóre"]
    assert told.rows == [["ben", 9], ["ann", 3]]
