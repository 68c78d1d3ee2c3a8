"""A player's own data from the settings page: one JSON file of everything held about them."""

from __future__ import annotations

import json

from tabletop.play import chat, notes
from tests.helpers.factories import started_game


def test_the_settings_page_offers_the_file_of_everything_held_about_the_player(client, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben], "dos")
    notes.keep(game, ann, "ben hoards reds")
    chat.post(game, ann, "good luck!", "web")
    chat.post(game, ben, "you too", "web")
    client.force_login(ann)

    page = client.get("/settings/").content.decode()
    assert 'href="/settings/my-data/"' in page

    response = client.get("/settings/my-data/")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="tabletop-ann.json"'
    data = json.loads(response.content)
    assert data["account"]["username"] == "ann"
    assert data["account"]["addresses"] == [
        {"email": "ann@example.com", "verified": True, "primary": True}
    ]
    assert data["preferences"]["time_zone"] == "UTC"
    assert data["notes"] == [
        {"game": game.pk, "text": "ben hoards reds", "updated": data["notes"][0]["updated"]}
    ]
    assert [said["text"] for said in data["talk"]] == ["good luck!"]
    [played] = data["games"]
    assert played["id"] == game.pk and played["seat"] == game.seat_of(ann)


def test_the_file_is_for_the_logged_in_player_only(client, db):
    assert client.get("/settings/my-data/").status_code == 302
