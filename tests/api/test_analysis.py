"""`GET /api/games/{id}/analysis/`: a finished game's review (each step's chances, the bot's
choice beside the move played, the turning points); its progress while it is computed;
nothing while the game runs or when there is no review."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient
from werkzeug.test import Client

from tabletop.play import invitations, store
from tabletop.play.models import Analysis, Game
from tests.api.test_fuzz import APP, seated
from tests.helpers.analysis import analysed
from tests.helpers.factories import play_random_steps, started_game


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def finished(make_user) -> Game:
    game = play_random_steps(started_game([make_user("ann"), make_user("ben")]), 500, "api")
    assert game.is_over
    return game


def analysis_of(game: Game, user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client.get(f"/api/games/{game.pk}/analysis/")


def test_a_finished_games_review_gives_every_steps_chances_and_the_bots_choice(finished):
    stored = analysed(finished, with_scores=True)
    answer = analysis_of(finished)
    assert answer.status_code == 200
    body = answer.json()
    assert body["status"] == "done"
    assert [step["seq"] for step in body["steps"]] == list(range(finished.seq + 1))
    assert [step["chances"] for step in body["steps"]] == [s["chances"] for s in stored.steps]
    differing = next(s for s in stored.steps if s["swing"])
    shown = body["steps"][differing["seq"]]
    assert shown["suggestion"] == differing["suggestion"]
    assert shown["played"] == differing["played"] and shown["seat"] == differing["seat"]
    assert body["steps"][0]["seat"] is None


def test_the_turning_points_name_the_player_and_the_bots_choice(finished):
    stored = analysed(finished)
    points = analysis_of(finished).json()["turning_points"]
    first = stored.turning_points[0]
    assert points[0] == {
        "seq": first["seq"],
        "seat": first["seat"],
        "player": ["ann", "ben"][first["seat"]],
        "before": first["before"],
        "after": first["after"],
        "suggestion": first["suggestion"]["text"],
    }


def test_while_it_is_computed_the_answer_is_202_with_the_progress(finished):
    stored = analysed(finished, status=Analysis.Status.QUEUED)
    answer = analysis_of(finished)
    assert answer.status_code == 202
    assert answer.json() == {
        "status": "queued",
        "steps_done": stored.steps_done,
        "steps_total": stored.steps_total,
    }


def test_no_review_or_a_failed_one_is_404(finished):
    assert analysis_of(finished).status_code == 404
    analysed(finished, status=Analysis.Status.FAILED)
    assert analysis_of(finished).status_code == 404


def test_a_review_under_other_rules_is_not_this_games(finished):
    stored = analysed(finished)
    Analysis.objects.filter(pk=stored.pk).update(rules_version=finished.rules_version + 1)
    assert analysis_of(finished).status_code == 404


def test_a_private_tables_review_is_refused_to_a_stranger(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = invitations.create_table(ann, "gazobu", 2, {}, private=True, invitees=["ben"])
    store.join_game(game, ben)
    game = play_random_steps(Game.objects.get(pk=game.pk), 500, "private")
    analysed(game)
    assert analysis_of(game).status_code == 401
    assert analysis_of(game, make_user("eve")).status_code == 403
    assert analysis_of(game, ben).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_every_answer_is_as_the_schema_says(make_user):
    """200, 202 and 404, checked against /api/schema/ (the fuzzing seldom reaches them)."""
    game = play_random_steps(started_game([make_user("ann"), make_user("ben")]), 500, "schema")
    client = Client(APP)
    operation = seated["/api/games/{game_id}/analysis/"]["GET"]

    def check(status: int) -> None:
        response = client.get(f"/api/games/{game.pk}/analysis/")
        assert response.status_code == status, response.get_data(as_text=True)
        operation.validate_response(response)

    check(404)
    stored = analysed(game, status=Analysis.Status.RUNNING)
    check(202)
    stored.delete()
    analysed(game, with_scores=True)
    check(200)
