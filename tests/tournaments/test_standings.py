"""Points by placing and the standings table's tie-breaks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.tournaments.standings import GameResult, placing_points, standings


def test_a_win_at_two_seats_is_one_point_and_a_loss_none():
    assert placing_points([5, 3], [0]) == [1.0, 0.0]


def test_a_draw_at_two_seats_is_half_a_point_each():
    assert placing_points([4, 4], [0, 1]) == [0.5, 0.5]


def test_places_between_first_and_last_are_evenly_spaced():
    assert placing_points([2, 9, 4, 6], [1]) == pytest.approx([0, 1, 1 / 3, 2 / 3])


def test_shared_first_places_split_the_points_of_the_places_they_take():
    assert placing_points([7, 7, 3, 1], [0, 1]) == pytest.approx([5 / 6, 5 / 6, 1 / 3, 0])


def test_equal_scores_below_the_winners_share_a_place():
    assert placing_points([9, 4, 4], [0]) == pytest.approx([1, 0.25, 0.25])


def test_the_winners_place_first_whatever_their_score():
    # A game may end on its own terms (DOS: the first to the target), not on the highest sum.
    assert placing_points([90, 100], [0]) == [1.0, 0.0]


@given(
    st.integers(2, 5).flatmap(
        lambda seats: st.tuples(
            st.lists(st.integers(0, 5), min_size=seats, max_size=seats),
            st.sets(st.integers(0, seats - 1), max_size=seats),
        )
    )
)
def test_every_table_hands_out_half_a_point_a_seat(table):
    scores, winners = table

    points = placing_points(scores, sorted(winners))

    assert sum(points) == pytest.approx(len(scores) / 2)
    assert all(0 <= value <= 1 for value in points)


def test_a_bye_is_worth_half_a_point():
    rows = standings([GameResult([1, 2], [1, 0], [0])], byes=[3])

    assert {row.player: row.points for row in rows} == {1: 1.0, 2: 0.0, 3: 0.5}
    assert next(row for row in rows if row.player == 3).byes == 1


def test_the_opponents_points_break_a_tie_in_points():
    results = [
        GameResult([1, 2], [1, 0], [0]),
        GameResult([3, 4], [1, 0], [0]),
        GameResult([2, 5], [1, 1], [0, 1]),
    ]

    rows = standings(results)

    # 1 and 3 won once: 1 beat 2, who then drew, 3 beat 4, who has nothing more.
    assert [(row.rank, row.player, row.opponents_points) for row in rows[:2]] == [
        (1, 1, 0.5),
        (2, 3, 0.0),
    ]


def test_opponents_points_at_a_bigger_table_average_the_others():
    rows = standings([GameResult([1, 2, 3], [3, 2, 1], [0])])

    assert {row.player: row.opponents_points for row in rows} == {1: 0.25, 2: 0.5, 3: 0.75}


def test_the_game_score_sum_breaks_a_tie_in_opponents_points():
    results = [GameResult([1, 2], [10, 4], [0]), GameResult([3, 4], [30, 4], [0])]

    rows = standings(results)

    assert [row.player for row in rows] == [3, 1, 2, 4]
    assert [row.rank for row in rows] == [1, 2, 3, 3]


def test_players_equal_on_everything_share_a_rank_and_are_listed_by_id():
    results = [GameResult([4, 3], [2, 2], [0, 1]), GameResult([2, 1], [2, 2], [0, 1])]

    rows = standings(results, players=[5])

    assert [(row.rank, row.player) for row in rows] == [(1, 1), (1, 2), (1, 3), (1, 4), (5, 5)]


def test_an_entrant_without_games_has_a_row_of_nothing():
    (row,) = standings([], players=[7])

    assert (row.rank, row.player, row.points, row.games, row.byes) == (1, 7, 0.0, 0, 0)


def test_a_row_counts_games_wins_and_opponents():
    results = [GameResult([1, 2, 3], [5, 9, 1], [1]), GameResult([1, 4], [3, 3], [0, 1])]

    row = next(row for row in standings(results) if row.player == 1)

    assert (row.games, row.wins, row.score_sum) == (2, 1, 8)
    assert row.opponents == [2, 3, 4]
    assert row.points == pytest.approx(0.5 + 0.5)
