"""`GET /api/me/export/`: everything held about the player, the games as their seat reads
them (never another seat's hidden cards), and listed in the OpenAPI schema."""

from __future__ import annotations

from rest_framework.test import APIClient

from tabletop.accounts import deletion
from tabletop.play.models import Game
from tests.helpers.factories import play_random_steps, started_game


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_the_export_shows_a_running_game_as_the_players_seat_reads_it(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = play_random_steps(started_game([ann, ben], "dos"), 3)
    game = Game.objects.get(pk=game.pk)
    seat, other = game.seat_of(ann), 1 - game.seat_of(ann)

    response = client_for(ann).get("/api/me/export/")

    assert response.status_code == 200
    [played] = response.json()["games"]
    assert played["position"] == game.rules.view(game.state, seat)
    assert played["position"]["hand"] == game.state["hands"][seat]
    text = response.content.decode()
    assert '"hands"' not in text
    others_hand = game.rules.view(game.state, other)["hand"]
    assert played["position"]["hand"] != others_hand
    assert played["seed"] is None  # still secret while the game runs
    assert [line["seq"] for line in played["log"]] == list(range(1, game.seq + 1))
    told_to_the_seat = game.log_lines.filter(viewer=seat).order_by("seq")
    assert [line["text"] for line in played["log"]] == [line.text for line in told_to_the_seat]


def test_the_export_asks_who_you_are(db):
    assert APIClient().get("/api/me/export/").status_code == 401


def test_the_export_is_in_the_openapi_schema(client, db):
    schema = client.get("/api/schema/?format=json").json()
    assert "get" in schema["paths"]["/api/me/export/"]


def test_the_api_names_a_former_player_in_the_readers_language(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben], "gazobu")
    deletion.delete_account(ann)

    response = client_for(ben).get(f"/api/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="cs")

    assert response.status_code == 200
    text = response.content.decode()
    assert "bývalý hráč" in text and "former" not in text
