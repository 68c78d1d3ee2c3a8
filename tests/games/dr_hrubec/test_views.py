"""Dr. Hrubec: what each seat may see, and the log lines as each viewer reads them."""

from __future__ import annotations

import copy
import json

import pytest

import games
from games import Rng
from games.dr_hrubec.cards import BY_SLUG, CLOSING, ORDER
from tests.games.dr_hrubec.positions import card, operate, play, position, rolling, rules
from tests.helpers.playout import play_random_game

# Hidden information: a view must not change when only what the viewer may not see changes.


def hidden_otherwise(state: dict, viewer: int | None, rng: Rng) -> dict:
    """The same position with everything `viewer` may not see dealt differently: the other
    hands and the deck reshuffled together, the queue and the unused patients reshuffled
    within each tier (the backs show the tiers), other Castling picks changed."""
    other = copy.deepcopy(state)
    seats = [seat for seat in range(len(state["players"])) if seat != viewer]
    pool = list(other["deck"])
    for seat in seats:
        pool += other["hands"][seat]
    rng.shuffle(pool)
    for seat in seats:
        size = len(other["hands"][seat])
        other["hands"][seat] = sorted(pool[:size], key=ORDER.__getitem__)
        pool = pool[size:]
    other["deck"] = pool
    queued = [patient for patient in other["queue"] if patient != CLOSING]
    for tier in (1, 2, 3):
        mixed = [p for p in queued + other["box"] if BY_SLUG[p].tier == tier]
        rng.shuffle(mixed)
        slots = [n for n, p in enumerate(queued) if BY_SLUG[p].tier == tier]
        for n in slots:
            queued[n] = mixed.pop()
        other["box"] = [p for p in other["box"] if BY_SLUG[p].tier != tier] + mixed
    other["queue"] = queued + [c for c in other["queue"] if c == CLOSING]
    other["box"].sort(key=ORDER.__getitem__)
    if other["castling"]:
        for seat in seats:
            if other["castling"]["picks"][seat] is not None:
                other["castling"]["picks"][seat] = rng.choice(other["teams"][seat])
    return other


def assert_views_hide_what_they_must(state: dict, rng: Rng) -> None:
    if state["phase"] == "over":
        return
    for viewer in [None, *range(len(state["players"]))]:
        shown = rules.view(state, viewer)
        assert shown == rules.view(hidden_otherwise(state, viewer, rng), viewer), viewer


@pytest.mark.parametrize("players", [2, 5])
def test_no_view_shows_other_hands_castling_picks_or_the_order_of_queue_and_deck(players):
    rng = Rng("hidden")
    for n in range(6):
        play_random_game(
            rules,
            players,
            f"hidden-{players}-{n}",
            invariant=lambda state: assert_views_hide_what_they_must(state, rng),
        )


def test_a_castling_pick_stays_hidden_until_everyone_has_chosen():
    state = position(
        players=3,
        teams=[["dr_molar", "dr_freud"], ["dr_bones", "butcher"], ["alien", "lawyer"]],
        hands=[["castling"], [], []],
    )
    state = play(state, 0, card("castling"))
    before = copy.deepcopy(state)
    state = play(state, 1, {"kind": "castle", "doctor": "butcher"})
    for viewer in (None, 0, 2):
        shown = json.dumps(rules.view(state, viewer))
        assert "butcher" not in shown.replace('"butcher", ', "").replace('"butcher"]', "")
        assert rules.view(state, viewer)["castling"]["chosen"] == [False, True, False]
        line = rules.describe(before, 1, {"kind": "castle", "doctor": "butcher"}, state, viewer)
        assert "Butcher" not in line and "has chosen a doctor" in line
    line = rules.describe(before, 1, {"kind": "castle", "doctor": "butcher"}, state, 1)
    assert "chooses Butcher" in line


def test_the_view_shows_the_public_table():
    state = position(
        players=3,
        hands=[["nurse", "bribe"], ["dr_zero"], []],
        teams=[["dr_molar"], [], ["butcher"]],
        tables=[None, "acne", None],
        waiting=["geek"],
        cured=[["leper"], [], []],
        morgue=[[], ["toothache"], []],
        ongoing="lucky_day",
    )
    shown = rules.view(state, 0)
    assert shown["hand"] == ["nurse", "bribe"] and shown["hand_counts"] == [2, 1, 0]
    assert shown["teams"] == [["dr_molar"], [], ["butcher"]]
    assert shown["tables"] == [None, "acne", None] and shown["waiting_room"] == ["geek"]
    assert shown["cured"][0] == ["leper"] and shown["morgue"][1] == ["toothache"]
    assert shown["scores"] == [3, -2, 0] and shown["ongoing"] == "lucky_day"
    assert shown["to_act"] == [0] and shown["queue"]["count"] == 2
    assert shown["queue"]["tiers"] == [0, 2, 0]
    assert "deck" not in shown and "hands" not in shown
    assert rules.view(state, None)["hand"] is None


def test_everything_is_shown_once_the_game_is_over():
    final, _ = play_random_game(rules, 3, "over-view")
    shown = rules.view(final, None)
    assert shown["hands"] == final["hands"] and shown["deck"] == final["deck"]
    assert shown["queue"]["cards"] == final["queue"] and shown["unused"] == final["box"]


# Log lines


def test_a_drawn_card_is_named_only_to_the_player_who_drew_it():
    state = position(hands=[[], []], deck=None)
    before = copy.deepcopy(state)
    after = play(state, 0, {"kind": "draw"})
    drawn = after["hands"][0][0]
    assert BY_SLUG[drawn].name in rules.describe(before, 0, {"kind": "draw"}, after, 0)
    for viewer in (1, None):
        line = rules.describe(before, 0, {"kind": "draw"}, after, viewer)
        assert line.startswith("Dr. Watt draws a card.") and BY_SLUG[drawn].name not in line


def test_the_log_line_of_an_operation_tells_the_roll_and_the_sum():
    state = position(tables=["acne", None], phase="operate", teams=[["dr_pimple"], []])
    before = copy.deepcopy(state)
    after = play(state, 0, operate("dermatology"), rolling(4))
    line = rules.describe(before, 0, operate("dermatology"), after, 1)
    assert line.startswith(
        "Dr. Watt operates on Acne (dermatology, difficulty 6): rolls 4 + skill +3 = 7: cured."
    )
    assert "Acne is cured" in line and "It is Yrfing's turn." in line


def test_the_log_says_who_must_answer_a_card():
    state = position(
        players=3, tables=["leper", None, None], phase="operate", teams=[["lawyer"], [], []]
    )
    before = copy.deepcopy(state)
    after = play(state, 0, operate("dermatology"), rolling(1))
    line = rules.describe(before, 0, operate("dermatology"), after, 2)
    assert "dead" in line and "Dr. Watt must choose the player Lawyer and Leper goes to" in line


def test_the_last_log_line_gives_the_scores():
    state = position(phase="admittance", queue=[CLOSING], cured=[["acne"], []])
    before = copy.deepcopy(state)
    after = play(state, 0, {"kind": "queue"})
    line = rules.describe(before, 0, {"kind": "queue"}, after, None)
    assert "hospital closing card" in line and "Dr. Watt 2, Yrfing 0" in line


def test_every_move_of_a_game_has_a_log_line_for_every_viewer():
    final, log = play_random_game(rules, 4, "log-lines")
    state = rules.setup(4, {}, games.step_rng("log-lines", 0))
    for n, (seat, move) in enumerate(log, start=1):
        before = copy.deepcopy(state)
        state = rules.apply(state, seat, move, games.step_rng("log-lines", n))
        for viewer in (None, 0, 1, 2, 3):
            line = rules.describe(before, seat, move, state, viewer)
            assert line and "{" not in line and "None" not in line, line
