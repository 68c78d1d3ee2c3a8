"""A Polish or Czech player of Dr. Gomb reads its colours, cards and sequences in their
language on the board (the sequences' labels, the action C and sew buttons) and in the move
picker (its cards, sequences and previews), in the game's words ("ciąg", "řada"), never
"red" or "red 3"."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

import games
from tabletop.web import pickers
from tests.helpers.factories import play_random_steps, started_game, user_at
from tests.web.test_languages import visible_text
from tests.web.test_pickers import positions

COLOURS = re.compile(r"\b(red|green|blue|pink|yellow)\b")
SEQUENCE = {"pl": "ciąg", "cs": "řad"}


def picker_words(state: dict, seat: int) -> list[str]:
    rules = games.get("dr_gomb")
    legal = rules.legal_moves(state, seat)
    found = pickers.picker(rules, rules.view(state, seat), seat, legal)
    if found is None:
        return []
    said = [part["label"] for step in found["steps"] for part in step["parts"]]
    said += [prompt for step in found["steps"] for prompt in step["prompts"].values()]
    return said + [move["preview"] for move in found["moves"]]


@pytest.mark.parametrize("language", ["pl", "cs"])
@pytest.mark.parametrize("mode", ["basic", "normal"])
def test_the_picker_names_cards_and_sequences_in_the_readers_language(language, mode):
    said = []
    with translation.override(language):
        for state, seat in positions("dr_gomb", 2, f"gomb-words-{mode}", {"mode": mode}):
            said += picker_words(state, seat)
    assert said
    assert [text for text in said if COLOURS.search(text)] == []
    assert any(SEQUENCE[language] in text for text in said)


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_the_board_labels_its_sequences_and_buttons_in_the_readers_language(make_user, language):
    game = started_game([make_user("ann"), make_user("ben")], "dr_gomb", {"mode": "basic"})
    game = play_random_steps(game, 12, seed="gomb board words")
    client = Client()
    read = {}
    for seat in range(2):
        client.force_login(user_at(game, seat))
        for asked in ("en", language):
            html = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=asked).content.decode()
            board = html[html.index('<div class="gb-table') :]
            read.setdefault(asked, set()).update(visible_text(board))
    assert any(COLOURS.search(text) for text in read["en"])  # the colours are on the board
    assert sorted(text for text in read[language] if COLOURS.search(text)) == []
