"""Keeping up with many games: every page's title counts the games waiting for the player, a
game page leads to the next one waiting, the dashboard refreshes itself, and the players at a
table see who is on vacation and until when."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tabletop.accounts.models import Preferences
from tests.helpers.factories import play_random_steps, started_game

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def ann(make_user):
    return make_user("ann")


@pytest.fixture
def others(make_user):
    return [make_user("ben"), make_user("cat"), make_user("dan")]


def title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.S).group(1)


def waiting_for(user, game) -> bool:
    return game.seat_of(user) in game.to_act


def game_waiting_for(player, opponent, *, waits: bool):
    """A two-player game that waits for `player` (waits=True) or for their opponent."""
    game = started_game([player, opponent])
    while waiting_for(player, game) != waits:
        game = play_random_steps(game, 1)
    return game


# ---------------------------------------------------------------------------- the title


def test_every_page_title_counts_the_games_waiting_for_the_player(client, ann, others, frozen):
    for opponent in others[:2]:
        game_waiting_for(ann, opponent, waits=True)
    game_waiting_for(ann, others[2], waits=False)
    client.force_login(ann)

    assert title(client.get("/").content.decode()) == "(2) Your games · tabletop"
    assert title(client.get("/games/open/").content.decode()).startswith("(2) ")
    assert title(client.get("/settings/").content.decode()).startswith("(2) ")


def test_no_count_when_nothing_waits_and_none_for_visitors(client, ann, others):
    game_waiting_for(ann, others[0], waits=False)
    assert not title(client.get("/").content.decode()).startswith("(")
    client.force_login(ann)
    assert title(client.get("/").content.decode()) == "Your games · tabletop"


def test_a_finished_game_no_longer_counts(client, ann, others):
    game = game_waiting_for(ann, others[0], waits=True)
    while not game.is_over:
        game = play_random_steps(game, 50)
    client.force_login(ann)
    assert not title(client.get("/").content.decode()).startswith("(")


def is_waiting_count(sql: str) -> bool:
    # The player's waiting seats, by id alone (the next game's query reads their games).
    return sql.upper().startswith('SELECT "PLAY_SEAT"."ID" AS "ID" FROM "PLAY_SEAT"') and (
        "turn_started" in sql
    )


def test_the_count_is_one_query_and_a_polled_panel_does_not_pay_for_it(client, ann, others):
    game = game_waiting_for(ann, others[0], waits=True)
    client.force_login(ann)
    with CaptureQueriesContext(connection) as page:
        client.get(f"/games/{game.pk}/")
    with CaptureQueriesContext(connection) as poll:
        client.get(f"/games/{game.pk}/panel/?version=unknown")
    # The count of the seats waiting for the player (the game's version, read in one query
    # for the conditional GET, also mentions turn_started: it is not this count).
    counting = [q["sql"] for q in page.captured_queries if is_waiting_count(q["sql"])]
    assert len(counting) == 1
    assert not [q for q in poll.captured_queries if q["sql"] in counting]


# ---------------------------------------------------------------------------- the next game


def test_the_game_page_leads_to_the_game_that_has_waited_longest(client, ann, others, frozen):
    oldest = game_waiting_for(ann, others[0], waits=True)
    frozen.advance(hours=1)
    younger = game_waiting_for(ann, others[1], waits=True)
    frozen.advance(hours=1)
    here = game_waiting_for(ann, others[2], waits=True)
    client.force_login(ann)

    html = client.get(f"/games/{here.pk}/").content.decode()
    link = re.search(
        r'<a [^>]*href="/games/(\d+)/"[^>]*>Next game waiting for you: ([^<]*)</a>', html
    )
    assert link.groups() == (str(oldest.pk), f"Gazobu #{oldest.pk} →")

    html = client.get(f"/games/{oldest.pk}/").content.decode()
    assert f"Next game waiting for you: Gazobu #{younger.pk}" in html


def test_no_next_game_when_no_other_game_waits(client, ann, others):
    here = game_waiting_for(ann, others[0], waits=True)
    game_waiting_for(ann, others[1], waits=False)
    client.force_login(ann)
    assert "Next game waiting" not in client.get(f"/games/{here.pk}/").content.decode()


def test_the_next_game_link_comes_with_the_panel_after_a_move(client, ann, others):
    elsewhere = game_waiting_for(ann, others[0], waits=True)
    here = game_waiting_for(ann, others[1], waits=True)
    client.force_login(ann)
    seat = here.seat_of(ann)
    move = here.rules.legal_moves(here.state, seat)[0]
    response = client.post(
        f"/games/{here.pk}/move/",
        {"move": json.dumps(move), "expected_seq": here.seq},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert f"Next game waiting for you: Gazobu #{elsewhere.pk}" in response.content.decode()


# ---------------------------------------------------------------------------- the dashboard


def test_the_dashboard_polls_its_games_and_hears_nothing_until_one_changes(client, ann, others):
    game = game_waiting_for(ann, others[0], waits=False)
    client.force_login(ann)
    html = client.get("/").content.decode()
    poll = re.search(r'hx-get="(/games/mine/\?version=[0-9a-f]+)" hx-trigger="every 15s"', html)
    assert poll
    assert client.get(poll.group(1)).status_code == 204

    while not waiting_for(ann, game):
        game = play_random_steps(game, 1)
    response = client.get(poll.group(1))
    assert response.status_code == 200
    fragment = response.content.decode()
    assert fragment.startswith("<title>(1) Your games · tabletop</title>")
    assert f"Gazobu #{game.pk}" in fragment.split("Waiting for others")[0]
    assert 'id="dashboard-games"' in fragment
    again = re.search(r'hx-get="(/games/mine/\?version=[0-9a-f]+)"', fragment).group(1)
    assert again != poll.group(1)
    assert client.get(again).status_code == 204


def test_the_dashboard_fragment_asks_for_a_log_in(client):
    response = client.get("/games/mine/")
    assert response.status_code == 302


# ---------------------------------------------------------------------------- vacations


def test_opponents_see_a_vacation_and_until_when(client, ann, others, frozen):
    ben = others[0]
    today = frozen.now.date()
    Preferences.objects.create(
        user=ben, vacation_start=today, vacation_end=today + timedelta(days=3)
    )
    game = started_game([ann, ben])
    client.force_login(ann)
    html = client.get(f"/games/{game.pk}/").content.decode()
    until = (today + timedelta(days=3)).strftime("%a %-d %b")
    assert f"on vacation until {until}" in html


def test_a_vacation_to_come_shows_its_days(client, ann, others, frozen):
    ben = others[0]
    first = frozen.now.date() + timedelta(days=5)
    last = first + timedelta(days=2)
    Preferences.objects.create(user=ben, vacation_start=first, vacation_end=last)
    game = started_game([ann, ben])
    client.force_login(ann)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert f"on vacation {first:%-d %b} – {last:%-d %b}" in html


def test_a_vacation_in_the_players_time_zone_and_one_that_is_over(client, ann, others, frozen):
    ben, cat = others[0], others[1]
    frozen.set(frozen.now.replace(hour=23, minute=0))
    tomorrow = frozen.now.date() + timedelta(days=1)
    # In Tokyo it is already tomorrow: ben's vacation has begun; cat's ended yesterday.
    Preferences.objects.create(
        user=ben, time_zone="Asia/Tokyo", vacation_start=tomorrow, vacation_end=tomorrow
    )
    yesterday = frozen.now.date() - timedelta(days=1)
    Preferences.objects.create(user=cat, vacation_start=yesterday, vacation_end=yesterday)
    game = started_game([ann, ben, cat])
    client.force_login(ann)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert f"on vacation until {tomorrow:%a %-d %b}" in html
    assert html.count("on vacation") == 1


def test_onlookers_do_not_see_vacations(client, ann, others, frozen):
    ben = others[0]
    today = frozen.now.date()
    Preferences.objects.create(user=ben, vacation_start=today, vacation_end=today)
    game = started_game([ann, ben])
    assert "on vacation" not in client.get(f"/games/{game.pk}/").content.decode()
    client.force_login(others[1])
    assert "on vacation" not in client.get(f"/games/{game.pk}/").content.decode()


def test_every_new_text_is_escaped(client, ann, frozen):
    sly = get_user_model().objects.create_user("<b>sly</b>", email="sly@example.com")
    today = frozen.now.date()
    Preferences.objects.create(user=sly, vacation_start=today, vacation_end=today)
    here = game_waiting_for(ann, sly, waits=True)
    game_waiting_for(ann, sly, waits=True)
    client.force_login(ann)
    html = client.get(f"/games/{here.pk}/").content.decode()
    assert "<b>sly</b>" not in html
    assert "&lt;b&gt;sly&lt;/b&gt;" in html
    assert "on vacation until" in html
