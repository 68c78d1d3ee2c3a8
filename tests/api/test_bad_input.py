"""No input answers a server error: the API (and the move form) refuse with a clear 4xx."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tabletop.play import jsontext, store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at

DEEP = "[" * 2000 + "]" * 2000


@pytest.fixture
def players(settings, make_user):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # speed
    # Rate limits counted here only: not with other tests' requests in a shared Redis.
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    return [make_user("ann"), make_user("ben"), make_user("cat")]


def client_for(user) -> APIClient:
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(user)
    return client


def anyone() -> APIClient:
    return APIClient(raise_request_exception=False)


# ---------------------------------------------------------------------------- games not started


def test_the_log_of_a_game_still_waiting_for_players_is_empty(players):
    waiting = store.create_game(players[0], "gazobu", 3)
    response = anyone().get(f"/api/games/{waiting.pk}/moves/")
    assert response.status_code == 200
    assert response.json() == []


def test_a_position_of_a_game_still_waiting_for_players_is_refused_with_409(players):
    waiting = store.create_game(players[0], "gazobu", 3)
    store.join_game(waiting, players[1])  # enough seats to set up, but not all of them
    for client in (anyone(), client_for(players[0])):
        response = client.get(f"/api/games/{waiting.pk}/states/0/")
        assert response.status_code == 409
        assert response.json() == {"detail": "This game has not started yet.", "current_seq": 0}


# ---------------------------------------------------------------------------- addresses


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/999/",
        "/api/games/99999999999999999999999999/",
        "/api/games/9223372036854775808/moves/",
        "/api/games/abc/",
        "/api/games/-1/moves/",
        "/api/games/1.5/states/0/",
        "/api/games//join/",
        "/api/nothing/here/",
        "/api/",
        "/api/games/true/states/0/",
        "/api/games/a%0Ab%0Dc%C2%85d%E2%80%A8e/cancel/",  # line breaks of every kind
    ],
)
def test_an_address_that_names_no_game_is_a_json_404(players, path):
    response = anyone().get(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json()["detail"]


@pytest.mark.parametrize("seq", ["7", "99999999999999999999999999", "-1", "x"])
def test_a_move_number_the_game_does_not_have_is_a_404(players, seq):
    game = started_game(players)
    response = anyone().get(f"/api/games/{game.pk}/states/{seq}/")
    assert response.status_code == 404
    assert response.json()["detail"]


# ---------------------------------------------------------------------------- bodies


@pytest.mark.parametrize("endpoint", ["/api/auth/token/", "/api/games/", "/api/games/{id}/moves/"])
def test_json_nested_thousands_deep_is_refused_with_a_400_that_says_why(players, endpoint):
    game = started_game(players)
    response = client_for(players[0]).post(
        endpoint.format(id=game.pk), DEEP, content_type="application/json"
    )
    assert response.status_code == 400
    assert f"nests more than {jsontext.MAX_DEPTH} levels" in response.json()["detail"]


def test_json_nested_to_the_limit_is_read(players):
    game = started_game(players)
    seat = game.to_act[0]
    move = {"kind": "nested", "inside": "[" * 100}  # brackets inside a string nest nothing
    for _ in range(jsontext.MAX_DEPTH - 2):
        move = {"kind": "nested", "inside": move}
    response = client_for(user_at(game, seat)).post(
        f"/api/games/{game.pk}/moves/", {"move": move, "expected_seq": 0}, format="json"
    )
    assert response.status_code == 400  # read, then refused by the rules
    assert "nested" in response.json()["detail"] and "legal" in response.json()


def test_half_a_surrogate_pair_is_refused_with_a_400_not_echoed_into_a_500(players):
    game = started_game(players)
    body = '{"move": {"kind": "\\ud800"}, "expected_seq": 0}'
    response = client_for(user_at(game, game.to_act[0])).post(
        f"/api/games/{game.pk}/moves/", body, content_type="application/json"
    )
    assert response.status_code == 400
    assert "surrogate" in response.json()["detail"]
    emoji = '{"game": "gazobu", "players": 2, "options": {"\\ud83c\\udfb2": 1}}'
    response = client_for(players[0]).post("/api/games/", emoji, content_type="application/json")
    assert response.status_code == 400  # a whole pair is text: read, then an unknown option
    assert "\U0001f3b2" in response.json()["detail"]


def test_the_move_form_refuses_json_nested_thousands_deep(players):
    game = started_game(players)
    page = Client(raise_request_exception=False)
    page.force_login(user_at(game, game.to_act[0]))
    response = page.post(f"/games/{game.pk}/move/", {"move": DEEP, "expected_seq": 0})
    assert response.status_code == 400
    assert "That move could not be read" in response.content.decode()
    assert not Move.objects.filter(game=game).exists()


def test_a_move_that_is_not_an_object_is_refused(players):
    game = started_game(players)
    response = client_for(user_at(game, game.to_act[0])).post(
        f"/api/games/{game.pk}/moves/", {"move": "e2e4", "expected_seq": 0}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"]["move"] == [
        "A move is a JSON object, such as the `move` of one of legal_moves."
    ]


def test_a_refused_form_gives_one_detail_and_the_messages_by_field(players):
    response = client_for(players[0]).post(
        "/api/games/", {"game": "chess", "players": 0, "reminder_hours": [0]}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert set(body["errors"]) == {"game", "players", "reminder_hours"}
    assert body["detail"].startswith('game: "chess" is not a valid choice.')
    assert "players: Ensure this value is greater than or equal to 1." in body["detail"]
    assert "reminder_hours.0: " in body["detail"]


@pytest.mark.parametrize("number", [2**64, 10**40, -(2**64)])
def test_huge_numbers_are_refused_or_read_but_never_a_server_error(players, number):
    game = started_game(players)
    mover = client_for(user_at(game, game.to_act[0]))
    moved = mover.post(
        f"/api/games/{game.pk}/moves/", {"move": {}, "expected_seq": number}, format="json"
    )
    assert moved.status_code in (400, 409)
    created = mover.post(
        "/api/games/",
        {"game": "gazobu", "players": number, "days_per_move": number},
        format="json",
    )
    assert created.status_code == 400


def test_strings_where_numbers_belong_are_refused_by_field(players):
    response = client_for(players[0]).post(
        "/api/games/", {"game": "gazobu", "players": "two"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["errors"]["players"] == ["A valid integer is required."]


def test_a_body_larger_than_the_upload_limit_is_refused_with_413(players, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = client_for(players[0]).post(
        "/api/games/",
        {"game": "gazobu", "players": 2, "options": {"padding": "x" * 2000}},
        format="json",
    )
    assert response.status_code == 413
    assert "larger than 1000 bytes" in response.json()["detail"]


def test_a_body_that_is_not_json_is_refused_with_415(players):
    response = client_for(players[0]).post("/api/games/", {"game": "gazobu", "players": 2})
    assert response.status_code == 415
    assert Game.objects.count() == 0


def test_json_that_does_not_parse_is_refused_with_a_400(players):
    for body in ('{"game": ', "NaN", b"\xff\xfe"):
        response = client_for(players[0]).post("/api/games/", body, content_type="application/json")
        assert response.status_code == 400
        assert response.json()["detail"].startswith("JSON parse error")


def test_a_stale_token_does_not_stop_a_log_in(players):
    Token.objects.create(user=players[1])
    response = APIClient().post(
        "/api/auth/token/",
        {"username": "ann", "password": "pw-ann"},
        HTTP_AUTHORIZATION="Token not-a-token",
    )
    assert response.status_code == 200
    assert response.json()["token"]


@pytest.mark.django_db(transaction=True)  # on PostgreSQL a NUL byte in a query is its error
def test_a_token_that_names_no_active_player_is_refused_with_a_401(players):
    """The token's own query (compiled once, `prepared`) refuses as DRF's did: an unknown
    key, a key with a NUL byte in it, and the token of a player whose account is closed."""
    closed = Token.objects.create(user=players[1])
    players[1].is_active = False
    players[1].save(update_fields=["is_active"])
    answers = {}
    for key in ("0" * 40, "not-a-token", "abc\x00def", closed.key):
        response = APIClient().get("/api/games/", HTTP_AUTHORIZATION=f"Token {key}")
        answers[key] = (response.status_code, response.json()["detail"])
    assert answers == {
        "0" * 40: (401, "Invalid token."),
        "not-a-token": (401, "Invalid token."),
        "abc\x00def": (401, "Invalid token."),
        closed.key: (401, "User inactive or deleted."),
    }
    working = Token.objects.create(user=players[0]).key
    response = APIClient().get("/api/games/", HTTP_AUTHORIZATION=f"Token {working}")
    assert response.status_code == 200


def test_a_wrong_password_is_refused_with_the_error_shape(players):
    response = anyone().post(
        "/api/auth/token/", {"username": "ann", "password": "nope"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"] == "Unable to log in with provided credentials."


# ---------------------------------------------------------------------------- the depth check


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert jsontext.nesting_depth('{"a": "[[[[{{{{", "b": ["\\"]]]]"]}') == 2
    assert jsontext.nesting_depth("[[[], [[]]], {}]") == 4
    assert jsontext.nesting_depth("42") == 0
    with pytest.raises(jsontext.TooDeep):
        jsontext.loads(DEEP)
    assert jsontext.loads('{"move": [[1]]}') == {"move": [[1]]}


def test_text_that_cannot_be_written_back_as_utf8_is_refused():
    with pytest.raises(jsontext.LoneSurrogate):
        jsontext.loads('{"\\udc00": 1}')
    assert jsontext.loads('"\\ud83c\\udfb2 and \\\\ud800"') == "\U0001f3b2 and \\ud800"
