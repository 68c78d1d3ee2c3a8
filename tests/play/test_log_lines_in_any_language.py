"""A log line is kept with its language-free form and read in each reader's language: the
history page in the visitor's, the API in the one its client asks for (with the form beside
the text, for clients that render lines themselves), and `verify_log` checks both forms."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tabletop.play import store
from tabletop.play.models import LogLine, Move
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def resigned(make_user):
    game = started_game([make_user("ann"), make_user("ben"), make_user("cat")])
    store.resign(game, user_at(game, 1), Move.Source.WEB)
    game.refresh_from_db()
    return game


def test_the_line_is_kept_in_english_and_in_its_language_free_form(resigned):
    line = LogLine.objects.get(game=resigned, viewer=0, move__payload=store.RESIGN)
    assert line.text == "ben resigned."
    assert line.message == {"id": "%(name)s resigned.", "params": {"name": "ben"}}


def test_each_reader_reads_the_line_in_their_own_language(resigned):
    step = resigned.moves.get(payload=store.RESIGN).seq
    url = f"/games/{resigned.pk}/history/?seq={step}"
    assert "ben poddaje grę." in Client(HTTP_ACCEPT_LANGUAGE="pl").get(url).content.decode()
    assert "ben vzdává hru." in Client(HTTP_ACCEPT_LANGUAGE="cs").get(url).content.decode()
    assert "ben resigned." in Client(HTTP_ACCEPT_LANGUAGE="en").get(url).content.decode()


def test_the_api_gives_the_text_in_the_asked_language_and_the_form_beside_it(resigned):
    api = APIClient()
    api.force_authenticate(user_at(resigned, 0))
    lines = api.get(f"/api/games/{resigned.pk}/moves/", HTTP_ACCEPT_LANGUAGE="cs").json()
    [resignation] = [
        line for line in lines if (line["message"] or {}).get("id") == "%(name)s resigned."
    ]
    assert resignation["text"] == "ben vzdává hru."
    assert resignation["message"]["params"] == {"name": "ben"}


def test_verify_log_finds_a_line_whose_form_was_changed(resigned):
    assert store.verify(resigned) == []
    LogLine.objects.filter(game=resigned, viewer=0, move__payload=store.RESIGN).update(
        message={"id": "%(name)s won.", "params": {"name": "ben"}}
    )
    assert any("log lines differ" in problem for problem in store.verify(resigned))
