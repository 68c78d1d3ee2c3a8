"""Who sits with whom: round robin schedules and Swiss rounds, for 2 to 5 seats."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.tournaments.pairing import meetings, round_robin, swiss_round

# How close the round robin of 3 to 5 seats gets, as round_robin's docstring tells it: the most
# meetings of a pair minus the fewest (every pair meets at least once), for 4 to 12 players.
SPREAD = {
    3: {4: 1, 5: 2, 6: 3, 7: 1, 8: 1, 9: 0, 10: 1, 11: 1, 12: 1},
    4: {4: 0, 5: 2, 6: 1, 7: 1, 8: 2, 9: 2, 10: 2, 11: 2, 12: 2},
    5: {5: 0, 6: 2, 7: 1, 8: 2, 9: 2, 10: 3, 11: 2, 12: 2},
}


def pair_counts(schedule, players) -> list[int]:
    met = meetings(table for round_ in schedule for table in round_)
    return [met.get(frozenset(pair), 0) for pair in combinations(players, 2)]


def assert_each_player_sits_once_a_round(schedule, players) -> None:
    for round_ in schedule:
        seated = [player for table in round_ for player in table]
        assert len(seated) == len(set(seated))
        assert set(seated) <= set(players)


# Round robin ------------------------------------------------------------------------------------


@pytest.mark.parametrize("count", range(2, 14))
def test_every_pair_meets_exactly_once_in_a_two_seat_round_robin(count):
    players = list(range(101, 101 + count))
    schedule = round_robin(players, 2)

    assert pair_counts(schedule, players) == [1] * (count * (count - 1) // 2)
    assert len(schedule) == (count - 1 if count % 2 == 0 else count)
    assert_each_player_sits_once_a_round(schedule, players)


def test_each_player_sits_out_once_in_a_two_seat_round_robin_of_an_odd_number():
    players = [1, 2, 3, 4, 5, 6, 7]

    schedule = round_robin(players, 2)

    sat_out = Counter(
        player
        for round_ in schedule
        for player in players
        if all(player not in table for table in round_)
    )
    assert sat_out == Counter(players)


def test_the_player_fixed_in_the_circle_alternates_the_first_seat():
    schedule = round_robin([1, 2, 3, 4, 5, 6], 2)

    first_seats = [next(table[0] == 1 for table in round_ if 1 in table) for round_ in schedule]
    assert first_seats == [True, False, True, False, True]


@pytest.mark.parametrize(
    ("count", "table_size"),
    [(count, size) for size in (3, 4, 5) for count in range(max(4, size), 13)],
)
def test_every_pair_meets_as_evenly_as_documented_at_three_to_five_seats(count, table_size):
    players = [10 * n for n in range(1, count + 1)]

    schedule = round_robin(players, table_size)

    counts = pair_counts(schedule, players)
    assert min(counts) >= 1
    assert max(counts) - min(counts) <= SPREAD[table_size][count]
    games = Counter(player for round_ in schedule for table in round_ for player in table)
    assert set(games) == set(players)
    assert max(games.values()) - min(games.values()) <= 1
    assert_each_player_sits_once_a_round(schedule, players)
    assert all(len(table) == table_size for round_ in schedule for table in round_)


def test_a_round_robin_is_the_same_every_time():
    assert round_robin(list(range(1, 11)), 4) == round_robin(list(range(1, 11)), 4)


def test_a_round_robin_needs_enough_players_for_one_table():
    with pytest.raises(ValueError, match="at least 5 players; there are 4"):
        round_robin([1, 2, 3, 4], 5)


# Swiss ------------------------------------------------------------------------------------------


def played(count: int, table_size: int, rounds: int, seed: str, smaller: bool = False, clean=True):
    """A Swiss of `count` players seated round after round, each table's places drawn at
    random, every round checked for repeat meetings unless `clean` is off: (players, points,
    met, byes_had)."""
    rng = random.Random(seed)
    players = list(range(1, count + 1))
    points = dict.fromkeys(players, 0.0)
    met: Counter = Counter()
    byes: Counter = Counter()
    for _ in range(rounds):
        tables, sitting_out = swiss_round(players, points, met, table_size, byes, smaller)
        assert not clean or repeats(tables, met) == 0
        for player in sitting_out:
            byes[player] += 1
            points[player] += 0.5
        for table in tables:
            order = rng.sample(table, len(table))
            for place, player in enumerate(order):
                points[player] += (len(table) - 1 - place) / (len(table) - 1)
        met.update(meetings(tables))
    return players, points, met, byes


def repeats(tables, met) -> int:
    return sum(1 for table in tables for pair in combinations(table, 2) if met.get(frozenset(pair)))


def test_a_swiss_round_avoids_a_repeat_meeting_when_one_is_avoidable():
    met = meetings([[1, 2], [3, 4]])

    tables, byes = swiss_round([1, 2, 3, 4], {1: 1, 2: 0, 3: 1, 4: 0}, met, 2, {}, False)

    assert tables == [[1, 3], [2, 4]]
    assert byes == []


def test_a_swiss_round_repeats_a_meeting_only_when_none_is_avoidable():
    met = meetings([[1, 2], [1, 3], [2, 3]])

    tables, _ = swiss_round([1, 2, 3, 4], {}, met, 2, {}, False)

    assert repeats(tables, met) == 1


def test_players_with_equal_points_play_each_other():
    points = {1: 0, 2: 1, 3: 0, 4: 1, 5: 0, 6: 1, 7: 0, 8: 1}

    tables, _ = swiss_round(list(points), points, {}, 2, {}, False)

    assert all(points[a] == points[b] for a, b in tables)
    assert tables == [[2, 4], [6, 8], [1, 3], [5, 7]]


def test_the_bye_goes_to_the_lowest_ranked_player_without_one():
    points = {1: 2, 2: 1.5, 3: 1, 4: 0.5, 5: 0}

    _, byes = swiss_round(list(points), points, {}, 2, {5: 1, 4: 1}, False)

    assert byes == [3]


def test_the_bye_goes_to_the_player_with_fewest_byes_when_everyone_had_one():
    points = {1: 2, 2: 1.5, 3: 1}

    _, byes = swiss_round(list(points), points, {}, 2, {1: 1, 2: 2, 3: 2}, False)

    assert byes == [1]


def test_three_seat_tables_mix_last_rounds_tables_when_that_is_possible():
    met = meetings([[1, 2, 3], [4, 5, 6], [7, 8, 9]])

    tables, byes = swiss_round(list(range(1, 10)), {}, met, 3, {}, False)

    assert repeats(tables, met) == 0
    assert sorted(len(table) for table in tables) == [3, 3, 3]
    assert byes == []


def test_the_players_left_over_sit_out_when_the_game_has_no_smaller_table():
    tables, byes = swiss_round(list(range(1, 11)), {}, {}, 4, {}, False)

    assert tables == [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert byes == [9, 10]


def test_the_players_left_over_make_one_smaller_table_where_the_game_allows_it():
    tables, byes = swiss_round(list(range(1, 11)), {}, {}, 4, {}, True)

    assert tables == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]]
    assert byes == []


def test_a_table_of_one_is_never_made():
    tables, byes = swiss_round(list(range(1, 10)), {}, {}, 4, {}, True)

    assert all(len(table) == 4 for table in tables)
    assert byes == [9]


def test_a_swiss_round_is_the_same_for_the_same_standings():
    players, points, met, byes = played(40, 3, 3, "same-for-the-same-standings")

    first = swiss_round(players, points, met, 3, byes, False)

    assert swiss_round(list(reversed(players)), points, met, 3, byes, False) == first


@pytest.mark.parametrize("table_size", [2, 3, 4, 5])
def test_a_swiss_of_a_thousand_players_repeats_no_meeting_in_its_first_rounds(table_size):
    # Only nearby ranks are considered (a window, for speed): `played` checks that no round
    # repeats a meeting all the same.
    played(1000, table_size, 4, f"thousand-players-{table_size}")


@pytest.mark.parametrize("table_size", [2, 3, 4, 5])
def test_a_swiss_of_thirty_players_repeats_no_meeting_for_as_long_as_is_easy(table_size):
    played(30, table_size, 5 if table_size == 2 else 3, f"thirty-players-{table_size}")


@given(
    count=st.integers(2, 40),
    table_size=st.integers(2, 5),
    smaller=st.booleans(),
    rounds=st.integers(0, 3),
)
def test_every_player_is_seated_once_or_sits_out(count, table_size, smaller, rounds):
    players, points, met, byes = played(count, table_size, rounds, "seated-once", smaller, False)
    tables, sitting_out = swiss_round(players, points, met, table_size, byes, smaller)

    seated = [player for table in tables for player in table]
    assert sorted(seated + sitting_out) == players
    sizes = Counter(len(table) for table in tables)
    assert set(sizes) <= {table_size, count % table_size}
    assert all(size >= 2 for size in sizes)
    assert sum(n for size, n in sizes.items() if size != table_size) <= 1
    assert len(sitting_out) == (0 if smaller and count % table_size >= 2 else count % table_size)


def fewest_repeats_of_any_pairing(players, met) -> int:
    if not players:
        return 0
    first, rest = players[0], players[1:]
    return min(
        bool(met.get(frozenset((first, other))))
        + fewest_repeats_of_any_pairing([p for p in rest if p != other], met)
        for other in rest
    )


@given(st.lists(st.tuples(st.integers(1, 8), st.integers(1, 8)), max_size=16))
def test_a_two_seat_round_repeats_no_more_meetings_than_the_best_pairing(earlier_games):
    players = list(range(1, 9))
    met = meetings([[a, b] for a, b in earlier_games if a != b])

    tables, _ = swiss_round(players, {}, met, 2, {}, False)

    assert repeats(tables, met) == fewest_repeats_of_any_pairing(players, met)


def fewest_repeats_of_any_seating(players, met, table_size) -> int:
    if not players:
        return 0
    first, rest = players[0], players[1:]
    return min(
        sum(met.get(frozenset(pair), 0) for pair in combinations([first, *mates], 2))
        + fewest_repeats_of_any_seating([p for p in rest if p not in mates], met, table_size)
        for mates in combinations(rest, table_size - 1)
    )


@given(
    st.sampled_from([(6, 3), (9, 3), (8, 4), (10, 5)]).flatmap(
        lambda field: st.tuples(
            st.just(field),
            st.lists(st.permutations(range(1, field[0] + 1)), max_size=4),
        )
    )
)
def test_a_small_field_at_bigger_tables_repeats_no_more_meetings_than_the_best_seating(case):
    (count, table_size), earlier_orders = case
    players = list(range(1, count + 1))
    met = meetings(order[:table_size] for order in earlier_orders)

    tables, _ = swiss_round(players, {}, met, table_size, {}, False)

    made = sum(met.get(frozenset(pair), 0) for table in tables for pair in combinations(table, 2))
    assert made == fewest_repeats_of_any_seating(players, met, table_size)
