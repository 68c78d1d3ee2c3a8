"""A finished game's analysis (tabletop/play/analysis.py): win chances at every position, the
strong bot's suggestion at every step a player chose, turning points; never for a game in play."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from tabletop.play import analysis, store
from tabletop.play.analysis_requests import request_analysis
from tabletop.play.models import Analysis, Game
from tests.helpers.factories import play_as_people, started_game
from tests.helpers.mail import wait_until

pytest_plugins = ["tests.helpers.mail"]

STEP_KEYS = {"seq", "chances", "scores", "seat", "played", "suggestion", "swing"}


@pytest.fixture(autouse=True)
def few_playouts(settings):
    settings.ANALYSIS_PLAYOUTS = 2


@pytest.fixture
def finished(make_user):
    """A whole Gazobu game its two players played move by move (through the API)."""
    return play_as_people(started_game([make_user("ann"), make_user("bob")]))


def test_every_position_gets_each_seats_chance_and_the_last_is_the_result(finished):
    row = analysis.analyse(finished)
    assert row.status == Analysis.Status.DONE
    assert row.steps_done == row.steps_total == finished.seq + 1 == len(row.steps)
    assert [step["seq"] for step in row.steps] == list(range(finished.seq + 1))
    for step in row.steps:
        assert set(step) == STEP_KEYS
        assert sum(step["chances"]) == pytest.approx(1, abs=1e-3)
    winners = finished.outcome["winners"]
    assert row.steps[-1]["chances"] == [1 / len(winners) if s in winners else 0 for s in (0, 1)]
    assert row.steps[-1]["scores"] == finished.outcome["scores"]
    assert json.loads(json.dumps(row.steps)) == row.steps


def test_each_step_a_player_chose_has_the_bots_suggestion_and_the_swing(finished):
    row = analysis.analyse(finished)
    judged = [step for step in row.steps if step["seat"] is not None]
    assert len(judged) == finished.seq, "every step of this game was a player's own"
    rules = finished.rules
    for step in judged:
        before = store.replay(finished, upto=step["seq"] - 1)
        suggested = step["suggestion"]["move"]
        assert suggested in rules.legal_moves(before, step["seat"])
        assert step["suggestion"]["text"] == rules.format_move(suggested, before, step["seat"])
        assert step["played"]
        assert -1 <= step["swing"] <= 1
    played = {move.seq: move.payload for move in finished.moves.all()}
    same = [step for step in judged if step["suggestion"]["move"] == played[step["seq"]]]
    assert all(step["swing"] == 0 for step in same)


def test_it_is_stored_once_per_game_and_rules_version(finished):
    first = analysis.analyse(finished)
    again = analysis.analyse(finished)
    assert again.pk == first.pk and again.finished == first.finished
    assert Analysis.objects.filter(game=finished).count() == 1
    assert request_analysis(finished) is None, "nothing is queued for a stored analysis"
    assert first.rules_version == finished.rules_version


def test_computed_again_it_gives_the_same_figures(finished):
    first = analysis.analyse(finished)
    steps, points, done_at = first.steps, first.turning_points, first.finished
    again = analysis.analyse(finished, again=True)
    assert again.pk == first.pk and again.finished != done_at
    assert again.steps == steps and again.turning_points == points


def test_a_game_in_play_is_refused_and_nothing_is_computed_or_stored(make_user, monkeypatch):
    game = play_as_people(started_game([make_user("ann"), make_user("bob")]), steps=5)
    assert not game.is_over
    looked = []
    monkeypatch.setattr(analysis.playouts, "win_chances", lambda *a, **k: looked.append(a))
    with pytest.raises(analysis.NotOver):
        analysis.analyse(game)
    with pytest.raises(analysis.NotOver):
        request_analysis(game)
    with pytest.raises(CommandError, match="not over"):
        call_command("analyse_game", str(game.pk))
    assert looked == [] and not Analysis.objects.exists()


def test_progress_is_written_while_it_runs(finished, monkeypatch):
    seen = []
    record = analysis.save_progress

    def watched(row, done):
        record(row, done)
        stored = Analysis.objects.get(pk=row.pk)
        seen.append((stored.status, stored.steps_done, stored.steps_total))

    monkeypatch.setattr(analysis, "save_progress", watched)
    analysis.analyse(finished)
    total = finished.seq + 1
    assert len(seen) == finished.seq // analysis.PROGRESS_EVERY
    assert all(status == "running" and total_ == total for status, _, total_ in seen)
    done = [done for _, done, _ in seen]
    assert done == sorted(done) and done[0] < done[-1] < total


def test_a_failure_marks_it_failed_and_leaves_the_game_alone(finished, monkeypatch):
    before = Game.objects.values().get(pk=finished.pk)

    def broken(*args, **kwargs):
        raise RuntimeError("a playout broke")

    monkeypatch.setattr(analysis.playouts, "win_chances", broken)
    with pytest.raises(RuntimeError):
        analysis.analyse(finished)
    assert analysis.analysis_of(finished).status == Analysis.Status.FAILED
    assert Game.objects.values().get(pk=finished.pk) == before


def steps_with(falls: dict[int, tuple[int, float, float]]) -> list[dict]:
    """Positions 0..8 of a 2-player game with these steps' chooser falling from before to after."""
    steps, chance = [], 0.5
    for seq in range(9):
        seat, before, after = falls.get(seq, (None, chance, chance))
        chance = after
        entry = {"seq": seq, "chances": [after, 1 - after], "seat": seat, "suggestion": None}
        if seat is not None:
            steps[-1]["chances"] = [before, 1 - before]
            entry["suggestion"] = {"move": {"kind": "x"}, "text": f"x{seq}"}
        steps.append(entry)
    return steps


def test_turning_points_are_the_chosen_steps_with_the_largest_falls_first():
    steps = steps_with(
        {2: (0, 0.6, 0.5), 4: (0, 0.9, 0.1), 6: (0, 0.7, 0.5), 7: (0, 0.5, 0.45), 8: (0, 0.8, 0.2)}
    )
    points = analysis.turning_points(steps)
    assert [(p["seq"], p["before"], p["after"]) for p in points] == [
        (4, 0.9, 0.1),
        (8, 0.8, 0.2),
        (6, 0.7, 0.5),
    ]
    assert points[0] == {
        "seq": 4,
        "seat": 0,
        "before": 0.9,
        "after": 0.1,
        "suggestion": {"move": {"kind": "x"}, "text": "x4"},
    }


def test_the_stored_turning_points_are_the_games_largest_falls(finished):
    row = analysis.analyse(finished)
    assert row.turning_points == analysis.turning_points(row.steps)
    for point in row.turning_points:
        assert point["before"] - point["after"] >= analysis.SMALLEST_FALL


def test_the_command_analyses_a_finished_game(finished, capsys):
    call_command("analyse_game", str(finished.pk))
    assert "done" in capsys.readouterr().out
    assert analysis.analysis_of(finished).status == Analysis.Status.DONE


def test_an_ending_game_queues_its_analysis_after_commit(
    make_user, django_capture_on_commit_callbacks
):
    game = started_game([make_user("ann"), make_user("bob")])
    with django_capture_on_commit_callbacks() as queued:
        game = play_as_people(game)
    row = analysis.analysis_of(game)
    assert row.status == Analysis.Status.QUEUED and row.steps == []
    assert any("publish" in repr(callback) for callback in queued)


def test_the_worker_analyses_a_game_once_it_has_ended(make_user, worker):
    game = play_as_people(started_game([make_user("ann"), make_user("bob")]))
    done = wait_until(
        lambda: Analysis.objects.filter(game=game, status=Analysis.Status.DONE).first(), 120
    )
    assert len(done.steps) == game.seq + 1
