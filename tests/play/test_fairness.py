"""The seed is secret in play, committed to by its SHA-256, and revealed at the end."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

import games
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.export import export, rerun
from tests.helpers.factories import started_game


@pytest.fixture
def finished(make_user):
    return play_bot_steps(started_game([make_user("ann"), make_user("ben")]), games.Rng("finish"))


def test_the_seed_is_hidden_in_play_and_its_hash_is_public(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    detail = APIClient().get(f"/api/games/{game.pk}/").json()
    assert detail["seed"] is None
    assert detail["seed_sha256"] == games.seed_digest(game.seed)
    assert export(game)["seed"] is None


def test_the_seed_is_revealed_when_the_game_ends_and_matches_its_hash(finished):
    detail = APIClient().get(f"/api/games/{finished.pk}/").json()
    assert detail["status"] == "finished"
    assert games.seed_digest(detail["seed"]) == detail["seed_sha256"]
    assert detail["outcome"]["winners"]


def test_anyone_can_rerun_a_finished_log_from_its_download(finished, tmp_path, capsys):
    path = tmp_path / "log.json"
    path.write_text(json.dumps(export(finished), default=str))
    call_command("replay_log", str(path))
    assert "replays to the recorded result" in capsys.readouterr().out


def test_a_tampered_log_fails_the_rerun(finished, tmp_path):
    document = export(finished)
    document["seed"] = "0" * 64
    assert any("SHA-256" in problem for problem in rerun(document))
    path = tmp_path / "log.json"
    path.write_text(json.dumps(document, default=str))
    with pytest.raises(CommandError):
        call_command("replay_log", str(path))


def test_after_the_game_every_log_line_is_told_in_full_to_everyone(finished):
    spectator = APIClient().get(f"/api/games/{finished.pk}/moves/").json()
    past = APIClient().get(f"/api/games/{finished.pk}/states/1/").json()
    assert len(spectator) == finished.seq
    assert len(past["views"]) == 2
