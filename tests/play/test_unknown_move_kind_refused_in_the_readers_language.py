"""A move of a kind the game does not know (games.base.require_move_kind, shared by Gazobu,
DOS, Dr. Gomb and Buttons) is refused in the reader's language, with the kinds the game
knows left as the API writes them."""

from __future__ import annotations

import pytest
from django.utils import translation

from tabletop.play import store
from tabletop.play.models import Move
from tests.helpers.factories import started_game, user_at

SHARED = ["gazobu", "dos", "dr_gomb", "buttons"]
READ = {
    "en": "'nonsense' is not a move in this game; try one of: ",
    "pl": "„nonsense” nie jest ruchem w tej grze; spróbuj jednego z: „",
    "cs": "„nonsense“ není tah této hry; zkus jeden z: „",
}
NO_KIND = {
    "en": "A move is an object with a 'kind'; try one of: ",
    "pl": "Ruch to obiekt z polem „kind”; spróbuj jednego z: „",
    "cs": "Tah je objekt s polem „kind“; zkus jeden z: „",
}


def refusal(game, move: dict, language: str) -> str:
    mover = user_at(game, game.to_act[0])
    with translation.override(language), pytest.raises(store.Refused) as refused:
        store.submit(game, mover, move, game.seq, Move.Source.WEB)
    return refused.value.message


@pytest.mark.parametrize("slug", SHARED)
@pytest.mark.parametrize("language", ["en", "pl", "cs"])
def test_an_unknown_kind_is_refused_in_the_readers_language(make_user, slug, language):
    game = started_game([make_user("ann"), make_user("ben")], slug)
    told = refusal(game, {"kind": "nonsense"}, language)
    assert told.startswith(READ[language]), told
    assert told.endswith(".")


@pytest.mark.parametrize("slug", SHARED)
@pytest.mark.parametrize("language", ["en", "pl", "cs"])
def test_a_move_without_a_kind_is_refused_in_the_readers_language(make_user, slug, language):
    game = started_game([make_user("ann"), make_user("ben")], slug)
    told = refusal(game, {"column": 1}, language)
    assert told.startswith(NO_KIND[language]), told
