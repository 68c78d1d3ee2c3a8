"""The tournament figures of `manage.py benchmark --only tournaments` measure a real seating."""

from __future__ import annotations

from tabletop.bench.tournaments import swiss_seating


def test_the_benchmark_seats_a_whole_field_after_rounds_of_results():
    seating = swiss_seating(100, 3, rounds_before=2)

    assert seating["tables"] == 33
    assert seating["repeats"] == 0
