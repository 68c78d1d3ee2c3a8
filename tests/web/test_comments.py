"""The history page's comments: the thread at the step shown, who wrote each and when, the
form to add one where the reader may, the author's Edit and Delete, the refusal beside the
form, and the log marking the steps that have comments."""

from __future__ import annotations

import pytest

from tabletop.accounts import blocks
from tabletop.play import comments, store
from tabletop.play.models import Game, Move, StepComment
from tests.helpers.blocking import page_as
from tests.helpers.factories import play_random_steps, started_game

pytest_plugins = ["tests.helpers.blocking"]


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


def test_a_player_comments_on_the_step_shown_and_reads_it_there(ann, finished):
    client = page_as(ann)
    response = client.post(f"/games/{finished.pk}/comments/", {"seq": 2, "text": "<i>hm</i>"})
    written = StepComment.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{finished.pk}/history/?seq=2#comment-{written.pk}"
    page = history(client, finished, 2)
    assert "Comments on move 2" in page and "&lt;i&gt;hm&lt;/i&gt;" in page
    assert "<i>hm</i>" not in page
    assert 'id="comment-text"' in page  # she may add another
    assert "1 comment</span>" in page  # the log marks the step
    assert "No comments on this step yet." in history(client, finished, 1)


def test_a_visitor_reads_the_thread_and_is_asked_to_log_in_to_write(ann, finished, client):
    comments.write(finished, ann, 3, "the turning point")
    page = history(client, finished, 3)
    assert "the turning point" in page and "ann" in page
    assert "Log in to comment on this step." in page and 'id="comment-text"' not in page
    response = client.post(f"/games/{finished.pk}/comments/", {"seq": 3, "text": "me too"})
    assert response.status_code == 302 and "/login" in response["Location"]


def test_while_the_game_is_on_the_history_shows_no_thread(ann, bob):
    game = play_random_steps(started_game([ann, bob]), 2)
    assert 'id="comments"' not in history(page_as(ann), game, 1)


def test_a_refused_comment_is_shown_beside_the_form_and_kept_to_mend(ann, finished):
    response = page_as(ann).post(f"/games/{finished.pk}/comments/", {"seq": 1, "text": "x" * 501})
    page = response.content.decode()
    assert response.status_code == 400
    assert 'id="comment-refusal"' in page and "at most 500" in page
    assert "x" * 501 in page
    assert not StepComment.objects.exists()


def test_the_author_edits_and_deletes_their_comment_and_nobody_else_may(ann, bob, finished):
    written = comments.write(finished, ann, 1, "first thought")
    assert "Edit your comment" not in history(page_as(bob), finished, 1)
    refused = page_as(bob).post(f"/games/{finished.pk}/comments/{written.pk}/delete/")
    assert refused.status_code == 403 and StepComment.objects.exists()

    client = page_as(ann)
    assert "Edit your comment" in history(client, finished, 1)
    client.post(f"/games/{finished.pk}/comments/{written.pk}/edit/", {"text": "second thought"})
    page = history(client, finished, 1)
    assert "second thought" in page and "(edited)" in page
    response = client.post(f"/games/{finished.pk}/comments/{written.pk}/delete/")
    assert response.status_code == 302 and not StepComment.objects.exists()
    assert client.post(f"/games/{finished.pk}/comments/999/delete/").status_code == 404


def test_a_blocked_player_sees_no_form_and_is_not_told_who(ann, bob, cat, finished):
    blocks.block(ann, cat)
    page = history(page_as(cat), finished, 1)
    assert 'id="comment-text"' not in page and "You cannot comment on this game." in page
    response = page_as(cat).post(f"/games/{finished.pk}/comments/", {"seq": 1, "text": "hi"})
    assert response.status_code == 403 and not StepComment.objects.exists()
