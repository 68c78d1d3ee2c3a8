"""A finished game's text record (tabletop/play/records.py): a person reads it, `import_games`
stores it elsewhere and `replay_log` re-runs it, each only if it replays to the recorded end."""

from __future__ import annotations

import re

import pytest
from django.core.management import CommandError, call_command

import games
from tabletop.play import records, store
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.models import Game, Move, StepComment
from tests.helpers.factories import started_game, user_at


def finished_game(make_user, slug: str = "gazobu", seed: str = "record") -> Game:
    rules = games.get(slug)
    users = [make_user(name) for name in ("ann", "ben", "cat", "dan")[: rules.min_players]]
    game = play_bot_steps(started_game(users, slug), games.Rng(f"{seed}-{slug}"))
    assert game.is_over
    return game


def remove(game: Game) -> None:
    """The game gone from this server, as on a new server the record is carried to."""
    StepComment.objects.filter(game=game).delete()
    Move.objects.filter(game=game).delete()
    game.delete()


def steps_of(text: str) -> list[str]:
    return [line for line in text.splitlines() if re.match(r"\d+\. ", line)]


@pytest.mark.parametrize("slug", games.slugs())
def test_every_game_round_trips_through_its_text_record(make_user, tmp_path, capsys, slug):
    game = finished_game(make_user, slug)
    final, outcome, seq = game.state, game.outcome, game.seq
    path = tmp_path / "record.txt"
    path.write_text(records.write(game))

    call_command("replay_log", str(path))
    assert "replays to the recorded result" in capsys.readouterr().out

    remove(game)
    call_command("import_games", str(path))
    assert "record 1: imported as" in capsys.readouterr().out
    imported = Game.objects.get()
    assert (imported.slug, imported.seq, imported.outcome) == (slug, seq, outcome)
    assert games.canonical(imported.state) == games.canonical(final)
    assert store.verify(imported) == []


def test_the_header_names_the_game_its_rules_players_seed_and_result(make_user):
    game = finished_game(make_user)
    text = records.write(game)
    head = text.split("\n\n")[0].splitlines()
    assert head[0] == records.MARK
    assert "Game: gazobu" in head
    assert f"Title: Gazobu #{game.pk}" in head
    assert f"Rules version: {game.rules_version}" in head
    assert f"Options: {records.compact(game.options)}" in head
    assert [line for line in head if line.startswith("Seat")] == ["Seat 1: ann", "Seat 2: ben"]
    assert f"Seed: {game.seed}" in head
    assert f"Seed SHA-256: {game.seed_sha256}" in head
    winner = ["ann", "ben"][game.outcome["winners"][0]]
    [told] = [line for line in head if line.startswith("Result: ")]
    assert told.endswith(f"; {winner} wins")


def test_each_step_is_a_line_in_the_games_own_notation(make_user):
    game = finished_game(make_user)
    lines = steps_of(records.write(game))
    assert len(lines) == game.seq
    first = game.moves.get(seq=1)
    before = store.replay(game, upto=0)
    said = game.rules.format_move(first.payload, before, first.seat)
    name = ["ann", "ben"][first.seat]
    assert re.fullmatch(rf"1\. {name} \(bot, [0-9-]+ [0-9:]+\): {re.escape(said)}", lines[0])


def test_a_resignation_is_a_json_line_and_replays(make_user, tmp_path):
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    game = started_game([ann, ben, cat])
    store.resign(game, cat, Move.Source.RESIGN)
    game = play_bot_steps(Game.objects.get(pk=game.pk), games.Rng("resigned"))
    text = records.write(game)
    [line] = [line for line in steps_of(text) if " json: " in line]
    assert line.startswith("1. cat (resign, ") and line.endswith(' json: {"kind": "resign"}')
    remove(game)
    game = records.import_record(text)
    assert game.resigned == [2] and store.verify(game) == []


def test_a_take_back_replays_from_its_record(make_user, tmp_path, capsys):
    game = started_game([make_user("ann"), make_user("ben")])
    # Gazobu: a draw, then one of the two cards placed, which nobody has seen yet.
    store.submit(game, user_at(game, game.to_act[0]), {"kind": "draw"}, 0, Move.Source.WEB)
    game.refresh_from_db()
    placed = {"kind": "place", "card": game.state["drawn"][0], "column": 1}
    store.submit(game, user_at(game, game.to_act[0]), placed, 1, Move.Source.WEB)
    game.refresh_from_db()
    store.take_back(game, user_at(game, game.to_act[0]), game.seq, Move.Source.WEB)
    game = play_bot_steps(Game.objects.get(pk=game.pk), games.Rng("after the take-back"))
    assert game.moves.filter(payload__kind=store.TAKE_BACK).exists()
    path = tmp_path / "record.txt"
    path.write_text(records.write(game))
    call_command("replay_log", str(path))
    assert "replays to the recorded result" in capsys.readouterr().out


def test_comments_are_bracketed_lines_after_their_step(make_user):
    game = finished_game(make_user)
    ann = game.seats.get(position=0).user
    StepComment.objects.create(game=game, seq=0, user=ann, text="a deal for ben")
    StepComment.objects.create(game=game, seq=2, user=ann, text="nice\nmove")
    lines = records.write(game).splitlines()
    at = lines.index(steps_of("\n".join(lines))[1])
    assert re.fullmatch(r"\[ann, [0-9-]+ [0-9:]+: nice move\]", lines[at + 1])
    assert lines[lines.index(steps_of("\n".join(lines))[0]) - 1].endswith(": a deal for ben]")
    assert (
        records.read("\n".join(lines))["moves"] == records.read(records.write(game, False))["moves"]
    )


def test_a_tampered_step_fails_replay_log(make_user, tmp_path):
    game = finished_game(make_user)
    text = records.write(game)
    lines = text.splitlines()
    last = steps_of(text)[-1]
    index = lines.index(last)
    seat_names = ["ann", "ben"]
    mover = seat_names[game.moves.get(seq=game.seq).seat]
    other = seat_names[1 - seat_names.index(mover)]
    lines[index] = last.replace(f". {mover} (", f". {other} (", 1)
    path = tmp_path / "record.txt"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(CommandError, match="Step|final position|refused"):
        call_command("replay_log", str(path))


def test_a_changed_move_that_is_still_legal_fails_on_the_final_position(make_user, tmp_path):
    game = finished_game(make_user)
    text = records.write(game)
    rules, tampered = game.rules, None
    for move, before, _ in store.history(game):
        legal = rules.legal_moves(before, move.seat)
        others = [m for m in legal if m != move.payload]
        if others:
            said = rules.format_move(others[0], before, move.seat)
            line = steps_of(text)[move.seq - 1]
            tampered = text.replace(line, line.rsplit("): ", 1)[0] + "): " + said, 1)
            break
    assert tampered is not None
    path = tmp_path / "record.txt"
    path.write_text(tampered)
    with pytest.raises(CommandError):
        call_command("replay_log", str(path))


def test_a_game_in_play_has_no_record(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    with pytest.raises(store.Refused, match="once the game is over"):
        records.write(game)


def test_a_record_that_is_no_record_is_refused_with_why(make_user, tmp_path, capsys):
    game = finished_game(make_user)
    text = records.write(game)
    remove(game)
    path = tmp_path / "record.txt"
    path.write_text(text.replace("Seed: ", "Sead: "))
    with pytest.raises(CommandError, match="1 games were refused"):
        call_command("import_games", str(path))
    assert "record 1: refused: The header has no 'Seed' line." in capsys.readouterr().out
    assert not Game.objects.exists()


def test_import_games_takes_several_records_in_one_file(make_user, tmp_path, capsys):
    first = finished_game(make_user, "gazobu", "first")
    second = play_bot_steps(
        started_game([user_at(first, 0), user_at(first, 1)]), games.Rng("second game")
    )
    text = records.write(first) + "\n" + records.write(second)
    remove(first)
    remove(second)
    path = tmp_path / "records.txt"
    path.write_text(text)
    call_command("import_games", str(path))
    assert "2 games imported, 0 refused." in capsys.readouterr().out
    assert Game.objects.count() == 2
