"""Votes in sight: a vote waiting for the player's answer tops the game page (with Yes and
No) and shows on their dashboard; how a decided vote ended shows at the top of the page of
everyone at the table until their next step, the player it concerned included."""

from __future__ import annotations

import pytest

from tabletop.play import store
from tabletop.play.models import Game, Move, Vote
from tests.helpers.factories import started_game, user_at


@pytest.fixture
def trio(make_user) -> Game:
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")])


@pytest.fixture
def pair(make_user) -> Game:
    return started_game([make_user("ann"), make_user("ben")])


def call_extend(game: Game, caller: int, late: int, days: int = 1) -> Vote:
    details = {"days": days, "seat": late}
    return store.call_vote(game, user_at(game, caller), "extend", details, Move.Source.WEB)


def page(client, game: Game, seat: int) -> str:
    client.force_login(user_at(game, seat))
    return client.get(f"/games/{game.pk}/").content.decode()


def test_a_vote_that_waits_for_you_is_at_the_top_of_the_game_page(client, trio):
    late = trio.to_act[0]
    caller, asked = [s for s in range(3) if s != late]
    vote = call_extend(trio, caller, late, days=2)
    html = page(client, trio, asked)
    late_name = user_at(trio, late).username
    question = f"asks: give {late_name} 2 more days for this turn?"
    # Above the table and the log, with the buttons that answer it.
    top = html.index(f'id="vote-{vote.pk}"')
    assert top < html.index('class="board-form') < html.index("Latest moves")
    assert question in html[top:]
    assert html.index(f'action="/games/{trio.pk}/votes/{vote.pk}/"') > top
    assert html.index("Vote yes", top) < html.index("board-form")
    client.post(f"/games/{trio.pk}/votes/{vote.pk}/", {"yes": "yes"})
    assert Vote.objects.get(pk=vote.pk).result == "passed"
    assert f'id="vote-{vote.pk}"' not in page(client, trio, asked)


def test_a_vote_that_waits_for_you_is_on_your_dashboard_with_yes_and_no(client, trio):
    late = trio.to_act[0]
    caller, asked = [s for s in range(3) if s != late]
    vote = call_extend(trio, caller, late)
    client.force_login(user_at(trio, asked))
    html = client.get("/").content.decode()
    assert "Votes waiting for you" in html
    assert f"give {user_at(trio, late).username} 1 more day for this turn?" in html
    assert f'action="/games/{trio.pk}/votes/{vote.pk}/"' in html
    client.post(f"/games/{trio.pk}/votes/{vote.pk}/", {"yes": "no"})
    # Answered (and so decided: one yes, one no of two), it waits for nobody any more.
    assert "Votes waiting for you" not in client.get("/").content.decode()
    client.force_login(user_at(trio, late))
    assert "Votes waiting for you" not in client.get("/").content.decode()


def test_a_vote_passed_at_once_is_told_at_the_top_of_the_page_of_the_player_it_concerns(
    client, pair
):
    late = pair.to_act[0]
    caller = 1 - late
    vote = call_extend(pair, caller, late, days=3)
    assert vote.result == "passed"  # the caller's yes is a majority of one
    late_name = user_at(pair, late).username
    told = f"The vote to give {late_name} 3 more days for this turn passed."
    for seat in (late, caller):
        html = page(client, pair, seat)
        assert told in html
        assert html.index(told) < html.index('class="board-form')


def test_the_notice_of_a_decided_vote_stays_until_the_players_next_step(client, pair):
    late = pair.to_act[0]
    call_extend(pair, 1 - late, late)
    told = "1 more day for this turn passed."
    assert told in page(client, pair, late).split("Latest moves")[0]
    pair.refresh_from_db()
    step = pair.rules.legal_moves(pair.state, late)[0]
    store.submit(pair, user_at(pair, late), step, pair.seq, Move.Source.WEB)
    html = page(client, pair, late)
    assert told not in html.split("Latest moves")[0]
    assert told in html  # the log keeps it


def test_a_failed_vote_is_told_at_the_top_of_everyones_page(client, trio):
    vote = store.call_vote(trio, user_at(trio, 0), "end", {"how": "abandoned"}, Move.Source.WEB)
    store.answer_vote(trio, user_at(trio, 1), vote.pk, False, Move.Source.WEB)
    for seat in range(3):
        top = page(client, trio, seat).split("Latest moves")[0]
        assert "The vote to end the game now, abandoned failed." in top
