"""Forks leave with export_games and come back with import_games, their chain back to the game
they were played on from intact: the source's log travels inside the fork's line, and a line
whose embedded source log was tampered with is refused."""

from __future__ import annotations

import contextlib
import json

import pytest
from django.core.management import CommandError, call_command

from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import play_as_people, started_game


@pytest.fixture
def source(make_user) -> Game:
    return play_as_people(started_game([make_user("ann"), make_user("ben")]), "transfer-source")


@pytest.fixture
def fork(source) -> Game:
    ann, ben = (seat.user for seat in source.seats.order_by("position"))
    return play_as_people(store.fork_game(source, 4, [ben, ann], ann), "transfer-fork")


def exported(tmp_path, *args) -> list[dict]:
    path = tmp_path / "games.jsonl"
    call_command("export_games", "--output", str(path), *args)
    return [json.loads(line) for line in path.read_text().splitlines()]


def imported(tmp_path, documents: list[dict], capsys) -> str:
    """What import_games says of the lines (refused lines make it fail: that is in the text)."""
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in documents))
    with contextlib.suppress(CommandError):
        call_command("import_games", str(path))
    return capsys.readouterr().out


def remove(*found: Game) -> None:
    """The games gone from this server, as on a new server the export is carried to (the
    forks first: a game played on from cannot go before them)."""
    for game in found:
        Move.objects.filter(game=game).delete()
        game.delete()


def summary(game: Game) -> tuple:
    return (game.seed, game.seq, game.outcome, game.state, game.forked_at)


def test_export_games_writes_the_fork_with_its_source_log_inside(source, fork, tmp_path):
    lines = exported(tmp_path)
    assert [line["id"] for line in lines] == [source.pk, fork.pk]
    carried = lines[1]["fork"]
    assert (carried["game"], carried["seq"]) == (source.pk, 4)
    assert carried["log"]["seed"] == source.seed
    assert len(carried["log"]["moves"]) == source.seq


def test_both_games_come_back_and_the_fork_points_to_its_imported_source(
    source, fork, tmp_path, capsys
):
    documents = exported(tmp_path)
    was_source, was_fork = summary(source), summary(fork)
    remove(fork, source)

    output = imported(tmp_path, documents, capsys)

    assert "2 games imported, 0 refused" in output
    new_source = Game.objects.get(seed=was_source[0])
    new_fork = Game.objects.get(seed=was_fork[0])
    assert new_fork.forked_from == new_source and new_fork.private
    assert summary(new_source) == was_source and summary(new_fork) == was_fork
    assert store.verify(new_fork) == [] and store.verify(new_source) == []
    assert [s.user.username for s in new_fork.seats.order_by("position")] == ["ben", "ann"]


def test_a_fork_alone_brings_its_source_from_its_own_line(source, fork, tmp_path, capsys):
    [document] = exported(tmp_path, "--game", str(fork.pk))
    source_seed = source.seed
    remove(fork, source)

    output = imported(tmp_path, [document], capsys)

    assert "1 games imported" in output
    new_fork = Game.objects.get(seed=document["seed"])
    assert new_fork.forked_from.seed == source_seed and new_fork.forked_from.is_over
    assert Game.objects.count() == 2


def test_a_fork_whose_source_is_here_already_points_to_it(source, fork, tmp_path, capsys):
    [document] = exported(tmp_path, "--game", str(fork.pk))
    remove(fork)

    imported(tmp_path, [document], capsys)

    assert Game.objects.get(seed=document["seed"]).forked_from == source
    assert Game.objects.count() == 2


def test_replay_log_checks_an_exported_fork_line_and_its_source(fork, tmp_path, capsys):
    [document] = exported(tmp_path, "--game", str(fork.pk))
    path = tmp_path / "fork.json"
    path.write_text(json.dumps(document))
    call_command("replay_log", str(path))
    assert "replays to the recorded result" in capsys.readouterr().out

    document["fork"]["log"]["seed"] = "0" * 64
    path.write_text(json.dumps(document))
    with pytest.raises(CommandError, match="the game it was played on from: the revealed seed"):
        call_command("replay_log", str(path))


def test_a_tampered_source_log_is_refused_and_nothing_is_stored(source, fork, tmp_path, capsys):
    [document] = exported(tmp_path, "--game", str(fork.pk))
    remove(fork, source)
    document["fork"]["log"]["moves"][1]["move"] = {"kind": "nonsense"}

    output = imported(tmp_path, [document], capsys)

    assert "refused: The game it was played on from is refused: The log does not replay" in output
    assert not Game.objects.exists()
    assert not Move.objects.exists()


def test_a_source_log_that_differs_from_the_game_here_is_refused(source, fork, tmp_path, capsys):
    [document] = exported(tmp_path, "--game", str(fork.pk))
    remove(fork)
    moves = document["fork"]["log"]["moves"]
    moves[-1]["source"] = "web" if moves[-1]["source"] != "web" else "api"

    output = imported(tmp_path, [document], capsys)
    assert f"is here as Gazobu #{source.pk}, but its log is not the one in this line" in output
    assert list(Game.objects.all()) == [source]


def test_a_fork_whose_own_log_does_not_follow_from_the_source_is_refused(
    source, fork, tmp_path, capsys
):
    [document] = exported(tmp_path, "--game", str(fork.pk))
    remove(fork)
    document["fork"]["seq"] = 2  # the fork's moves were played from the position after 4

    output = imported(tmp_path, [document], capsys)

    assert "1 refused" in output
    assert list(Game.objects.all()) == [source]


def test_a_fork_step_past_the_source_log_is_refused_with_the_range(source, fork, tmp_path, capsys):
    [document] = exported(tmp_path, "--game", str(fork.pk))
    remove(fork)
    document["fork"]["seq"] = source.seq + 5

    output = imported(tmp_path, [document], capsys)
    assert f"has no move {source.seq + 5}; it has moves 0 to {source.seq}" in output
