"""Reporting a comment on a step and hiding it: the rules and the limit of reporting talk,
a hidden comment whose words nobody reads again (the thread, the record, the export between
servers) while its place is kept, an author who no longer changes it but still finds their own
words in their data, and the game's log exactly as it was."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from tabletop.accounts.my_data import my_data
from tabletop.play import chat, comments, records, reports, store
from tabletop.play.models import Game, Move, Report
from tests.helpers.factories import play_random_steps, started_game

pytest_plugins = ["tests.helpers.blocking"]


@pytest.fixture
def two_reports_an_hour(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report": "2/h"}


@pytest.fixture
def moderator(make_user):
    return make_user("mod")


def finished_game(players: list, *, private: bool = False) -> Game:
    game = play_random_steps(started_game(players), 3)
    store.resign(game, players[-1], Move.Source.RESIGN)
    Game.objects.filter(pk=game.pk).update(private=private)
    game.refresh_from_db()
    return game


@pytest.mark.usefixtures("two_reports_an_hour")
def test_reporting_the_same_comment_twice_counts_once_and_talk_shares_the_limit(ann, bob, cat):
    game = finished_game([ann, bob])
    first, second = (comments.write(game, bob, 1, text) for text in ("one", "two"))

    report = reports.report_comment(game, first.pk, cat, "  rude\x07 ")
    again = reports.report_comment(game, first.pk, cat)
    assert again.pk == report.pk and report.reason == "rude"
    assert (report.comment, report.message) == (first, None)
    line = chat.post(game, bob, "gg", Move.Source.WEB)
    reports.report(
        game, line.pk, cat
    )  # the second report this hour: talk and comments count together

    with pytest.raises(reports.TooManyReports) as refused:
        reports.report_comment(game, second.pk, cat)
    assert refused.value.status == 429 and refused.value.wait > 0
    assert Report.objects.filter(reporter=cat).count() == 2
    reports.report_comment(game, second.pk, ann)  # the limit is the reporter's own


def test_a_comment_the_reporter_may_not_read_cannot_be_reported(ann, bob, cat, moderator):
    private = finished_game([ann, bob], private=True)
    between_us = comments.write(private, ann, 1, "between us")
    with pytest.raises(reports.NoSuchComment):
        reports.report_comment(private, between_us.pk, cat)
    with pytest.raises(reports.NoSuchComment):
        reports.report_comment(private, between_us.pk + 1000, bob)
    reports.hide_comment(between_us, moderator)
    with pytest.raises(reports.NoSuchComment):
        reports.report_comment(private, between_us.pk, bob)  # nothing left to read
    assert not Report.objects.exists()


def test_a_hidden_comment_keeps_its_place_without_its_words_and_the_log_is_untouched(
    ann, bob, cat, moderator
):
    game = finished_game([ann, bob])
    log_before = list(game.moves.values_list("seq", "payload"))
    comments.write(game, ann, 1, "well played")
    vile = comments.write(game, bob, 1, "something vile")

    assert reports.hide_comment(vile, moderator) is True
    assert reports.hide_comment(vile, moderator) is False  # hidden once
    assert vile.hidden is not None and vile.hidden_by == moderator

    for reader in (ann, bob, cat, None):
        thread = comments.thread(game, reader, 1)
        assert [(c.text, bool(c.hidden)) for c in thread.comments] == [
            ("well played", False),
            ("", True),
        ]
        assert thread.counts == {1: 2}
    record = records.write(game)
    assert "something vile" not in record
    assert "[bob, " in record and ": (a moderator hid this comment)]" in record
    game.refresh_from_db()
    assert list(game.moves.values_list("seq", "payload")) == log_before


def test_the_author_no_longer_edits_or_deletes_a_hidden_comment_but_keeps_it_in_their_data(
    ann, bob, moderator
):
    game = finished_game([ann, bob])
    vile = comments.write(game, bob, 2, "something vile")
    reports.hide_comment(vile, moderator)
    found = comments.find(game, vile.pk)
    with pytest.raises(comments.HiddenByModerator):
        comments.edit(found, bob, "something nicer")
    with pytest.raises(comments.HiddenByModerator):
        comments.delete(found, bob)
    assert game.comments.get().text == "something vile"  # kept for the moderators
    [own] = my_data(bob)["comments"]
    assert own["text"] == "something vile" and own["hidden_by_a_moderator"] is not None


def test_export_games_leaves_a_hidden_comment_out(ann, bob, moderator, tmp_path):
    game = finished_game([ann, bob])
    comments.write(game, ann, 1, "well played")
    reports.hide_comment(comments.write(game, bob, 1, "something vile"), moderator)
    path = tmp_path / "games.jsonl"
    call_command("export_games", "--output", str(path))
    assert "something vile" not in path.read_text()
    [document] = [json.loads(line) for line in path.read_text().splitlines()]
    assert [c["text"] for c in document["comments"]] == ["well played"]


def test_the_admin_context_is_the_comments_around_the_reported_one(ann, bob):
    game = finished_game([ann, bob])
    written = [comments.write(game, ann, seq, f"on {seq}") for seq in (0, 1, 1, 2, 3, 3, 3, 3)]
    around = reports.context_of(written[3])
    assert [c.text for c in around] == ["on 0", "on 1", "on 1", "on 2", "on 3", "on 3", "on 3"]
    assert [c.text for c in reports.context_of(written[0])] == ["on 0", "on 1", "on 1", "on 2"]
