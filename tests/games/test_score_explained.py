"""Each game explains its final score in sentences and a table, and the numbers it tells are
the numbers of its outcome's breakdown (random finished playouts of every game)."""

from __future__ import annotations

import copy
import re

import pytest

import games
from games import Rng
from games.base import Explanation, plain_explanation

NAMES = ["ann", "ben", "cat", "dan"]
SEEDS = ["one", "two", "three"]


def finished(slug: str, players: int, seed: str, options: dict | None = None) -> dict:
    rules = games.get(slug)
    state = rules.setup(NAMES[:players], options or {}, Rng(f"{seed}:0"))
    rng, step = Rng(seed), 0
    while rules.to_act(state):
        step += 1
        seat = rules.to_act(state)[0]
        move = copy.deepcopy(rng.choice(rules.legal_moves(state, seat)))
        state = rules.apply(state, seat, move, Rng(f"{seed}:{step}"))
    return rules.outcome(state).as_dict()


def explained(slug: str, players: int, seed: str, options=None) -> tuple[dict, Explanation]:
    outcome = finished(slug, players, seed, options)
    return outcome, games.get(slug).explain(outcome, NAMES[:players])


def sentence_of(explanation: Explanation, name: str) -> str:
    return next(s for s in explanation.sentences if s.startswith(f"{name}:"))


def sum_of(text: str) -> int:
    """ "10 - 4 + 5" -> 11"""
    return sum(int(term.replace(" ", "")) for term in re.findall(r"[-+]?\s*\d+", text))


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_gazobu_tells_each_family_each_bonus_and_each_total_as_a_sum(players, seed):
    outcome, told = explained("gazobu", players, seed)
    details = outcome["details"]
    for seat in details["seats"]:
        name = NAMES[seat["seat"]]
        total = sentence_of(told, name)
        parts, _, result = total[len(name) + 2 : -1].rpartition(" = ")
        assert int(result) == seat["total"] == outcome["scores"][seat["seat"]]
        assert sum_of(parts) == seat["total"]
        for family, held in seat["families"].items():
            about = next(
                s
                for s in told.sentences
                if s.startswith(games.get("gazobu").card_name(family) + ":")
            )
            assert name in about
            assert f"{held['points']}" in about
            if held["majority"]:
                assert f"{name} has" in about
        if seat["bonus_cards"]:
            assert f"{name} holds" in " ".join(told.sentences)
            assert f"{seat['bonus']:+d}" in " ".join(told.sentences)
    for row, seat in zip(told.rows, details["seats"], strict=True):
        assert row[0] == NAMES[seat["seat"]] and row[-1] == seat["total"]
        assert sum(cell for cell in row[1:-1] if cell != "") == seat["total"]


def test_gazobu_says_who_gains_a_family_after_tied_leaders():
    told = games.get("gazobu").explain_family(
        "blob",
        {"counts": [3, 3, 2], "gains": 2},
        [
            {
                "seat": 0,
                "families": {
                    "blob": {"count": 3, "extra_monsters": 0, "multiplied": False, "points": -6}
                },
            },
            {
                "seat": 1,
                "families": {
                    "blob": {"count": 3, "extra_monsters": 0, "multiplied": True, "points": -12}
                },
            },
            {
                "seat": 2,
                "families": {
                    "blob": {"count": 2, "extra_monsters": 0, "multiplied": False, "points": 8}
                },
            },
        ],
        NAMES,
    )
    assert told == (
        "Blob: cat has the next count after the tie (2) and gains 8; ann loses 2 a card: "
        "3 × -2 = -6; ben loses 2 a card: 3 × -2 = -6, doubled by a multiplier = -12."
    )


@pytest.mark.parametrize("seed", SEEDS)
def test_dos_tells_each_players_rounds_adding_up_to_the_score(seed):
    outcome, told = explained("dos", 3, seed)
    sheet = outcome["details"]["score_sheet"]
    for seat, name in enumerate(NAMES[:3]):
        sentence = sentence_of_dos(told, name)
        assert sentence.endswith(f"{outcome['scores'][seat]}.")
        won = [row[seat] for row in sheet if row[seat]]
        if won:
            assert " + ".join(map(str, won)) in sentence
    assert told.rows[-1] == ["Total", *outcome["scores"]]
    assert [row[1:] for row in told.rows[:-1]] == sheet


def sentence_of_dos(told: Explanation, name: str) -> str:
    return next(s for s in told.sentences if s.startswith(f"{name} won"))


@pytest.mark.parametrize("mode", ["basic", "normal"])
@pytest.mark.parametrize("seed", SEEDS)
def test_dr_gomb_tells_each_sequence_and_the_odd_ones_out(seed, mode):
    outcome, told = explained("dr_gomb", 2, seed, {"mode": mode})
    for seat, player in enumerate(outcome["details"]["players"]):
        sentence = sentence_of(told, NAMES[seat])
        assert sentence.endswith(f"Total {player['total']}.")
        for sequence in player["sequences"]:
            if sequence["points"]:
                assert f"{sequence['colour']} runs 1 to {sequence['run']}" in sentence
                assert f": {sequence['points']}" in sentence
        row = told.rows[seat]
        assert row[-1] == player["total"] == sum(row[1:-1])


@pytest.mark.parametrize("seed", SEEDS)
def test_buttons_tells_the_stars_and_the_lines_of_five(seed):
    outcome, told = explained("buttons", 2, seed)
    details = outcome["details"]
    for seat, name in enumerate(NAMES[:2]):
        stars = details["stars"][seat]
        assert any(s.startswith(f"{name} has {stars} star") for s in told.sentences)
        assert told.rows[seat][:2] == [name, stars]


@pytest.mark.parametrize("seed", SEEDS)
def test_dr_hrubec_tells_the_cured_points_less_the_morgue(seed):
    outcome, told = explained("dr_hrubec", 3, seed)
    for seat, player in enumerate(outcome["details"]["players"]):
        sentence = next(s for s in told.sentences if s.startswith(NAMES[seat]))
        assert sentence.endswith(f"Total {player['total']}.")
        if player["cured"]:
            assert f"for {player['cured_points']}" in sentence
        if player["dead"]:
            assert f": {player['dead_penalty']}." in sentence
        assert told.rows[seat][2] + told.rows[seat][4] == told.rows[seat][5] == player["total"]


def test_a_game_without_an_explanation_gets_the_scores_in_order():
    told = plain_explanation({"scores": [3, 9], "winners": [1], "details": {}}, ["ann", "ben"])
    assert told.sentences == ["The scores: ben 9, ann 3."]
    assert told.rows == [["ben", 9], ["ann", 3]]
