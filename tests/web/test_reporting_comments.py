"""The report button under a comment on a step, the API's report of one, the moderators'
view of a comment report in the admin, and a hidden comment gone from the history, the API,
the text record and the export, with its place kept and said."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from tabletop.play import comments, store
from tabletop.play.models import Game, Move, Report, StepComment
from tests.helpers.blocking import api_as, page_as
from tests.helpers.factories import play_random_steps, started_game

pytest_plugins = ["tests.helpers.blocking"]


@pytest.fixture
def moderator(make_user):
    staff = make_user("mod")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    return staff


@pytest.fixture
def finished(ann, bob) -> Game:
    game = play_random_steps(started_game([ann, bob]), 4)
    store.resign(game, bob, Move.Source.RESIGN)
    game.refresh_from_db()
    return game


def history(client, game: Game, seq: int) -> str:
    response = client.get(f"/games/{game.pk}/history/?seq={seq}")
    assert response.status_code == 200
    return response.content.decode()


def report_url(comment: StepComment) -> str:
    return f"/games/{comment.game_id}/comments/{comment.pk}/report/"


def test_a_reader_reports_a_comment_with_the_button_under_it(ann, bob, cat, finished):
    theirs = comments.write(finished, bob, 2, "you play like a potato")
    mine = comments.write(finished, cat, 2, "no u")
    comments.write(finished, bob, 2, "and again")
    client = page_as(cat)

    page = history(client, finished, 2)
    assert f'action="{report_url(theirs)}"' in page
    # One author's two comments: two buttons a screen reader tells apart.
    assert 'Report<span class="visually-hidden"> comment 1, by bob</span>' in page
    assert 'Report<span class="visually-hidden"> comment 3, by bob</span>' in page
    assert f'action="{report_url(mine)}"' not in page  # nobody reports their own comment
    assert "report-comment" not in history(APIClient(), finished, 2)  # nor a visitor

    response = client.post(report_url(theirs), follow=True)
    assert response.redirect_chain[-1][0] == (
        f"/games/{finished.pk}/history/?seq=2#comment-{theirs.pk}"
    )
    assert "the moderators will read the comment you reported" in response.content.decode()
    assert client.post(report_url(theirs)).status_code == 302  # again: the same report
    [report] = Report.objects.all()
    assert (report.comment, report.message, report.reporter) == (theirs, None, cat)
    assert APIClient().post(report_url(theirs)).status_code == 302  # to log in first


def test_reporting_too_many_comments_is_refused_with_429_and_why(ann, bob, finished, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report": "1/h"}
    one, two, three = (comments.write(finished, bob, 3, text) for text in ("1", "2", "3"))
    client = page_as(ann)
    assert client.post(report_url(one)).status_code == 302
    refused = client.post(report_url(two))
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 3600
    page = refused.content.decode()
    assert "Not reported:" in page and "You have reported many lines in a short time" in page
    assert "Comments on move 3" in page  # the history at the comment's step

    api = api_as(ann).post(
        f"/api/games/{finished.pk}/comments/{three.pk}/report/", {}, format="json"
    )
    assert api.status_code == 429 and int(api["Retry-After"]) > 0
    assert Report.objects.count() == 1


def test_the_api_reports_a_comment_once_and_not_one_the_reader_cannot_read(ann, bob, cat, finished):
    theirs = comments.write(finished, bob, 1, "rude words")
    url = f"/api/games/{finished.pk}/comments/{theirs.pk}/report/"
    first = api_as(ann).post(url, {"reason": "rude"}, format="json")
    assert first.status_code == 201 and first.json()["comment"] == theirs.pk
    assert api_as(ann).post(url, {}, format="json").json() == first.json()
    assert APIClient().post(url, {}, format="json").status_code == 401
    Game.objects.filter(pk=finished.pk).update(private=True)
    assert api_as(cat).post(url, {}, format="json").status_code == 403
    missing = f"/api/games/{finished.pk}/comments/{theirs.pk + 99}/report/"
    assert api_as(ann).post(missing, {}, format="json").status_code == 404
    assert Report.objects.get().reason == "rude"


def test_a_comment_hidden_from_the_admin_is_gone_everywhere_and_its_place_is_said(
    ann, bob, cat, finished, moderator, tmp_path
):
    comments.write(finished, ann, 1, "well played")
    vile = comments.write(finished, bob, 1, "something vile")
    comments.write(finished, cat, 2, "a later thought")
    page_as(cat).post(report_url(vile), {"reason": "nasty"})
    [report] = Report.objects.all()

    admin = page_as(moderator)
    listed = admin.get("/admin/play/report/").content.decode()
    assert "something vile" in listed and "a comment on step 1" in listed
    shown = admin.get(f"/admin/play/report/{report.pk}/change/").content.decode()
    in_context = shown[shown.index("The line among the lines around it") :]
    assert in_context.index("well played") < in_context.index("something vile")
    assert in_context.index("something vile") < in_context.index("a later thought")
    assert "on step 1" in in_context
    hidden = admin.post(
        "/admin/play/report/", {"action": "hide_lines", "_selected_action": [report.pk]}
    )
    assert hidden.status_code == 302
    vile.refresh_from_db()
    assert vile.hidden_by == moderator
    hidden_only = admin.get("/admin/play/report/?hidden=yes").content.decode()
    assert f"/admin/play/report/{report.pk}/change/" in hidden_only

    for client in (page_as(ann), page_as(bob), page_as(cat), APIClient()):
        page = history(client, finished, 1)
        assert "something vile" not in page
        assert "well played" in page and "A moderator hid a comment here." in page
        assert f'action="{report_url(vile)}"' not in page
    edits = f"/games/{finished.pk}/comments/{vile.pk}/edit/"
    assert edits not in history(page_as(bob), finished, 1)  # the author edits it no more
    assert page_as(bob).post(edits, {"text": "nicer"}).status_code == 403

    listed = api_as(cat).get(f"/api/games/{finished.pk}/comments/").json()
    assert [(c["text"], c["hidden"]) for c in listed] == [
        ("well played", False),
        ("", True),
        ("a later thought", False),
    ]
    record = page_as(cat).get(f"/games/{finished.pk}/record.txt").content.decode()
    assert "something vile" not in record and "(a moderator hid this comment)" in record
    path = tmp_path / "games.jsonl"
    call_command("export_games", "--output", str(path))
    assert "something vile" not in path.read_text()
    assert [c["text"] for c in json.loads(path.read_text())["comments"]] == [
        "well played",
        "a later thought",
    ]
