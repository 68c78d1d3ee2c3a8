"""The projection is a cache of the log: the operator's command finds and repairs any drift."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tabletop.play import store
from tabletop.play.models import Game
from tests.helpers.factories import play_random_steps, started_game


@pytest.fixture
def game(make_user):
    return play_random_steps(started_game([make_user("ann"), make_user("ben")]), 8)


def test_a_clean_game_replays_to_its_projection(game):
    assert store.verify(game) == []
    assert store.replay(game) == game.state


def test_verify_log_reports_and_rebuilds_a_projection_that_drifted(game, capsys):
    # Simulates a corrupted cache (a bad manual edit); nothing in the service writes like this.
    Game.objects.filter(pk=game.pk).update(state={"broken": True}, seq=3)
    with pytest.raises(CommandError, match="1 projections differed"):
        call_command("verify_log")
    assert f"game {game.pk}" in capsys.readouterr().out
    game.refresh_from_db()
    assert store.verify(game) == []
    assert game.seq == 8


def test_verify_log_for_one_game_leaves_a_clean_log_alone(game, capsys):
    call_command("verify_log", "--game", str(game.pk))
    assert "1 games checked, 0 differed" in capsys.readouterr().out


def test_verify_log_finds_and_repairs_resignations_the_projection_lost(make_user):
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    game = started_game([ann, ben, cat])
    store.resign(game, ben, "web")
    game.refresh_from_db()
    assert game.resigned == [1]
    Game.objects.filter(pk=game.pk).update(resigned=[])  # a corrupted cache, as above
    game.refresh_from_db()
    assert "resigned differs from the replay" in store.verify(game)
    store.rebuild_projection(game)
    game.refresh_from_db()
    assert (store.verify(game), game.resigned) == ([], [1])
