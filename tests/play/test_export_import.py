"""Finished games leave as JSON lines (`export_games`) and come back (`import_games`) only if
their log replays to the recorded outcome."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

import games
from tabletop.play import store
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game


@pytest.fixture
def finished(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    return play_bot_steps(game, games.Rng("export"))


def exported(tmp_path, *args) -> list[dict]:
    path = tmp_path / "games.jsonl"
    call_command("export_games", "--output", str(path), *args)
    return [json.loads(line) for line in path.read_text().splitlines()]


def remove(game: Game) -> None:
    """The game gone from this server, as on a new server the export is carried to."""
    Move.objects.filter(game=game).delete()
    game.delete()


def write_lines(tmp_path, documents: list[dict]):
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(d) + "\n" for d in documents))
    return path


def test_a_finished_game_is_one_line_with_its_log_seed_rules_version_and_players(
    finished, tmp_path
):
    [line] = exported(tmp_path)
    assert line["game"] == "gazobu"
    assert line["players"] == ["ann", "ben"]
    assert line["seed"] == finished.seed
    assert line["rules_version"] == finished.rules_version
    assert len(line["moves"]) == finished.seq
    assert line["outcome"] == finished.outcome


def test_games_still_in_play_are_not_exported(finished, make_user, tmp_path):
    started_game([make_user("cat"), make_user("dan")])
    assert [line["id"] for line in exported(tmp_path)] == [finished.pk]


def test_an_exported_game_imports_elsewhere_and_replays_to_the_same_outcome(
    finished, tmp_path, capsys
):
    [document] = exported(tmp_path)
    outcome, seq, first_move_at = finished.outcome, finished.seq, finished.moves.get(seq=1).created
    remove(finished)
    get_user_model().objects.filter(username="ben").delete()

    call_command("import_games", str(write_lines(tmp_path, [document])))
    output = capsys.readouterr().out

    game = Game.objects.get()
    assert f"imported as Gazobu #{game.pk}" in output
    assert (game.status, game.seq, game.outcome) == ("finished", seq, outcome)
    assert store.verify(game) == []
    assert game.moves.get(seq=1).created == first_move_at
    ben = game.seats.get(position=1).user
    assert ben.username == "ben" and not ben.is_active and not ben.has_usable_password()


def test_an_imported_game_is_in_the_archive_but_rated_nowhere_and_tells_nobody(finished, tmp_path):
    from tabletop.mail.models import Outbox
    from tabletop.ratings.models import Placing, Rating

    [document] = exported(tmp_path)
    remove(finished)
    Rating.objects.all().delete()
    queued = Outbox.objects.count()
    call_command("import_games", str(write_lines(tmp_path, [document])))
    game = Game.objects.get()
    assert Placing.objects.filter(game=game).count() == 2
    assert not Rating.objects.exists()
    assert Outbox.objects.count() == queued


def test_a_game_already_here_is_refused_with_where_it_is(finished, tmp_path, capsys):
    [document] = exported(tmp_path)
    with pytest.raises(CommandError):
        call_command("import_games", str(write_lines(tmp_path, [document])))
    assert f"This game is here already, as Gazobu #{finished.pk}" in capsys.readouterr().out
    assert Game.objects.count() == 1


def test_a_log_cut_short_is_refused_and_nothing_is_stored(finished, tmp_path, capsys):
    [document] = exported(tmp_path)
    remove(finished)
    document["moves"] = document["moves"][:-1]
    with pytest.raises(CommandError, match="1 games were refused"):
        call_command("import_games", str(write_lines(tmp_path, [document])))
    assert "refused: The log does not reach the end of the game" in capsys.readouterr().out
    assert not Game.objects.exists()
    assert not Move.objects.exists()


def test_each_line_is_judged_alone_and_the_refusals_say_why(finished, tmp_path, capsys):
    [good] = exported(tmp_path)
    remove(finished)
    wrong_outcome = {**good, "outcome": {**good["outcome"], "winners": [9]}}
    wrong_seed = {**good, "seed": "0" * 64}
    path = tmp_path / "in.jsonl"
    lines = [json.dumps(wrong_outcome), "not json", json.dumps(wrong_seed), json.dumps(good)]
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(CommandError, match="3 games were refused"):
        call_command("import_games", str(path))
    output = capsys.readouterr().out
    assert "line 1: refused: The log replays to a different outcome" in output
    assert "line 2: refused: The line is not JSON" in output
    assert "line 3: refused: The seed does not match the SHA-256" in output
    assert "line 4: imported as Gazobu #" in output
    assert Game.objects.count() == 1


def test_a_game_someone_resigned_imports_with_the_resignation_and_verifies(make_user, tmp_path):
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    game = started_game([ann, ben, cat])
    store.resign(game, cat, Move.Source.RESIGN)
    game = play_bot_steps(Game.objects.get(pk=game.pk), games.Rng("resigned"))
    assert game.is_over and game.resigned == [2]
    [document] = exported(tmp_path)
    remove(game)
    call_command("import_games", str(write_lines(tmp_path, [document])))
    imported = Game.objects.get()
    assert (imported.resigned, imported.outcome) == ([2], document["outcome"])
    assert store.verify(imported) == []


def test_a_game_the_table_voted_in_imports_with_its_votes(make_user, tmp_path):
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    game = started_game([ann, ben, cat])
    late = game.to_act[0]
    caller, second = [seat for seat in range(3) if seat != late]
    users = [game.seats.get(position=seat).user for seat in range(3)]
    vote = store.call_vote(game, users[caller], "extend", {"days": 1, "seat": late}, "web")
    store.answer_vote(game, users[second], vote.pk, False, Move.Source.WEB)
    game = play_bot_steps(Game.objects.get(pk=game.pk), games.Rng("voted"))
    assert game.is_over
    [document] = exported(tmp_path)
    remove(game)
    call_command("import_games", str(write_lines(tmp_path, [document])))
    imported = Game.objects.get()
    [row] = imported.votes.all()
    assert (row.seq, row.yes, row.no, row.result) == (vote.seq, [caller], [second], "failed")
    assert store.verify(imported) == []


@pytest.mark.parametrize("how", ["scored", "abandoned"])
def test_a_game_the_table_voted_to_end_imports_with_the_tables_outcome(make_user, tmp_path, how):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    game = play_bot_steps(game, games.Rng("ended by vote"), 4)
    users = [game.seats.get(position=seat).user for seat in range(2)]
    vote = store.call_vote(game, users[0], "end", {"how": how}, Move.Source.WEB)
    store.answer_vote(game, users[1], vote.pk, True, Move.Source.WEB)
    game = Game.objects.get(pk=game.pk)
    assert game.is_over and game.outcome["details"]["ended_by_vote"] == how
    [document] = exported(tmp_path)
    remove(game)
    call_command("import_games", str(write_lines(tmp_path, [document])))
    imported = Game.objects.get()
    assert imported.outcome == document["outcome"]
    assert store.verify(imported) == []
