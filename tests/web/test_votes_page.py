"""Votes on the game page: asking the table, and answering with one click."""

from __future__ import annotations

import pytest

from tabletop.play.models import Game, Vote
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def table(make_user) -> Game:
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")])


def test_a_player_asks_the_table_and_another_answers_with_one_click(client, table):
    late = table.to_act[0]
    caller, second = [s for s in range(3) if s != late]
    client.force_login(user_at(table, caller))
    response = client.post(
        f"/games/{table.pk}/votes/", {"subject": "extend", "seat": late, "days": "2"}
    )
    assert response.status_code == 302
    vote = Vote.objects.get(game=table)
    client.force_login(user_at(table, second))
    html = client.get(f"/games/{table.pk}/").content.decode()
    late_name = user_at(table, late).username
    assert f"give {late_name} 2 more days for this turn?" in html
    assert "Vote yes" in html
    client.post(f"/games/{table.pk}/votes/{vote.pk}/", {"yes": "yes"})
    vote.refresh_from_db()
    assert vote.result == "passed"
    html = client.get(f"/games/{table.pk}/").content.decode()
    assert "The table is voting" not in html
    assert "passed." in html


def test_the_player_a_vote_is_about_gets_no_buttons(client, table, frozen):
    late = table.to_act[0]
    frozen.past_deadline(table, late)
    caller = [s for s in range(3) if s != late][0]
    client.force_login(user_at(table, caller))
    client.post(f"/games/{table.pk}/votes/", {"subject": "replace", "seat": late, "days": "1"})
    client.force_login(user_at(table, late))
    html = client.get(f"/games/{table.pk}/").content.decode()
    assert "The table is voting" in html and "Vote yes" not in html


def test_a_vote_ending_the_game_is_asked_from_the_same_form(client, table):
    client.force_login(user_at(table, 0))
    client.post(f"/games/{table.pk}/votes/", {"subject": "end:abandoned", "seat": "0"})
    assert Vote.objects.get(game=table).details == {"how": "abandoned"}


def test_a_refused_vote_is_shown_in_place_with_the_reason(client, table):
    client.force_login(user_at(table, 0))
    response = client.post(f"/games/{table.pk}/votes/", {"subject": "take-back"})
    assert response.status_code == 400
    assert "no move of your own" in response.content.decode()


def test_an_answer_that_is_neither_yes_nor_no_is_refused(client, table):
    client.force_login(user_at(table, 0))
    client.post(f"/games/{table.pk}/votes/", {"subject": "end:scored"})
    vote = Vote.objects.get(game=table)
    client.force_login(user_at(table, 1))
    response = client.post(f"/games/{table.pk}/votes/{vote.pk}/", {"yes": "maybe"})
    assert response.status_code == 400


def test_giving_a_punctual_players_seat_to_the_computer_is_refused_with_the_reason(client, table):
    late = table.to_act[0]
    caller = [s for s in range(3) if s != late][0]
    client.force_login(user_at(table, caller))
    response = client.post(f"/games/{table.pk}/votes/", {"subject": "replace", "seat": late})
    assert response.status_code == 400
    page = response.content.decode()
    assert f"{user_at(table, late).username}&#x27;s deadline has not passed yet." in page
    assert not Vote.objects.filter(game=table).exists()
