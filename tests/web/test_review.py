"""The review of a finished game on its history page: the chances chart with its table, the
turning points, the bot's suggestion beside the move played, and the progress while the
worker computes it."""

from __future__ import annotations

import json
import re

import pytest

from tabletop.play import invitations, store
from tabletop.play.models import Analysis, Game
from tests.helpers.analysis import analysed
from tests.helpers.factories import play_random_steps, started_game


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def finished(make_user) -> Game:
    game = play_random_steps(started_game([make_user("ann"), make_user("ben")]), 500, "review")
    assert game.is_over
    return game


def history(client, game: Game, seq: int | None = None) -> str:
    query = "" if seq is None else f"?seq={seq}"
    return client.get(f"/games/{game.pk}/history/{query}").content.decode()


def test_the_chart_draws_a_line_per_seat_and_each_step_links_to_it(client, finished):
    analysed(finished)
    html = history(client, finished, 5)
    svg = html[
        html.index('<svg class="review-chart"') : html.index("</svg>", html.index("review-chart"))
    ]
    assert 'viewBox="0 0 640 220"' in svg
    assert len(re.findall(r'<polyline class="review-line review-seat-\d"', svg)) == 2
    for seq in range(finished.seq + 1):
        assert f'href="/games/{finished.pk}/history/?seq={seq}"' in svg
    # The step shown is marked: a line across the chart at its place, a dot on each seat's line.
    assert 'class="review-now"' in svg
    assert svg.count('class="review-dot') == 2


def test_the_chart_numbers_stay_numbers_in_every_language(client, finished):
    """Polish writes 12,5 for 12.5: the chart's coordinates must not follow."""
    analysed(finished)
    client.cookies["django_language"] = "pl"
    html = client.get(f"/games/{finished.pk}/history/?seq=3", HTTP_ACCEPT_LANGUAGE="pl").content
    svg = html.decode().split('<svg class="review-chart"')[1].split("</svg>")[0]
    assert not re.search(r'points="[^"]*\d,\d+,', svg)
    assert not re.search(r'(cx|x|width)="\d+,\d', svg)


def test_a_screen_reader_reads_the_chances_from_a_table(client, finished):
    analysis = analysed(finished)
    html = history(client, finished, 4)
    assert re.search(r'<svg class="review-chart"[^>]*aria-hidden="true"', html)
    table = html[html.index('<details class="review-table">') :]
    step = analysis.steps[4]
    ann, ben = (round(100 * chance) for chance in step["chances"])
    row = table.split('?seq=4" aria-current="step">Step 4</a></th>')[1].split("</tr>")[0]
    assert f"<td>{ann}%</td><td>{ben}%</td>" in row


def test_the_turning_points_are_listed_with_the_bots_choice_and_marked_in_the_log(client, finished):
    analysis = analysed(finished)
    first = analysis.turning_points[0]
    html = history(client, finished, first["seq"])
    name = ["ann", "ben"][first["seat"]]
    before, after = round(100 * first["before"]), round(100 * first["after"])
    turns = html[html.index('class="review-turns"') :]
    assert f"{name}: {before}% → {after}%" in turns.split("</ol>")[0]
    assert f"the bot would have played: {first['suggestion']['text']}" in turns
    log = html[html.index('id="history-log"') :]
    assert f"turning point: {name} {before}% → {after}%" in log


def test_the_step_shown_has_the_bots_suggestion_beside_the_move_played(client, finished):
    analysis = analysed(finished)
    step = next(s for s in analysis.steps if s["swing"])
    html = history(client, finished, step["seq"])
    now = html[html.index('id="history-now"') : html.index("</p>", html.index('id="history-now"'))]
    assert step["played"] in now
    assert f"The bot would have played: {step['suggestion']['text']}." in now
    # Where the bot's choice is the move played, there is nothing else to suggest.
    agreeing = next(s for s in analysis.steps if s["swing"] == 0.0)
    html = history(client, finished, agreeing["seq"])
    assert "The bot would have played the same." in html


def test_the_scores_get_a_chart_of_their_own_where_the_game_keeps_them(client, finished):
    analysed(finished, with_scores=True)
    html = history(client, finished)
    assert html.count('<svg class="review-chart"') == 2
    assert 'viewBox="0 0 640 150"' in html
    players = [seat.user for seat in finished.seats_with_players()]
    plain = play_random_steps(started_game(players), 500, "plain")
    analysed(plain)
    assert history(client, plain).count('<svg class="review-chart"') == 1


def test_while_it_is_computed_the_page_shows_progress_and_polls_a_small_fragment(client, finished):
    analysis = analysed(finished, status=Analysis.Status.RUNNING)
    html = history(client, finished, 3)
    block = html[html.index('id="review"') :]
    poll = f'hx-get="/games/{finished.pk}/history/analysis/?seq=3"'
    assert poll in block.split(">")[0] and 'hx-trigger="every 2s"' in block.split(">")[0]
    assert f'<progress id="review-progress" max="{analysis.steps_total}"' in block
    fragment = client.get(f"/games/{finished.pk}/history/analysis/?seq=3", HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200
    assert fragment.content.decode().lstrip().startswith('<div id="review"')
    assert "HX-Location" not in fragment


def test_once_done_the_poll_stops_and_the_history_section_fills_in(client, finished):
    analysis = analysed(finished, status=Analysis.Status.RUNNING)
    analysis.delete()
    analysed(finished)
    fragment = client.get(f"/games/{finished.pk}/history/analysis/?seq=3", HTTP_HX_REQUEST="true")
    assert "hx-trigger" not in fragment.content.decode()
    location = json.loads(fragment["HX-Location"])
    assert location == {
        "path": f"/games/{finished.pk}/history/?seq=3",
        "target": "#history",
        "select": "#history",
        "swap": "outerHTML",
    }


def test_a_finished_game_without_a_review_says_so_and_asks_nothing(client, finished):
    html = history(client, finished)
    assert "There is no review of this game yet." in html
    assert "hx-trigger" not in html[html.index('id="review"') :].split(">")[0]


def test_a_failed_review_says_so_without_polling(client, finished):
    analysed(finished, status=Analysis.Status.FAILED)
    html = history(client, finished)
    assert "could not be computed" in html
    assert "hx-trigger" not in html[html.index('id="review"') :].split(">")[0]


def test_only_the_review_of_the_games_rules_version_is_shown(client, finished):
    old = analysed(finished)
    Analysis.objects.filter(pk=old.pk).update(rules_version=finished.rules_version + 1)
    assert "There is no review of this game yet." in history(client, finished)


def test_a_private_tables_review_is_its_players_only(client, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = invitations.create_table(ann, "gazobu", 2, {}, private=True, invitees=["ben"])
    store.join_game(game, ben)
    game = play_random_steps(Game.objects.get(pk=game.pk), 500, "private")
    analysed(game)
    client.force_login(make_user("eve"))
    assert client.get(f"/games/{game.pk}/history/analysis/").status_code == 403
    client.force_login(ann)
    assert client.get(f"/games/{game.pk}/history/analysis/").status_code == 200
