"""Dr. Gomb's history: a past position names no number that is covered now, until the end.

In normal mode nobody, the owner included, may look under a sequence's top until the game is
over (RULINGS.md), so stepping back through the history page or reading `GET
/api/games/{id}/states/{seq}/` must not show a number that was on top then and is covered now.
Once the game is over, every past position shows everything.
"""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

from games import Rng
from games import dr_gomb as rules
from games.dr_gomb.cards import BROKEN, KIND_OF, SURPRISE, card_at
from games.dr_gomb.rules import sequences_of
from tabletop.play import store
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.models import Game
from tests.helpers.factories import play_random_steps, started_game, user_at


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def covered_since(game: Game) -> tuple[int, int, str, str] | None:
    """A past move after which a seat's top card is covered now in the same sequence:
    (seq, seat, colour, the card's name)."""
    now = game.state
    for move, _before, after in store.history(game):
        for seat in range(game.players):
            for colour, (then, later) in enumerate(
                zip(sequences_of(after, seat), sequences_of(now, seat), strict=True)
            ):
                top = len(then) // 2
                if top and len(later) // 2 > top and card_at(later, top) == then[-2:]:
                    card = then[-2:]
                    if KIND_OF[card] in (BROKEN, SURPRISE):
                        continue
                    return move.seq, seat, rules.COLOURS[colour], rules.NAME_OF[card]
    return None


def game_with_a_covered_top(make_user) -> tuple[Game, tuple[int, int, str, str]]:
    game = started_game([make_user("ann"), make_user("ben")], "dr_gomb", {"mode": "normal"})
    for round_ in range(30):
        game = play_random_steps(game, 10, seed=f"past-{round_}")
        assert not game.is_over
        found = covered_since(game)
        if found:
            return game, found
    raise AssertionError("no top was covered in 300 random steps")


def drawing_player(rules_, state: dict, seat: int, rng: Rng) -> dict:
    """A player who always draws from the deck, so that the game ends soon."""
    moves = rules_.legal_moves(state, seat)
    return next((move for move in moves if move["kind"] == "draw"), None) or rng.choice(moves)


def readers(game: Game) -> list[tuple[str, object]]:
    return [("ann", user_at(game, 0)), ("ben", user_at(game, 1)), ("a visitor", None)]


def api_sequence(game: Game, user, seq: int, seat: int, colour: str) -> list[str]:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    answer = client.get(f"/api/games/{game.pk}/states/{seq}/")
    assert answer.status_code == 200
    return answer.json()["view"]["players"][seat]["sequences"][colour]


def page_sequence(client, game: Game, user, seq: int, seat: int, colour: str) -> list[str]:
    """The cards the history page draws in one seat's sequence of one colour."""
    client.logout()
    if user is not None:
        client.force_login(user)
    html = client.get(f"/games/{game.pk}/history/?seq={seq}").content.decode()
    name = user_at(game, seat).get_username()
    player = next(
        block
        for block in html.split('<div class="gb-player')[1:]
        if f"<strong>{name}</strong>" in block
    )
    row = player.split(f"gb-row-{colour}", 1)[1].split("gb-sequence", 1)[0]
    return re.findall(r'data-card="([^"]*)"', row)


def test_a_number_covered_now_shows_at_no_past_step_until_the_game_is_over(client, make_user):
    game, (seq, seat, colour, card) = game_with_a_covered_top(make_user)
    then = store.replay(game, upto=seq)
    assert rules.view(then, seat)["players"][seat]["sequences"][colour][-1] == card
    for who, user in readers(game):
        for shown in (
            api_sequence(game, user, seq, seat, colour),
            page_sequence(client, game, user, seq, seat, colour),
        ):
            assert card not in shown, f"{who} sees {card}, covered now, at move {seq}"
            assert shown[-1] == colour

    game = play_bot_steps(game, Rng("past-to-the-end"), None, bot=drawing_player)
    assert game.is_over
    for who, user in readers(game):
        assert api_sequence(game, user, seq, seat, colour)[-1] == card, who
        assert page_sequence(client, game, user, seq, seat, colour)[-1] == card, who


def test_the_position_now_shows_the_tops_as_the_game_page_does(make_user):
    game, (_seq, seat, colour, _card) = game_with_a_covered_top(make_user)
    for _who, user in readers(game):
        now = rules.view(game.state, None)["players"][seat]["sequences"][colour]
        assert api_sequence(game, user, game.seq, seat, colour) == now
