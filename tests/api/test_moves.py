"""Playing through the REST API: create, join, move, read the log and past positions."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tabletop.mail.models import Outbox
from tabletop.play.models import Game, Move
from tests.helpers.factories import play_random_steps, started_game


@pytest.fixture
def players(make_user):
    return [make_user("ann"), make_user("ben"), make_user("cat")]


TRANSACTION_CONTROL = re.compile(r"^(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)", re.IGNORECASE)


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def first_legal(game: Game, seat: int) -> dict:
    return game.rules.legal_moves(game.state, seat)[0]


def test_a_player_gets_a_token_with_username_and_password(players):
    response = APIClient().post("/api/auth/token/", {"username": "ann", "password": "pw-ann"})
    assert response.status_code == 200
    token = response.json()["token"]
    me = APIClient(HTTP_AUTHORIZATION=f"Token {token}")
    assert (
        me.post("/api/games/", {"game": "gazobu", "players": 2}, format="json").status_code == 201
    )


def test_a_game_waits_for_its_seats_and_starts_with_the_last_join(players):
    ann, ben, cat = players
    created = client_for(ann).post("/api/games/", {"game": "gazobu", "players": 3}, format="json")
    assert created.status_code == 201
    game_id = created.json()["id"]
    assert created.json()["status"] == "open"
    client_for(ben).post(f"/api/games/{game_id}/join/")
    joined = client_for(cat).post(f"/api/games/{game_id}/join/").json()
    assert joined["status"] == "active"
    assert joined["seq"] == 0
    assert len(joined["to_act"]) == 1
    assert [seat["player"] for seat in joined["seats"]] == ["ann", "ben", "cat"]


def test_joining_a_full_game_is_refused(players, make_user):
    game = started_game(players)
    response = client_for(make_user("dan")).post(f"/api/games/{game.pk}/join/")
    assert response.status_code == 409
    assert "not open" in response.json()["detail"]


def test_a_game_with_too_many_players_is_refused_with_the_limits(players):
    response = client_for(players[0]).post(
        "/api/games/", {"game": "gazobu", "players": 7}, format="json"
    )
    assert response.status_code == 400
    assert "2 to 4 players" in response.json()["detail"]


def test_a_legal_move_is_logged_and_the_game_moves_on(players):
    game = started_game(players)
    seat = game.to_act[0]
    mover = game.seats.get(position=seat).user
    move = first_legal(game, seat)
    response = client_for(mover).post(
        f"/api/games/{game.pk}/moves/", {"move": move, "expected_seq": 0}, format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["seq"] == 1
    logged = Move.objects.get(game=game, seq=1)
    assert (logged.seat, logged.payload, logged.source) == (seat, move, "api")
    lines = client_for(mover).get(f"/api/games/{game.pk}/moves/").json()
    assert [line["seq"] for line in lines] == [1]
    assert lines[0]["text"]


def test_an_illegal_move_is_refused_with_the_reason_and_changes_nothing(players):
    game = started_game(players)
    seat = game.to_act[0]
    before = (game.seq, game.state)
    response = client_for(game.seats.get(position=seat).user).post(
        f"/api/games/{game.pk}/moves/", {"move": {"kind": "fly"}, "expected_seq": 0}, format="json"
    )
    assert response.status_code == 400
    assert "fly" in response.json()["detail"]
    game.refresh_from_db()
    assert (game.seq, game.state) == before
    assert not Move.objects.filter(game=game).exists()


def test_a_seat_that_is_not_waited_for_gets_403(players):
    game = started_game(players)
    idle = next(seat for seat in range(3) if seat not in game.to_act)
    move = first_legal(game, game.to_act[0])
    response = client_for(game.seats.get(position=idle).user).post(
        f"/api/games/{game.pk}/moves/", {"move": move, "expected_seq": 0}, format="json"
    )
    assert response.status_code == 403
    assert "not your turn" in response.json()["detail"]


def test_someone_without_a_seat_gets_403(players, make_user):
    game = started_game(players)
    response = client_for(make_user("eve")).post(
        f"/api/games/{game.pk}/moves/",
        {"move": first_legal(game, game.to_act[0]), "expected_seq": 0},
        format="json",
    )
    assert response.status_code == 403


def test_a_move_to_a_game_that_does_not_exist_gets_404(players):
    response = client_for(players[0]).post(
        "/api/games/9999/moves/", {"move": {"kind": "draw"}, "expected_seq": 0}, format="json"
    )
    assert response.status_code == 404
    assert response.json()["detail"] == "There is no game 9999."


def test_a_move_by_token_costs_at_most_seven_queries_with_its_emails_and_lines(players):
    """Authentication, the game locked with its seats, the move, its log lines, the seats'
    clocks, the next player's turn email and the game's projection: one query each."""
    game = started_game(players)
    clients = {}
    for seat in range(3):
        token = Token.objects.create(user=game.seats.get(position=seat).user)
        clients[seat] = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    counts, emailed = [], 0
    while len(counts) < 8:
        seat, emails = game.to_act[0], Outbox.objects.filter(kind="turn").count()
        with CaptureQueriesContext(connection) as queries:
            response = clients[seat].post(
                f"/api/games/{game.pk}/moves/",
                {"move": first_legal(game, seat), "expected_seq": game.seq},
                format="json",
            )
        assert response.status_code == 201, response.json()
        statements = [q["sql"] for q in queries if not TRANSACTION_CONTROL.match(q["sql"])]
        assert len(statements) <= 7, "\n".join(statements)
        counts.append(len(statements))
        emailed += Outbox.objects.filter(kind="turn").count() > emails
        game.refresh_from_db()
    assert emailed >= 2, counts  # the turn passed, and its email was one of the seven


def test_on_postgresql_a_moves_queries_are_prepared_once_per_connection(players, on_postgresql):
    """After a few moves the lock with the seats, the token's query and the move's writes run
    as statements the server keeps prepared (DATABASE_PREPARED_STATEMENTS, on by default):
    planned once per connection, not at every move."""
    game = started_game(players)
    clients = {}
    for seat in range(3):
        token = Token.objects.create(user=game.seats.get(position=seat).user)
        clients[seat] = APIClient(HTTP_AUTHORIZATION=f"Token {token.key}")
    for _ in range(12):
        seat = game.to_act[0]
        response = clients[seat].post(
            f"/api/games/{game.pk}/moves/",
            {"move": first_legal(game, seat), "expected_seq": game.seq},
            format="json",
        )
        assert response.status_code == 201, response.json()
        game.refresh_from_db()
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        kept = [statement for (statement,) in cursor.fetchall()]
    assert any('FOR UPDATE OF "play_game"' in statement for statement in kept), kept
    assert any(statement.startswith('INSERT INTO "play_move"') for statement in kept), kept
    assert any('FROM "authtoken_token"' in statement for statement in kept), kept


def test_a_stale_move_gets_409_with_the_current_seq(players):
    game = started_game(players)
    seat = game.to_act[0]
    mover = client_for(game.seats.get(position=seat).user)
    mover.post(
        f"/api/games/{game.pk}/moves/",
        {"move": first_legal(game, seat), "expected_seq": 0},
        format="json",
    )
    game.refresh_from_db()
    again = client_for(game.seats.get(position=game.to_act[0]).user).post(
        f"/api/games/{game.pk}/moves/",
        {"move": first_legal(game, game.to_act[0]), "expected_seq": 0},
        format="json",
    )
    assert again.status_code == 409
    assert again.json()["current_seq"] == 1


def test_each_seat_sees_its_own_view_and_moves_and_a_spectator_sees_neither(players, make_user):
    game = started_game(players)
    waiting = game.to_act[0]
    for seat in range(3):
        detail = client_for(game.seats.get(position=seat).user).get(f"/api/games/{game.pk}/").json()
        assert detail["your_seat"] == seat
        assert detail["view"] == game.rules.view(game.state, seat)
        assert bool(detail["legal_moves"]) == (seat == waiting)
    spectator = APIClient().get(f"/api/games/{game.pk}/").json()
    assert spectator["view"] == game.rules.view(game.state, None)
    assert spectator["legal_moves"] == []
    assert spectator["seed"] is None and len(spectator["seed_sha256"]) == 64


def test_a_past_position_is_shown_as_the_caller_saw_it(players):
    game = started_game(players)
    first_view = game.rules.view(game.state, 1)
    seat = game.to_act[0]
    client_for(game.seats.get(position=seat).user).post(
        f"/api/games/{game.pk}/moves/",
        {"move": first_legal(game, seat), "expected_seq": 0},
        format="json",
    )
    past = client_for(game.seats.get(position=1).user).get(f"/api/games/{game.pk}/states/0/")
    assert past.status_code == 200
    assert past.json()["view"] == first_view
    assert APIClient().get(f"/api/games/{game.pk}/states/5/").status_code == 404


def test_the_openapi_schema_lists_the_endpoints(db):
    schema = APIClient().get("/api/schema/?format=json").json()
    for endpoint in ("/api/games/", "/api/games/{game_id}/moves/", "/api/auth/token/"):
        assert endpoint in schema["paths"]


def test_the_log_comes_in_pages_linked_by_the_next_header(players):
    game = play_random_steps(started_game(players), 9)
    client = client_for(players[0])
    url, pages, read = f"/api/games/{game.pk}/moves/?limit=4", 0, []
    while url:
        response = client.get(url)
        assert response.status_code == 200
        read += [line["seq"] for line in response.json()]
        pages += 1
        link = response.headers.get("Link")
        url = re.match(r'<([^>]+)>; rel="next"', link).group(1) if link else None
    assert (pages, read) == (3, list(range(1, 10)))


def test_a_long_log_is_answered_a_page_at_a_time(players):
    game = play_random_steps(started_game(players, "dos"), 103)
    assert game.seq >= 103  # random play of DOS runs long; the page must be full
    response = client_for(players[0]).get(f"/api/games/{game.pk}/moves/")
    assert [line["seq"] for line in response.json()] == list(range(1, 101))
    assert "after=100" in response.headers["Link"]
    rest = client_for(players[0]).get(f"/api/games/{game.pk}/moves/?after=100").json()
    assert [line["seq"] for line in rest] == list(range(101, game.seq + 1))
