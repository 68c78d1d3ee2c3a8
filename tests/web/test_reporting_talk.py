"""The report button on a line of table talk, the moderators' view of a report in the admin,
and a hidden line gone from the page, the history and the API, with its place kept."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tabletop.play import chat
from tabletop.play.models import ChatMessage, Game, Move, Report
from tabletop.web import pages
from tests.helpers.factories import started_game


@pytest.fixture
def pair(make_user):
    return [make_user("ann"), make_user("ben")]


@pytest.fixture
def moderator(make_user):
    staff = make_user("mod")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    return staff


def page_of(client, game: Game, path: str = "") -> str:
    return client.get(f"/games/{game.pk}/{path}").content.decode()


def report_url(line: ChatMessage) -> str:
    return f"/games/{line.game_id}/chat/{line.pk}/report/"


def test_a_player_reports_a_line_of_talk_with_the_button_beside_it(client, pair):
    game = started_game(pair)
    ann, ben = pair
    theirs = chat.post(game, ben, "you play like a potato", Move.Source.WEB)
    mine = chat.post(game, ann, "no u", Move.Source.WEB)
    client.force_login(ann)

    html = page_of(client, game)
    assert f'action="{report_url(theirs)}"' in html
    assert f'action="{report_url(mine)}"' not in html  # nobody reports their own line
    assert f'action="{report_url(theirs)}"' in page_of(client, game, "history/")

    response = client.post(report_url(theirs), follow=True)
    assert response.redirect_chain[-1][0] == f"/games/{game.pk}/#talk"
    assert "the moderators will read the line you reported" in response.content.decode()
    assert client.post(report_url(theirs)).status_code == 302  # again: the same report
    [report] = Report.objects.all()
    assert (report.message, report.reporter) == (theirs, ann)


def test_reporting_too_many_lines_is_refused_with_429_and_why(client, pair, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report": "1/h"}
    game = started_game(pair)
    lines = [chat.post(game, pair[1], text, Move.Source.WEB) for text in ("one", "two")]
    client.force_login(pair[0])
    assert client.post(report_url(lines[0])).status_code == 302
    refused = client.post(report_url(lines[1]))
    assert refused.status_code == 429
    assert 0 < int(refused["Retry-After"]) <= 3600
    html = refused.content.decode()
    assert "Not reported:" in html and "You have reported many lines in a short time" in html
    assert Report.objects.count() == 1


def test_a_line_hidden_from_the_admin_is_gone_from_every_page_and_its_place_is_kept(
    client, pair, moderator
):
    game = started_game(pair)
    ann, ben = pair
    chat.post(game, ben, "good luck", Move.Source.WEB)
    vile = chat.post(game, ben, "something vile", Move.Source.WEB)
    client.force_login(ann)
    client.post(report_url(vile))
    seen_before = pages.version(game, ann)

    client.force_login(moderator)
    report = Report.objects.get()
    admin_page = client.get(f"/admin/play/report/{report.pk}/change/").content.decode()
    in_context = admin_page[admin_page.index("The line among the lines around it") :]
    assert in_context.index("good luck") < in_context.index("something vile")
    hidden = client.post(
        "/admin/play/report/", {"action": "hide_lines", "_selected_action": [report.pk]}
    )
    assert hidden.status_code == 302

    client.force_login(ann)
    assert pages.version(game, ann) != seen_before  # the live panel fetches itself again
    for path in ("", "history/", "panel/"):
        html = page_of(client, game, path)
        assert "something vile" not in html, path
        assert "good luck" in html, path
        assert "A moderator hid this line." in html, path
    api = APIClient()
    api.force_authenticate(ann)
    said = api.get(f"/api/games/{game.pk}/chat/").json()
    assert [(line["text"], line["hidden"]) for line in said] == [
        ("good luck", False),
        ("", True),
    ]
    assert client.post(report_url(vile)).status_code == 404
