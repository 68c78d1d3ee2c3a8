"""A player's profile, on a page and at /api/players/{username}/: games played and won per
game, ratings, time to move, finished and current games, only as far as the viewer may see."""

from __future__ import annotations

from django.test import Client
from rest_framework.test import APIClient

from tabletop.play import store
from tabletop.ratings.models import Rating
from tests.helpers.factories import play_as_people, started_game


def profile(name: str, viewer=None) -> dict:
    client = APIClient()
    if viewer is not None:
        client.force_authenticate(viewer)
    response = client.get(f"/api/players/{name}/")
    assert response.status_code == 200, response.content
    return response.json()


def test_a_profile_counts_games_played_and_won_with_the_current_rating(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    games = [play_as_people(started_game([ann, ben]), f"profile-{n}") for n in range(2)]
    won = sum(1 for game in games if game.outcome["winners"] == [0])
    [gazobu] = profile("ann")["games"]
    assert (gazobu["game"], gazobu["played"], gazobu["won"]) == ("gazobu", 2, won)
    assert gazobu["rating"] == Rating.objects.get(user=ann).shown
    assert [point["game_id"] for point in gazobu["history"]] == [g.pk for g in games]
    page = Client().get("/players/ann/").content.decode()
    assert f'<strong class="rating">{gazobu["rating"]}</strong>' in page
    assert "Gazobu #" in page


def test_finished_games_link_their_history_and_log(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = play_as_people(started_game([ann, ben]), "links")
    [entry] = profile("ben")["finished"]
    assert entry["history"] == f"/games/{game.pk}/history/"
    assert entry["log"] == f"/games/{game.pk}/history/log.json"
    assert entry["players"] == ["ann", "ben"]


def test_a_game_in_play_shows_only_what_a_spectator_sees_of_it(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = play_as_people(started_game([ann, ben]), "current", steps=4)
    [entry] = profile("ann", viewer=ben)["current"]
    assert entry["id"] == game.pk and entry["seq"] == game.seq
    assert entry["log"] is None and entry["winners"] == []
    assert set(entry) == {
        "id", "game", "title", "players", "seq", "finished", "winners", "history", "log"
    }  # fmt: skip


def test_time_to_move_is_counted_from_finished_games_only(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    play_as_people(started_game([ann, ben]), "timing", steps=4)
    assert profile("ann")["average_seconds_to_move"] is None
    play_as_people(started_game([ann, ben]), "timing-done")
    assert profile("ann")["average_seconds_to_move"] >= 0


def test_a_private_table_is_on_the_profile_only_for_its_players(make_user):
    ann, ben, eve = make_user("ann"), make_user("ben"), make_user("eve")
    game = store.create_game(ann, "gazobu", 2, {}, private=True)
    from tabletop.play import invitations

    invitations.invite(game, "ben", ann)
    store.join_game(game, ben)
    assert profile("ann", viewer=eve)["current"] == []
    assert profile("ann")["current"] == []
    assert [entry["id"] for entry in profile("ann", viewer=ben)["current"]] == [game.pk]
    page = Client().get("/players/ann/").content.decode()
    assert f"#{game.pk}" not in page


def test_an_unknown_player_is_a_404_that_says_so(db):
    response = APIClient().get("/api/players/nobody/")
    assert response.status_code == 404
    assert "nobody" in response.json()["detail"]
    assert Client().get("/players/nobody/").status_code == 404
