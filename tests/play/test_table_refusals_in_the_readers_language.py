"""A table the rules cannot seat (too many players, an option the game does not have, a value
an option cannot take) is refused in the reader's language: games.base tells these refusals
as Texts for every game that shares them."""

from __future__ import annotations

import pytest
from django.utils import translation

from tabletop.play import store


def refusal(make_user, slug: str, players: int, options: dict, language: str) -> str:
    with translation.override(language), pytest.raises(store.Refused) as refused:
        store.create_game(make_user("ann"), slug, players, options)
    return refused.value.message


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Dr. Gomb is for 2 to 5 players, not 9."),
        ("pl", "W Dr. Gomb gra od 2 do 5 graczy, nie 9."),
        ("cs", "Dr. Gomb hraje 2 až 5 hráčů, ne 9."),
    ],
)
def test_too_many_players_are_refused_in_the_readers_language(make_user, language, said):
    assert refusal(make_user, "dr_gomb", 9, {}, language) == said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Option mode cannot be 'wild'; choose one of: basic, normal."),
        ("pl", "Opcja mode nie może mieć wartości 'wild'; wybierz jedną z: basic, normal."),
        ("cs", "Volba mode nemůže mít hodnotu 'wild'; vyber jednu z: basic, normal."),
    ],
)
def test_an_option_value_the_game_lacks_is_refused_in_the_readers_language(
    make_user, language, said
):
    assert refusal(make_user, "dr_gomb", 2, {"mode": "wild"}, language) == said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Unknown option 'speed'; this game has: mode."),
        ("pl", "Nieznana opcja 'speed'; ta gra ma: mode."),
        ("cs", "Neznámá volba 'speed'; tato hra má: mode."),
    ],
)
def test_an_option_the_game_lacks_is_refused_in_the_readers_language(make_user, language, said):
    assert refusal(make_user, "dr_gomb", 2, {"speed": 3}, language) == said
