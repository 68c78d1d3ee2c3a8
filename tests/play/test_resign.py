"""A player may resign; the game goes on without them, or ends when one player is left."""

from __future__ import annotations

from tabletop.play import store
from tabletop.play.models import Move
from tests.helpers.factories import started_game


def test_resigning_a_two_player_game_ends_it_for_the_other(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    store.resign(game, ann, Move.Source.WEB)
    game.refresh_from_db()
    assert game.status == "finished"
    assert game.outcome["winners"] == [1]
    assert game.outcome["details"]["resigned"] == [0]
    assert store.verify(game) == []


def test_a_resigned_seat_in_a_bigger_game_is_played_by_a_bot_and_cannot_win(make_user):
    users = [make_user("ann"), make_user("ben"), make_user("cat")]
    game = started_game(users)
    quitter = game.to_act[0]
    store.resign(game, users[quitter], Move.Source.WEB)
    game.refresh_from_db()
    assert quitter not in game.to_act
    assert Move.objects.filter(game=game, source="bot", seat=quitter).exists()
    assert store.verify(game) == []
