"""Dr. Hrubec's refusals name what they list as a player knows it: cards by their names and
players by theirs, in the reader's language, never the rules' ids ("dr_acula") or a seat's
number counted from 0."""

from __future__ import annotations

import pytest

import games
from games import Rng
from tests.games.dr_hrubec.positions import card, position, refused, rules
from tests.helpers.game_texts import LANGUAGES, read_in, untranslated


def bribing_position() -> dict:
    return position(
        players=3,
        hands=[["bribe", "blackout"], [], []],
        teams=[["dr_molar"], ["dr_acula", "dr_freud"], ["md_silicon"]],
    )


def refusal(state: dict, seat: int, move: dict) -> str:
    """The refusal as the rules told it (a games.texts.Text, to read in any language)."""
    with pytest.raises(games.IllegalMove) as refused_move:
        rules.apply(state, seat, move, Rng("test"))
    return refused_move.value.reason


def test_a_card_played_on_a_wrong_target_lists_the_targets_by_name():
    said = refused(bribing_position(), 0, card("bribe", doctor="dr_bones"))
    assert said.endswith("it can target: Dr. Acula, Dr. Freud, M.D. Silicon")
    assert "dr_acula" not in said and "md_silicon" not in said


def test_a_card_played_on_a_player_lists_the_players_by_name():
    state = bribing_position()
    said = refused(state, 0, card("blackout", doctor="dr_acula"))
    assert "needs: player" in said
    wrong = refused(state, 0, card("blackout", player=-1))
    assert wrong.endswith("it can target: Yrfing, Ester")


def test_a_doctor_sent_to_no_player_is_told_the_players_by_name():
    state = position(
        players=3,
        teams=[["alpine_doctor"], [], []],
        pending=[{"do": "send", "seat": 0, "doctor": "alpine_doctor"}],
    )
    said = refused(state, 0, {"kind": "send", "player": 7})
    assert said == "Choose one of the players: Yrfing, Ester."


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_targets_are_named_in_polish_and_czech(language):
    told = refusal(bribing_position(), 0, card("bribe", doctor="dr_bones"))
    assert untranslated(told, language) == []
    read = read_in(told, language)
    assert {"pl": "Dr Freud", "cs": "MUDr. Silikon"}[language] in read
    assert "M.D. Silicon" not in read
