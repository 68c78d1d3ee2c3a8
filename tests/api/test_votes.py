"""Votes through the API: call one, answer it, read them; refusals with their reasons."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tabletop.play.models import Game
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def table(make_user) -> Game:
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")])


def test_a_vote_is_called_and_answered_through_the_api(table, frozen):
    late = table.to_act[0]
    frozen.past_deadline(table, late)
    caller, second = [s for s in range(3) if s != late]
    called = client_for(user_at(table, caller)).post(
        f"/api/games/{table.pk}/votes/", {"subject": "replace", "seat": late}, format="json"
    )
    assert called.status_code == 201
    body = called.json()
    assert body["question"] == f"let the computer play {user_at(table, late).username}'s seat"
    assert body["yes"] == [caller] and body["result"] == ""
    answered = client_for(user_at(table, second)).post(
        f"/api/games/{table.pk}/votes/{body['id']}/", {"yes": True}, format="json"
    )
    assert answered.status_code == 200
    assert answered.json()["result"] == "passed"
    listed = client_for(user_at(table, late)).get(f"/api/games/{table.pk}/votes/").json()
    assert [vote["result"] for vote in listed] == ["passed"]


def test_a_bad_vote_is_refused_with_400_and_the_reason(table):
    response = client_for(user_at(table, 0)).post(
        f"/api/games/{table.pk}/votes/", {"subject": "extend", "days": 12}, format="json"
    )
    assert response.status_code == 400
    assert "1 to 7 days" in response.json()["detail"]


def test_answering_twice_or_a_vote_about_you_is_refused(table, frozen):
    late = table.to_act[0]
    frozen.past_deadline(table, late)
    caller = [s for s in range(3) if s != late][0]
    body = (
        client_for(user_at(table, caller))
        .post(f"/api/games/{table.pk}/votes/", {"subject": "replace", "seat": late}, format="json")
        .json()
    )
    about_you = client_for(user_at(table, late)).post(
        f"/api/games/{table.pk}/votes/{body['id']}/", {"yes": False}, format="json"
    )
    assert about_you.status_code == 403
    again = client_for(user_at(table, caller)).post(
        f"/api/games/{table.pk}/votes/{body['id']}/", {"yes": True}, format="json"
    )
    assert again.status_code == 400
    assert "already" in again.json()["detail"]


def test_an_answer_without_yes_or_to_no_such_vote_is_refused(table):
    client = client_for(user_at(table, 0))
    assert client.post(f"/api/games/{table.pk}/votes/999/", {"yes": True}).status_code == 404
    body = client.post(
        f"/api/games/{table.pk}/votes/", {"subject": "end", "how": "scored"}, format="json"
    ).json()
    response = client_for(user_at(table, 1)).post(
        f"/api/games/{table.pk}/votes/{body['id']}/", {}, format="json"
    )
    assert response.status_code == 400
    assert "yes" in response.json()["detail"]


def test_a_vote_to_give_a_seat_to_the_computer_waits_for_its_deadline(table, frozen):
    late = table.to_act[0]
    caller = [s for s in range(3) if s != late][0]
    asked = {"subject": "replace", "seat": late}
    early = client_for(user_at(table, caller)).post(
        f"/api/games/{table.pk}/votes/", asked, format="json"
    )
    assert early.status_code == 400
    name = user_at(table, late).username
    assert early.json()["detail"] == (
        f"{name}'s deadline has not passed yet. A seat can be given to the computer only once "
        "its deadline has passed."
    )
    frozen.past_deadline(table, late)
    late_call = client_for(user_at(table, caller)).post(
        f"/api/games/{table.pk}/votes/", asked, format="json"
    )
    assert late_call.status_code == 201
