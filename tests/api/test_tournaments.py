"""Tournaments through the API: created, joined and left, started by the organiser, every
round seated by itself as the bots finish the games, standings that match a hand count, and a
tournament by invitation that nobody else sees."""

from __future__ import annotations

from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from tabletop.play import clock
from tabletop.tournaments.models import Tournament
from tests.helpers.tournaments import finish_round, games_of_round, hand_count

pytestmark = pytest.mark.django_db


def client_for(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def created(organiser, **fields) -> dict:
    body = {
        "name": "Winter cup",
        "game": "dos",
        "format": "round_robin",
        "table_size": 2,
        "max_players": 6,
        "signup_deadline": (clock.now() + timedelta(days=3)).isoformat(),
        **fields,
    }
    response = client_for(organiser).post("/api/tournaments/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def test_a_two_seat_round_robin_of_dos_runs_to_its_end_through_the_api(make_user):
    organiser = make_user("org")
    field = [make_user(f"p{n}") for n in range(6)]
    answer = created(organiser)
    url = f"/api/tournaments/{answer['id']}/"
    for player in field:
        assert client_for(player).post(url + "join/").status_code == 200
    started = client_for(organiser).post(url + "start/")
    assert started.status_code == 200
    assert started.json()["status"] == "running"
    assert started.json()["rounds"] == 5
    tournament = Tournament.objects.get(pk=answer["id"])
    for number in range(1, 6):
        detail = client_for(field[0]).get(url).json()
        assert detail["current_round"] == number
        assert len(detail["round_list"][number - 1]["tables"]) == 3
        finish_round(tournament, seed=f"api-{number}")
    detail = client_for(field[0]).get(url).json()
    assert detail["status"] == "finished"
    met = {frozenset(table["players"]) for r in detail["round_list"] for table in r["tables"]}
    assert len(met) == 15  # every pair of six players met once
    standings = client_for().get(url + "standings/").json()
    counted = hand_count(tournament)
    names = {p.username: p.pk for p in field}
    assert {row["player"]: row["points"] for row in standings} == pytest.approx(
        {name: counted[pk] for name, pk in names.items()}
    )
    assert sorted(detail["winners"]) == sorted(
        row["player"] for row in standings if row["place"] == 1
    )


def test_a_three_seat_swiss_of_dr_gomb_runs_three_rounds_through_the_api(make_user):
    organiser = make_user("org")
    field = [make_user(f"p{n}") for n in range(9)]
    answer = created(
        organiser, game="dr_gomb", format="swiss", rounds=3, table_size=3, max_players=9
    )
    url = f"/api/tournaments/{answer['id']}/"
    for player in field:
        assert client_for(player).post(url + "join/").status_code == 200
    assert client_for(organiser).post(url + "start/").status_code == 200
    tournament = Tournament.objects.get(pk=answer["id"])
    for number in (1, 2, 3):
        detail = client_for(field[0]).get(url).json()
        assert detail["current_round"] == number
        tables = detail["round_list"][number - 1]["tables"]
        assert sorted(len(table["players"]) for table in tables) == [3, 3, 3]
        finish_round(tournament, seed=f"swiss-api-{number}")
    detail = client_for(field[0]).get(url).json()
    assert detail["status"] == "finished"
    standings = client_for(field[0]).get(url + "standings/").json()
    counted = hand_count(tournament)
    names = {p.username: p.pk for p in field}
    assert {row["player"]: row["points"] for row in standings} == pytest.approx(
        {name: counted[pk] for name, pk in names.items()}
    )
    assert sum(row["points"] for row in standings) == pytest.approx(9 * (1 + 0.5 + 0))


def test_the_list_shows_tournaments_open_to_join_by_status(make_user):
    organiser = make_user("org")
    created(organiser, name="Open one")
    response = client_for().get("/api/tournaments/?status=signup")
    assert [t["name"] for t in response.json()] == ["Open one"]
    assert client_for().get("/api/tournaments/?status=running").json() == []
    refused = client_for().get("/api/tournaments/?status=sideways")
    assert refused.status_code == 400


def test_a_tournament_by_invitation_and_its_games_are_seen_only_by_its_players(make_user):
    organiser, ann, ben, eve = (make_user(n) for n in ("org", "ann", "ben", "eve"))
    answer = created(organiser, private=True, invite=["ann", "ben"], max_players=2)
    url = f"/api/tournaments/{answer['id']}/"
    assert client_for(eve).get(url).status_code == 403
    assert client_for().get(url).status_code == 401
    assert client_for(eve).post(url + "join/").status_code == 403
    assert answer["id"] not in [t["id"] for t in client_for(eve).get("/api/tournaments/").json()]
    for player in (ann, ben):
        assert client_for(player).post(url + "join/").status_code == 200
    client_for(organiser).post(url + "start/")
    game = games_of_round(Tournament.objects.get(pk=answer["id"]))[0]
    assert client_for(eve).get(f"/api/games/{game.pk}/").status_code == 403
    assert client_for(ann).get(f"/api/games/{game.pk}/").status_code == 200


def test_joining_a_full_or_started_tournament_is_refused_with_the_reason(make_user):
    organiser, ann, ben, cat = (make_user(n) for n in ("org", "ann", "ben", "cat"))
    url = f"/api/tournaments/{created(organiser, max_players=2)['id']}/"
    client_for(ann).post(url + "join/")
    client_for(ben).post(url + "join/")
    full = client_for(cat).post(url + "join/")
    assert full.status_code == 409
    assert "full" in full.json()["detail"]
    assert client_for(ann).post(url + "join/").status_code == 400  # in already


def test_only_the_organiser_starts_cancels_or_drops(make_user):
    organiser, ann, ben = (make_user(n) for n in ("org", "ann", "ben"))
    url = f"/api/tournaments/{created(organiser, max_players=2)['id']}/"
    client_for(ann).post(url + "join/")
    too_few = client_for(organiser).post(url + "start/")
    assert too_few.status_code == 409
    client_for(ben).post(url + "join/")
    assert client_for(ann).post(url + "start/").status_code == 403
    assert client_for(ann).post(url + "cancel/").status_code == 403
    assert client_for(organiser).post(url + "start/").status_code == 200
    drop = {"player": "ben", "reason": "Asked to leave"}
    assert client_for(ann).post(url + "drop/", drop, format="json").status_code == 403
    dropped = client_for(organiser).post(url + "drop/", drop, format="json")
    assert dropped.status_code == 200
    entry = {e["player"]: e for e in dropped.json()["entries"]}["ben"]
    assert entry["dropped"] and entry["drop_reason"] == "Asked to leave"


def test_leaving_before_the_start_frees_the_place(make_user):
    organiser, ann = make_user("org"), make_user("ann")
    url = f"/api/tournaments/{created(organiser)['id']}/"
    client_for(ann).post(url + "join/")
    left = client_for(ann).post(url + "leave/")
    assert left.status_code == 200
    assert left.json()["players"] == 0
    assert client_for(ann).post(url + "leave/").status_code == 400


def test_a_tournament_that_cannot_be_is_refused_with_400(make_user):
    organiser = make_user("org")
    body = {
        "game": "dos",
        "format": "swiss",
        "table_size": 2,
        "max_players": 8,
        "signup_deadline": (clock.now() + timedelta(days=3)).isoformat(),
    }
    no_rounds = client_for(organiser).post("/api/tournaments/", body, format="json")
    assert no_rounds.status_code == 400
    past = {**body, "rounds": 3, "signup_deadline": (clock.now() - timedelta(days=1)).isoformat()}
    assert client_for(organiser).post("/api/tournaments/", past, format="json").status_code == 400
    assert client_for().post("/api/tournaments/", body, format="json").status_code == 401
    everyone = {**body, "format": "round_robin", "max_players": 31}
    too_many = client_for(organiser).post("/api/tournaments/", everyone, format="json")
    assert too_many.status_code == 400
    assert "at most 30 players" in too_many.json()["detail"]
