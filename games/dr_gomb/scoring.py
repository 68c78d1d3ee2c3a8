"""Dr. Gomb's scoring: each sequence's run from 1 with its one odd one out, the odd ones out's
own run, and the jokers' values that give their owner the best total (RULINGS.md)."""

from __future__ import annotations

import functools
import itertools
from collections import Counter

from games.dr_gomb.cards import COLOUR_OF, COLOURS, NAME_OF, NUMBER_OF, card_at, card_names, cards

# Points for a run from 1 of length 0-5: a sequence's own, and the odd ones out's extra set.
RUN_POINTS = (0, 1, 3, 5, 8, 11)
EXTRA_POINTS = (0, 1, 11, 22, 33, 44)


def score_sequence(colour: int, sequence: str, values: dict[int, int | None]) -> dict:
    """One sequence scored with its jokers' values fixed (position -> number or None).

    Broken buttons are set aside; the run from 1 counts, cards beyond its gap are set aside.
    """
    numbered, set_aside = [], []
    for position, code in enumerate(cards(sequence), start=1):
        number = values.get(position) if code[1] == "*" else NUMBER_OF[code]
        if number:
            numbered.append((code, number))
        else:
            set_aside.append(code)
    present = {number for _, number in numbered}
    run = 0
    while run + 1 in present:
        run += 1
    in_run = [(code, number) for code, number in numbered if number <= run]
    set_aside += [code for code, number in numbered if number > run]
    odd = [(code, number) for code, number in in_run if COLOUR_OF[code] != colour]
    result = {"run": run, "points": 0, "odd": None, "set_aside": set_aside, "note": ""}
    if not run:
        result["note"] = "no 1"
    elif len(in_run) > run:
        twice = min(number for number, count in Counter(n for _, n in in_run).items() if count > 1)
        result["note"] = f"{twice} twice"
    elif not odd:
        result["note"] = "no odd one out"
    elif len(odd) > 1:
        result["note"] = "more than one odd one out"
    else:
        result["points"] = RUN_POINTS[run]
        result["odd"] = odd[0]
    return result


def _joker_values(positions: list[int], missing: list[int]) -> list[dict[int, int | None]]:
    """Every way to give the jokers distinct missing numbers; a joker goes without a number only
    when the others have taken them all."""
    ways = []
    for values in itertools.product([*missing, None], repeat=len(positions)):
        numbers = [value for value in values if value is not None]
        if len(set(numbers)) != len(numbers):
            continue
        if None in values and set(numbers) != set(missing):
            continue
        ways.append(dict(zip(positions, values, strict=True)))
    return ways


@functools.lru_cache(maxsize=1 << 16)
def _sequence_options(colour: int, sequence: str) -> tuple[tuple[dict, dict], ...]:
    """(result, joker values) for every joker assignment, one per distinct result.

    Cached because views and bots score the same sequences over and over; callers only read.
    """
    codes = cards(sequence)
    jokers = [position for position, code in enumerate(codes, start=1) if code[1] == "*"]
    if not jokers:
        return ((score_sequence(colour, sequence, {}), {}),)
    present = {NUMBER_OF[code] for code in codes}
    missing = [number for number in range(1, 6) if number not in present]
    seen: dict[tuple, tuple[dict, dict]] = {}
    for values in _joker_values(jokers, missing):
        result = score_sequence(colour, sequence, values)
        odd = result["odd"]
        seen.setdefault((result["points"], odd and (odd[0][0], odd[1])), (result, values))
    return tuple(seen.values())


def score_extra(odd_ones: list[tuple[str, int]]) -> dict:
    """The set of the odd ones out of the scoring sequences, as (card, number) pairs."""
    colours = {code[0] for code, _ in odd_ones}
    numbers = {number for _, number in odd_ones}
    run = 0
    while run + 1 in numbers:
        run += 1
    result = {"run": run, "points": 0, "note": ""}
    if len(colours) < len(odd_ones):
        result["note"] = "two odd ones out of one colour"
    elif len(numbers) < len(odd_ones):
        result["note"] = "two odd ones out with one number"
    elif not run:
        result["note"] = "no 1" if odd_ones else ""
    else:
        result["points"] = EXTRA_POINTS[run]
    return result


def _best(sequences: list[str]) -> tuple[int, tuple, dict, list]:
    """The best total over the jokers' values: (total, per-sequence choice, extra, odd ones)."""
    per_sequence = [
        _sequence_options(colour, sequence) for colour, sequence in enumerate(sequences)
    ]
    best = None
    for combination in itertools.product(*per_sequence):
        odd_ones = [result["odd"] for result, _ in combination if result["points"]]
        extra = score_extra(odd_ones)
        total = sum(result["points"] for result, _ in combination) + extra["points"]
        if best is None or total > best[0]:
            best = (total, combination, extra, odd_ones)
    return best


@functools.lru_cache(maxsize=1 << 14)
def best_total(sequences: str) -> int:
    """The best total of one seat's sequences, as stored ("r1r2/g3///")."""
    return _best(sequences.split("/"))[0]


def score_player(sequences: list[str]) -> dict:
    """The best total with its breakdown per sequence and for the odd ones out."""
    total, combination, extra, odd_ones = _best(sequences)
    return {
        "total": total,
        "sequences": [
            _sequence_details(colour, sequences[colour], result, values)
            for colour, (result, values) in enumerate(combination)
        ],
        "extra": {
            "cards": [NAME_OF[code] for code, _ in sorted(odd_ones, key=lambda odd: odd[1])],
            "run": extra["run"],
            "points": extra["points"],
            "note": extra["note"],
        },
    }


def _sequence_details(colour: int, sequence: str, result: dict, values: dict) -> dict:
    odd = result["odd"]
    return {
        "colour": COLOURS[colour],
        "cards": card_names(sequence),
        "jokers": [
            {"card": NAME_OF[card_at(sequence, position)], "value": value}
            for position, value in values.items()
        ],
        "run": result["run"],
        "points": result["points"],
        "odd_one_out": {"card": NAME_OF[odd[0]], "number": odd[1]} if odd else None,
        "set_aside": [NAME_OF[code] for code in result["set_aside"]],
        "note": result["note"],
    }
