"""OpenSkill ratings per game: changed as a game between people ends, shown as one
conservative number with its history; a leaderboard per game."""

from __future__ import annotations

from datetime import timedelta

from django.test import Client
from rest_framework.test import APIClient

from tabletop.play import clock, store
from tabletop.play.models import Game
from tabletop.ratings import standings
from tabletop.ratings.models import SHOWN_BASE, Rating, RatingChange
from tabletop.ratings.updates import ranks
from tests.helpers.factories import play_as_people, started_game


def shown_rating(user, slug: str = "gazobu") -> int | None:
    rating = Rating.objects.filter(user=user, slug=slug).first()
    return rating.shown if rating else None


def test_the_winner_of_a_game_between_people_goes_up_and_the_loser_down(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = play_as_people(started_game([ann, ben]), "first")
    [winner] = game.outcome["winners"]
    won_by, lost_by = (ann, ben) if winner == 0 else (ben, ann)
    assert shown_rating(won_by) > SHOWN_BASE > shown_rating(lost_by)
    change = RatingChange.objects.get(game=game, user=won_by)
    assert (change.rank, change.shown_before, change.shown_after) == (
        1,
        SHOWN_BASE,
        shown_rating(won_by),
    )


def test_a_newcomer_starts_at_the_conservative_base_and_climbs_with_wins(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    for number in range(3):
        play_as_people(started_game([ann, ben]), f"climb-{number}")
    points = standings.history(ann, "gazobu")
    assert len(points) == 3
    assert points[0].before == SHOWN_BASE
    assert [p.before for p in points[1:]] == [p.after for p in points[:-1]]
    assert Rating.objects.get(user=ann, slug="gazobu").games == 3


def test_a_game_with_a_bot_seat_is_not_rated(make_user):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 2, {}, fill_with_bots=True)
    play_as_people(game, "bots")
    assert Game.objects.get(pk=game.pk).is_over
    assert not Rating.objects.exists()


def test_an_abandoned_game_is_not_rated(make_user):
    """Ann never moves; at her deadline she forfeits, and Ben wins a game nobody played."""
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben], timeout_policy=Game.Timeout.FORFEIT)
    [late] = game.to_act
    clock.set_now(clock.now() + timedelta(days=30))
    try:
        store.time_out(game.pk, late)
    finally:
        clock.set_now(None)
    game.refresh_from_db()
    assert game.is_over
    assert not Rating.objects.exists()


def test_a_resignation_is_rated_as_a_loss(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = play_as_people(started_game([ann, ben]), "resign", steps=12)
    assert set(game.moves.values_list("seat", flat=True)) == {0, 1}
    store.resign(game, ann, "resign")
    assert shown_rating(ben) > shown_rating(ann)


def test_places_put_winners_first_ties_together_and_resigned_seats_last():
    outcome = {"scores": [10, 30, 30, 50], "winners": [1, 2], "details": {"resigned": [3]}}
    assert ranks(outcome, 4) == [2, 1, 1, 3]


def test_players_who_tie_in_a_three_player_game_move_alike(make_user):
    from tabletop.ratings.updates import MODEL

    start = MODEL.rating().mu
    after = MODEL.rate([[MODEL.rating()] for _ in range(3)], ranks=[1, 1, 3])
    assert after[0][0].mu == after[1][0].mu > start > after[2][0].mu


def test_the_leaderboard_lists_players_with_five_rated_games_best_first(make_user):
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    for number in range(5):
        play_as_people(started_game([ann, ben]), f"board-{number}")
    play_as_people(started_game([ann, cat]), "board-cat")
    board = list(standings.leaderboard("gazobu"))
    assert {rating.user.username for rating in board} == {"ann", "ben"}
    assert board[0].shown >= board[1].shown
    answer = APIClient().get("/api/ratings/gazobu/").json()
    assert [entry["player"] for entry in answer] == [r.user.username for r in board]
    assert answer[0] == {
        "player": board[0].user.username,
        "rating": board[0].shown,
        "rated_games": 6 if board[0].user == ann else 5,
    }
    page = Client().get("/ratings/gazobu/").content.decode()
    assert 'href="/players/ann/"' in page and 'href="/players/cat/"' not in page


def test_an_unknown_game_has_no_leaderboard(db):
    assert APIClient().get("/api/ratings/chess/").status_code == 404
    assert Client().get("/ratings/chess/").status_code == 404
