"""'Play on from here' through the API: POST /api/games/{id}/fork/ with the step and the
seating answers 201 with the new game, as the history page's form makes it; refusals say why."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tabletop.accounts import blocks
from tabletop.play import store
from tabletop.play.models import Game
from tests.helpers.factories import play_as_people, started_game


@pytest.fixture
def finished(make_user) -> Game:
    return play_as_people(started_game([make_user("ann"), make_user("ben")]), "fork-api")


def api_as(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def players(game: Game) -> list:
    return [seat.user for seat in game.seats.order_by("position")]


def fork_of(game: Game, user, body: dict):
    return api_as(user).post(f"/api/games/{game.pk}/fork/", body, format="json")


def seating_of(game: Game) -> list[str]:
    return ["computer" if s.is_bot else s.user.username for s in game.seats.order_by("position")]


def test_a_player_forks_with_the_same_players_in_the_same_seats_by_default(finished):
    ann, _ = players(finished)
    answer = fork_of(finished, ann, {"at_seq": 5})
    fork = Game.objects.get(forked_from=finished)
    assert answer.status_code == 201
    assert answer["Location"] == f"/api/games/{fork.pk}/"
    assert answer.json()["id"] == fork.pk and answer.json()["status"] == "active"
    assert (fork.forked_at, fork.private) == (5, True)
    assert seating_of(fork) == ["ann", "ben"]


def test_players_swap_seats_named_by_name_or_by_id(finished):
    ann, ben = players(finished)
    answer = fork_of(finished, ben, {"at_seq": 4, "seats": [ben.pk, "ann"]})
    assert answer.status_code == 201
    fork = Game.objects.get(pk=answer.json()["id"])
    assert seating_of(fork) == ["ben", "ann"]
    assert fork.state["players"] == ["ben", "ann"]


def test_the_computer_takes_any_seat_named_computer(finished):
    ann, _ = players(finished)
    answer = fork_of(finished, ann, {"at_seq": 3, "seats": ["computer", "ann"]})
    assert answer.status_code == 201
    fork = Game.objects.get(pk=answer.json()["id"])
    assert seating_of(fork) == ["computer", "ann"]
    assert 0 not in fork.to_act  # the computer has moved if it was its turn


def test_someone_who_did_not_play_sits_alone_against_the_computer_by_default(finished, make_user):
    eve = make_user("eve")
    answer = fork_of(finished, eve, {"at_seq": 2})
    assert answer.status_code == 201
    assert seating_of(Game.objects.get(pk=answer.json()["id"])) == ["eve", "computer"]


def test_someone_who_did_not_play_cannot_seat_the_players(finished, make_user):
    eve = make_user("eve")
    answer = fork_of(finished, eve, {"at_seq": 2, "seats": ["eve", "ann"]})
    assert answer.status_code == 400
    assert answer.json()["detail"] == (
        "ann cannot be seated here; choose among eve, or the computer."
    )
    assert not Game.objects.filter(forked_from=finished).exists()


def test_a_seating_without_yourself_or_with_the_wrong_number_of_seats_says_why(finished):
    ann, _ = players(finished)
    nobody = fork_of(finished, ann, {"at_seq": 2, "seats": ["computer", "ben"]})
    assert nobody.status_code == 400
    assert nobody.json()["detail"] == "Take a seat yourself to play on from here."
    three = fork_of(finished, ann, {"at_seq": 2, "seats": ["ann", "ben", "computer"]})
    assert three.status_code == 400
    assert three.json()["detail"] == "Seat 2 players: this position has 2 seats."
    twice = fork_of(finished, ann, {"at_seq": 2, "seats": ["ann", "ann"]})
    assert twice.json()["detail"] == "A player can sit in one seat only."


def test_a_step_out_of_range_or_after_the_end_is_refused_with_the_range(finished):
    ann, _ = players(finished)
    past = fork_of(finished, ann, {"at_seq": finished.seq + 1})
    assert past.status_code == 400
    assert past.json()["detail"] == (
        f"Move {finished.seq + 1} does not exist; this game has moves 0 to {finished.seq}."
    )
    last = fork_of(finished, ann, {"at_seq": finished.seq})
    assert last.status_code == 400
    assert "The game is over after move" in last.json()["detail"]
    no_step = fork_of(finished, ann, {"seats": ["ann", "ben"]})
    assert no_step.status_code == 400 and "at_seq" in no_step.json()["errors"]


def test_a_game_still_in_play_cannot_be_forked(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    answer = fork_of(game, ann, {"at_seq": 0})
    assert answer.status_code == 409
    assert answer.json()["detail"] == "A game can be played on from once it is over."


def test_an_unknown_game_is_404_and_a_private_table_of_others_is_refused_with_why(
    finished, make_user
):
    ann, _ = players(finished)
    missing = fork_of(Game(pk=999), ann, {"at_seq": 0})
    assert missing.status_code == 404
    assert missing.json()["detail"] == "There is no game 999."
    # Forks are private tables: only their players see them, and play on from them.
    private = play_as_people(store.fork_game(finished, 2, [ann, None], ann), "fork-private")
    hidden = fork_of(private, make_user("eve"), {"at_seq": 1})
    assert hidden.status_code == 403
    assert "This table is private" in hidden.json()["detail"]
    assert fork_of(private, ann, {"at_seq": 1}).status_code == 201


def test_seating_a_player_who_blocks_you_is_refused(finished):
    ann, ben = players(finished)
    blocks.block(ben, ann)
    answer = fork_of(finished, ann, {"at_seq": 2, "seats": ["ann", "ben"]})
    assert answer.status_code == 403
    assert answer.json()["detail"] == (
        "You cannot seat all of these players; seat the computer instead."
    )


def test_forking_needs_credentials(finished):
    answer = APIClient().post(f"/api/games/{finished.pk}/fork/", {"at_seq": 2}, format="json")
    assert answer.status_code == 401


def test_forks_through_the_api_and_the_page_share_the_new_game_limit(finished, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "create-game": "3/h"}
    ann, ben = players(finished)
    web = Client()
    web.force_login(ann)
    assert fork_of(finished, ann, {"at_seq": 3}).status_code == 201
    seats = {"seq": 3, "seat_0": ann.pk, "seat_1": ben.pk}
    assert web.post(f"/games/{finished.pk}/fork/", seats).status_code == 302
    assert fork_of(finished, ann, {"at_seq": 3}).status_code == 201

    refused = fork_of(finished, ann, {"at_seq": 3})
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert "created many games" in refused.json()["detail"]
    assert web.post(f"/games/{finished.pk}/fork/", seats).status_code == 429
    assert Game.objects.filter(forked_from=finished).count() == 3


def test_the_forked_game_is_the_one_the_store_would_make(finished):
    ann, ben = players(finished)
    answer = fork_of(finished, ann, {"at_seq": 6, "seats": ["ann", "ben"]})
    fork = Game.objects.get(pk=answer.json()["id"])
    assert store.verify(fork) == []
    assert fork.seed != finished.seed
    assert answer.json()["seq"] == fork.seq
