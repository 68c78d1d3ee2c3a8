"""Play now against the computer: a table filled with bots, and the strong bot at deadlines."""

from __future__ import annotations

import pytest
from django.test import Client

import games
from games.bots import strong
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.mark.parametrize("slug", games.slugs())
def test_a_table_filled_with_bots_starts_at_once_and_waits_only_for_the_person(make_user, slug):
    ann = make_user("ann")
    rules = games.get(slug)
    game = store.create_game(ann, slug, rules.max_players, {}, fill_with_bots=True)
    game.refresh_from_db()
    assert game.started is not None
    assert list(game.seats.filter(is_bot=True).values_list("position", flat=True)) == list(
        range(1, rules.max_players)
    )
    if game.is_over:
        # Rare but by the rules: in DOS a bot before ann's first turn may empty its hand
        # with a round worth the target (about 1 deal in 500 at four players).
        assert not game.moves.filter(seat=0).exists()
    else:
        assert game.to_act and set(game.to_act) <= {0}, "the bots moved until ann has to"
    assert store.verify(game) == []


def test_bots_play_on_after_each_of_the_persons_moves_until_the_game_ends(make_user):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 3, {}, fill_with_bots=True)
    for _ in range(500):
        game.refresh_from_db()
        if game.is_over:
            break
        move = game.rules.legal_moves(game.state, 0)[0]
        store.submit(game, ann, move, game.seq, Move.Source.WEB)
    assert game.is_over
    assert game.moves.filter(source=Move.Source.BOT).exists()
    assert store.verify(game) == []


def test_no_email_is_ever_queued_for_a_bot(make_user):
    ann = make_user("ann")
    game = store.create_game(ann, "dos", 3, {}, fill_with_bots=True)
    assert set(Outbox.objects.filter(game=game).values_list("to", flat=True)) <= {ann.email}


def test_bot_seats_are_marked_on_the_game_page_and_in_the_history(make_user):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 2, {}, fill_with_bots=True)
    while not game.moves.filter(source=Move.Source.BOT).exists():
        game.refresh_from_db()
        move = game.rules.legal_moves(game.state, 0)[0]
        store.submit(game, ann, move, game.seq, Move.Source.WEB)
    client = Client()
    client.force_login(ann)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'title="The computer plays this seat">bot</span>' in page
    history = client.get(f"/games/{game.pk}/history/").content.decode()
    assert '<span class="tag muted">bot</span>' in history


def test_the_new_game_form_can_fill_the_table_with_bots(make_user):
    ann = make_user("ann")
    client = Client()
    client.force_login(ann)
    answer = client.post(
        "/games/new/",
        {
            "game": "buttons",
            "players": 2,
            "option_layout": "random",
            "days_per_move": 3,
            "reminder_hours": [24],
            "timeout_policy": "bot",
            "fill_with_bots": "on",
        },
    )
    game = Game.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/games/{game.pk}/"
    assert game.status == Game.Status.ACTIVE and game.seats.filter(is_bot=True).count() == 1


def test_a_deadline_hands_the_late_seat_to_the_strong_bot(make_user, settings):
    from datetime import timedelta

    from tabletop.play import clock

    game = started_game([make_user("ann"), make_user("ben")], "dr_gomb")
    late = game.to_act[0]
    expected = strong(
        game.rules, game.state, late, store.random_stream(game).bot_rng("timeout", game.seq + 1)
    )
    deadline = game.seats.get(position=late).deadline
    clock.set_now(deadline + timedelta(minutes=1))
    try:
        store.time_out(game.pk, late)
    finally:
        clock.set_now(None)
    first = game.moves.order_by("seq").first()
    assert (first.seat, first.source, first.payload) == (late, "timeout-bot", expected)


def test_a_turn_that_comes_back_after_the_bots_moved_is_a_new_turn(make_user):
    """Its own email, deadline and reply address: an older turn's email plays nothing."""
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 2, {}, fill_with_bots=True)
    game.refresh_from_db()
    first_turn = game.seats.get(position=0).turn_seq
    bot_moves = game.moves.filter(source=Move.Source.BOT).count()
    while game.moves.filter(source=Move.Source.BOT).count() == bot_moves:
        move = game.rules.legal_moves(game.state, 0)[0]
        store.submit(game, ann, move, game.seq, Move.Source.WEB)
        game.refresh_from_db()
    assert 0 in game.to_act
    seat = game.seats.get(position=0)
    assert seat.turn_seq == game.seq > first_turn
    assert Outbox.objects.filter(game=game, user=ann, kind=Outbox.Kind.TURN).count() == 2


def test_the_api_creates_a_table_of_bots_and_marks_their_seats(make_user):
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(make_user("ann"))
    answer = client.post("/api/games/", {"game": "dr_gomb", "players": 3, "bots": True}, "json")
    assert answer.status_code == 201, answer.content
    seats = answer.json()["seats"]
    assert [seat["bot"] for seat in seats] == [False, True, True]
    assert answer.json()["status"] == "active"
