"""'Play on from here' on a finished game's history page."""

from __future__ import annotations

import pytest
from django.test import Client

from tabletop.play import store
from tabletop.play.models import Game
from tests.helpers.factories import play_as_people, started_game


@pytest.fixture
def finished(make_user) -> Game:
    return play_as_people(started_game([make_user("ann"), make_user("ben")]), "fork-page")


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_history_offers_to_play_on_from_the_step_shown(finished):
    ann = finished.seats.get(position=0).user
    page = logged_in(ann).get(f"/games/{finished.pk}/history/?seq=5").content.decode()
    assert f'href="/games/{finished.pk}/fork/?seq=5"' in page
    last = logged_in(ann).get(f"/games/{finished.pk}/history/").content.decode()
    assert "Play on from here" not in last


def test_the_same_seats_are_offered_and_the_new_game_starts_from_the_step(finished):
    ann, ben = (seat.user for seat in finished.seats.order_by("position"))
    client = logged_in(ann)
    form = client.get(f"/games/{finished.pk}/fork/?seq=5").content.decode()
    assert f'<option value="{ann.pk}" selected>ann</option>' in form
    assert f'<option value="{ben.pk}" selected>ben</option>' in form
    answer = client.post(
        f"/games/{finished.pk}/fork/", {"seq": 5, "seat_0": ben.pk, "seat_1": ann.pk}
    )
    fork = Game.objects.get(forked_from=finished)
    assert answer.status_code == 302 and answer["Location"] == f"/games/{fork.pk}/"
    assert fork.forked_at == 5 and fork.state["players"] == ["ben", "ann"]
    start = client.get(f"/games/{fork.pk}/history/?seq=0").content.decode()
    assert f"Gazobu #{finished.pk} after move 5" in start


def test_a_refused_fork_says_why_on_the_form(finished):
    ann = finished.seats.get(position=0).user
    answer = logged_in(ann).post(
        f"/games/{finished.pk}/fork/", {"seq": finished.seq, "seat_0": ann.pk, "seat_1": "computer"}
    )
    assert answer.status_code == 400
    assert "The game is over after move" in answer.content.decode()
    assert not Game.objects.filter(forked_from=finished).exists()


def test_someone_who_did_not_play_is_offered_only_their_own_seat_and_the_computer(
    finished, make_user
):
    eve = make_user("eve")
    form = logged_in(eve).get(f"/games/{finished.pk}/fork/?seq=2").content.decode()
    assert ">eve</option>" in form and ">ann</option>" not in form


def test_forks_count_against_the_new_game_limit_and_one_past_it_is_refused(finished, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "create-game": "3/h"}
    ann, ben = (seat.user for seat in finished.seats.order_by("position"))
    client = logged_in(ann)
    seats = {"seq": 5, "seat_0": ann.pk, "seat_1": ben.pk}
    for _ in range(3):
        assert client.post(f"/games/{finished.pk}/fork/", seats).status_code == 302
    refused = client.post(f"/games/{finished.pk}/fork/", seats)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert Game.objects.filter(forked_from=finished).count() == 3
    # A fork is a new game: the new-game form is past the limit too.
    assert client.post("/games/new/", {"game": "gazobu", "players": 2}).status_code == 429


def test_a_player_who_played_the_computer_is_offered_the_same_seats_again(finished):
    ann = finished.seats.get(position=0).user
    against_bot = play_as_people(store.fork_game(finished, 2, [None, ann], ann), "page-vs-bot")
    form = logged_in(ann).get(f"/games/{against_bot.pk}/fork/?seq=1").content.decode()
    seat_0 = form[form.index('name="seat_0"') : form.index('name="seat_1"')]
    assert '<option value="computer" selected>' in seat_0
    assert f'<option value="{ann.pk}" selected>' not in seat_0
    assert f'<option value="{ann.pk}" selected>ann</option>' in form
