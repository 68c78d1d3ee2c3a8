"""The archive of finished games: filter by game, player, date and result, sort, page; the
same on the page and in the API, and only the games the viewer may see."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from tabletop.play import invitations, store
from tabletop.play.models import Game
from tabletop.ratings.archive import PAGE_SIZE
from tests.helpers.factories import play_as_people, started_game


def listed(query: str = "", viewer=None) -> list[int]:
    client = APIClient()
    if viewer is not None:
        client.force_authenticate(viewer)
    response = client.get(f"/api/games/archive/?{query}")
    assert response.status_code == 200, response.content
    return [entry["id"] for entry in response.json()["results"]]


@pytest.fixture
def finished(make_user) -> dict[str, Game]:
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    return {
        "ann-ben": play_as_people(started_game([ann, ben]), "archive-1"),
        "ben-cat": play_as_people(started_game([ben, cat]), "archive-2"),
        "dos": resigned(started_game([ann, cat], slug="dos"), ann),
    }


def resigned(game: Game, player) -> Game:
    store.resign(game, player, "resign")
    game.refresh_from_db()
    return game


def test_finished_games_are_listed_newest_first_and_games_in_play_are_not(finished, make_user):
    started_game([make_user("dan"), make_user("eve")])
    newest_first = sorted(finished.values(), key=lambda g: (g.finished, g.pk), reverse=True)
    assert listed() == [game.pk for game in newest_first]


def test_the_archive_filters_by_game_and_player(finished):
    assert listed("game=dos") == [finished["dos"].pk]
    assert set(listed("player=ben")) == {finished["ann-ben"].pk, finished["ben-cat"].pk}
    assert listed("player=ann&game=gazobu") == [finished["ann-ben"].pk]


def test_the_archive_filters_the_games_a_player_won_or_lost(finished):
    won = {g.pk for g in finished.values() if "ben" in winners(g)}
    played = {finished["ann-ben"].pk, finished["ben-cat"].pk}
    assert set(listed("player=ben&result=won")) == won
    assert set(listed("player=ben&result=lost")) == played - won


def winners(game: Game) -> list[str]:
    seats = game.seats.order_by("position")
    return [s.user.username for s in seats if s.position in game.outcome["winners"]]


def test_the_archive_filters_by_date(finished):
    old = finished["ben-cat"]
    Game.objects.filter(pk=old.pk).update(finished=timezone.now() - timedelta(days=40))
    cutoff = (timezone.now() - timedelta(days=10)).date().isoformat()
    assert listed(f"finished_before={cutoff}") == [old.pk]
    assert old.pk not in listed(f"finished_after={cutoff}")


def test_the_archive_sorts_by_moves_either_way(finished):
    moves = {g.pk: g.seq for g in finished.values()}
    assert [moves[pk] for pk in listed("sort=moves")] == sorted(moves.values())
    assert [moves[pk] for pk in listed("sort=-moves")] == sorted(moves.values(), reverse=True)


def test_the_archive_comes_a_page_at_a_time(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    for _ in range(PAGE_SIZE + 1):
        resigned(started_game([ann, ben]), ann)
    first = APIClient().get("/api/games/archive/").json()
    assert first["count"] == PAGE_SIZE + 1 and len(first["results"]) == PAGE_SIZE
    assert len(APIClient().get(first["next"]).json()["results"]) == 1
    page = Client().get("/games/archive/?page=2").content.decode()
    assert "Page 2 of 2" in page


def test_won_or_lost_without_a_player_is_refused_with_why(finished):
    answer = APIClient().get("/api/games/archive/?result=won")
    assert answer.status_code == 400
    assert "Name a player" in answer.json()["detail"]
    page = Client().get("/games/archive/?result=won")
    assert page.status_code == 400
    assert "Name a player" in page.content.decode()


def test_each_row_links_to_the_history_and_the_json_log(finished):
    page = Client().get("/games/archive/?game=dos").content.decode()
    game = finished["dos"]
    assert f'href="/games/{game.pk}/history/"' in page
    assert f'href="/games/{game.pk}/history/log.json"' in page


def test_a_private_finished_game_is_listed_only_to_its_players(make_user):
    ann, ben, eve = make_user("ann"), make_user("ben"), make_user("eve")
    game = store.create_game(ann, "gazobu", 2, {}, private=True)
    invitations.invite(game, "ben", ann)
    store.join_game(game, ben)
    resigned(game, ann)
    assert listed() == [] and listed(viewer=eve) == []
    assert listed(viewer=ben) == [game.pk]


def test_a_filter_given_empty_is_refused_by_the_api_rather_than_ignored(finished):
    answer = APIClient().get("/api/games/archive/?finished_before=")
    assert answer.status_code == 400
    assert "finished_before: Give a value" in answer.json()["detail"]
