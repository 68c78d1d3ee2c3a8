"""A folded line of legal moves (games.base.MoveGroup) whose head, variants and note a game
tells as Texts reads whole in the reader's language, its note included; in English it reads
as it always did."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.base import MoveGroup
from games.dos.cards import card_told
from games.texts import word
from tabletop.play.texts import in_active_language

NOTE = word("dos move note", "or 'draw, DOS!'")


def told_group(variants: tuple) -> MoveGroup:
    return MoveGroup(word("dos move", "add"), variants, NOTE)


def test_in_english_a_folded_line_reads_as_it_always_did():
    group = told_group((card_told("red 3"), card_told("blue 5")))
    assert group.line() == "add: red 3, blue 5 (or 'draw, DOS!')"
    assert group.spellings() == ["add red 3", "add blue 5"]


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_a_folded_line_and_its_note_read_in_the_readers_language(language):
    head, red, blue = word("dos move", "add"), card_told("red 3"), card_told("blue 5")
    with translation.override(language):
        line = in_active_language(told_group((red, blue)).line())
        add, red_3, blue_5, note = (in_active_language(told) for told in (head, red, blue, NOTE))
        spellings = [in_active_language(told) for told in told_group((red, blue)).spellings()]
    assert line == f"{add}: {red_3}, {blue_5} ({note})"
    assert spellings == [f"{add} {red_3}", f"{add} {blue_5}"]
    assert "draw" not in line and "red" not in line


def test_variants_with_commas_of_their_own_are_told_apart_by_semicolons():
    group = MoveGroup("match red 3 with", ("red 1, red 2", "red 3"))
    with translation.override("pl"):
        assert in_active_language(group.line()) == "match red 3 with: red 1, red 2; red 3"
