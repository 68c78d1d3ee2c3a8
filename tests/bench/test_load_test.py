"""The load test's ends in the database (`make load`): its seeded players can play at once, and
its check tells a lost move from a sound log. Locust itself never runs in the suite."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

from tabletop.bench import load
from tabletop.play import store
from tabletop.play.models import Game, Move

pytestmark = pytest.mark.django_db


def play_first_legal_move(game: Game, source: str) -> str:
    seat = game.to_act[0]
    user = game.seats.get(position=seat).user
    move = game.rules.legal_moves(game.state, seat)[0]
    store.submit(game, user, move, game.seq, source)
    return f"{game.pk}:{seat}:{source}"


def test_the_seeded_players_sit_in_a_ring_of_started_games_ready_to_be_played():
    players = load.seed(6, per_player=2)
    assert [p["kind"] for p in players] == ["page", "api", "email", "api", "page", "page"]
    assert Game.objects.filter(status=Game.Status.ACTIVE).count() == 6
    first = players[0]
    assert len(first["games"]) == 2
    page = Client()
    page.cookies["sessionid"] = first["session"]
    game_id, seat = first["games"][0]
    assert page.get(f"/games/{game_id}/").context["seat"] == seat
    api = Client(HTTP_AUTHORIZATION=f"Token {players[1]['token']}")
    assert {g["id"] for g in api.get("/api/games/").json()} == {g for g, _ in players[1]["games"]}


def test_the_check_finds_every_accepted_move_in_a_sound_log():
    load.seed(2, per_player=1)
    game = Game.objects.get()
    key = play_first_legal_move(game, Move.Source.API)
    verdict = load.check({key: 1})
    assert verdict.sound and not verdict.unconfirmed
    assert verdict.moves[Move.Source.API] == verdict.accepted[Move.Source.API] == 1


def test_the_check_names_a_move_a_player_was_told_of_that_the_log_lacks():
    load.seed(2, per_player=1)
    game = Game.objects.get()
    key = play_first_legal_move(game, Move.Source.WEB)
    verdict = load.check({key: 2})
    assert not verdict.sound
    assert verdict.lost == [f"{key}: 2 accepted, 1 in the log"]


def test_the_locust_players_load_in_a_process_of_their_own(tmp_path: Path):
    # Locust patches the standard library with gevent when imported: never in this process.
    players = tmp_path / "players.json"
    players.write_text(json.dumps([{"kind": k, "email": f"{k}@x.test"} for k in load.KINDS]))
    counts = subprocess.run(
        [
            sys.executable,
            "-c",
            # As locust does: itself first (its gevent patching inside an import breaks it).
            "import locust; from tabletop.bench import locustfile as f; "
            "print(f.PagePlayer.fixed_count, f.ApiPlayer.fixed_count, f.EmailPlayer.fixed_count)",
        ],
        env={**os.environ, "LOAD_PLAYERS": str(players)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert counts.stdout.split() == ["2", "2", "1"]
