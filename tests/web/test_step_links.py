"""Links to a step of a game's history: each step's own title and description for link
previews, a permalink at the step, the finished game's "as <player> saw it" switch, and the
text record's download."""

from __future__ import annotations

import html
import re

import pytest

import games
from tabletop.play import records
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.models import Game, LogLine
from tests.helpers.factories import play_random_steps, started_game


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def players(make_user):
    return [make_user("ann"), make_user("ben")]


@pytest.fixture
def finished(players) -> Game:
    game = play_bot_steps(started_game(players), games.Rng("step links"))
    assert game.is_over
    return game


def meta(page: str, name: str) -> str:
    found = re.search(rf'<meta (?:name|property)="{name}" content="(?P<content>[^"]*)">', page)
    assert found, f"no {name} meta"
    return html.unescape(found["content"])


def board_of(page: str) -> str:
    return page[page.index('class="board-form readonly"') : page.index('<aside class="panel-side"')]


def log_of(page: str) -> str:
    return page[page.index('id="history-log"') :]


def test_each_step_has_its_own_title_and_description_for_link_previews(client, finished):
    page = client.get(f"/games/{finished.pk}/history/?seq=3").content.decode()
    line = LogLine.objects.get(game=finished, seq=3, viewer=LogLine.EVERYONE).text
    title = f"Gazobu #{finished.pk}, move 3"
    assert f"<title>{title} · tabletop</title>" in page
    assert meta(page, "og:title") == title
    assert meta(page, "description") == meta(page, "og:description") == line
    assert meta(page, "og:url") == f"http://localhost:8000/games/{finished.pk}/history/?seq=3"
    deal = client.get(f"/games/{finished.pk}/history/?seq=0").content.decode()
    assert meta(deal, "description") == "The position before the first move."


def test_the_step_shown_has_a_permalink_that_opens_it(client, finished):
    page = client.get(f"/games/{finished.pk}/history/?seq=5").content.decode()
    link = f"http://localhost:8000/games/{finished.pk}/history/?seq=5"
    assert f'<a href="{link}" rel="bookmark" id="step-link"' in page
    assert f'readonly value="{link}"' in page
    opened = client.get(link.removeprefix("http://localhost:8000")).content.decode()
    assert 'data-seq="5"' in opened


def test_as_a_player_saw_it_shows_their_hand_and_the_log_they_read_not_the_others(client, finished):
    seq = 6
    everything = client.get(f"/games/{finished.pk}/history/?seq={seq}").content.decode()
    as_ann = client.get(f"/games/{finished.pk}/history/as/0/?seq={seq}").content.decode()
    as_ben = client.get(f"/games/{finished.pk}/history/as/1/?seq={seq}").content.decode()
    assert "gz-revealed" in board_of(everything)  # every hand, once the game is over
    for page in (as_ann, as_ben):
        assert "gz-revealed" not in board_of(page) and "gz-hand" in board_of(page)
    assert board_of(as_ann) != board_of(as_ben)
    ann_read = LogLine.objects.filter(game=finished, viewer=0, seq__lte=seq)
    for line in ann_read:
        assert html.escape(line.text) in log_of(as_ann)
    assert "You " in log_of(as_ann) and "You " not in log_of(everything)
    assert meta(as_ann, "og:title") == f"Gazobu #{finished.pk}, move {seq}, as ann saw it"
    assert f'href="?seq={seq - 1}"' in as_ann  # stepping stays in ann's view: the path holds it


def test_the_switch_names_everything_and_each_player_and_marks_the_one_shown(client, finished):
    page = client.get(f"/games/{finished.pk}/history/as/1/?seq=4").content.decode()
    start = page.index('class="step-switch"')
    switch = page[start : page.index("</nav>", start)]
    assert f'href="/games/{finished.pk}/history/?seq=4">everything</a>' in switch
    assert f'href="/games/{finished.pk}/history/as/0/?seq=4">as ann saw it</a>' in switch
    assert (
        f'href="/games/{finished.pk}/history/as/1/?seq=4" aria-current="page">as ben saw it</a>'
    ) in switch


def test_during_play_there_is_no_switch_and_no_seats_view(client, players):
    game = play_random_steps(started_game(players), 6)
    client.force_login(players[0])
    page = client.get(f"/games/{game.pk}/history/").content.decode()
    assert "step-switch" not in page and "saw it" not in page
    assert "step-link" in page  # the permalink is there all the same
    assert client.get(f"/games/{game.pk}/history/as/1/").status_code == 404


@pytest.mark.parametrize("seat", ["2", "99", "-1", "ann"])
def test_a_seat_the_game_does_not_have_is_not_found(client, finished, seat):
    assert client.get(f"/games/{finished.pk}/history/as/{seat}/").status_code == 404


def test_the_record_downloads_from_the_history_page(client, finished):
    page = client.get(f"/games/{finished.pk}/history/").content.decode()
    assert f'href="/games/{finished.pk}/record.txt" download' in page
    response = client.get(f"/games/{finished.pk}/record.txt")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    text = response.content.decode()
    assert text == records.write(finished)
    assert text.startswith(records.MARK)


def test_a_game_in_play_has_no_record_to_download(client, players):
    game = play_random_steps(started_game(players), 3)
    client.force_login(players[0])
    assert client.get(f"/games/{game.pk}/record.txt").status_code == 404
    assert "record.txt" not in client.get(f"/games/{game.pk}/history/").content.decode()
