"""Dr. Gomb: an earlier position names no number that is covered by now (normal mode).

`past_view(past, now, seat)` is what the history page and the API's states show of a past
position. A top of then may be covered now, or taken out of the game face down, and two
positions cannot tell which card of then is which card of now; so while a normal game runs,
an earlier position shows its sequences and hand by colour, as the table would.
"""

from __future__ import annotations

import copy

import pytest

from games import Rng, step_rng
from games import dr_gomb as rules
from tests.games.dr_gomb.test_rules import play, position, seq
from tests.games.dr_gomb.test_secrets import secret_slots, swapped, viewers

EVERYONE = (None, 0, 1)


def red_of(shown: dict, seat: int = 0) -> list[str]:
    return shown["players"][seat]["sequences"]["red"]


def red_3_covered_later() -> tuple[dict, dict]:
    """Anna's red 3 is her red top, then she covers it with the red 4 she draws."""
    then = position(mode="normal", sequences={0: seq(red="r1r3")}, top="r4")
    now = play(copy.deepcopy(then), 0, "draw", "play to red")
    return then, now


def test_a_top_covered_since_shows_its_colour_only_to_everyone_the_owner_included():
    then, now = red_3_covered_later()
    for viewer in EVERYONE:
        assert red_of(rules.view(then, viewer)) == ["red", "red 3"]
        assert red_of(rules.past_view(then, now, viewer)) == ["red", "red"]


def test_a_card_in_hand_then_shows_its_colour_only():
    then = position(mode="normal", sequences={0: seq(red="r1")}, top="r2")
    holding = play(copy.deepcopy(then), 0, "draw")
    now = play(copy.deepcopy(holding), 0, "play to red")
    assert rules.view(holding, 0)["held"] == ["red 2"]
    assert rules.past_view(holding, now, 0)["held"] == ["red"]


def test_a_top_still_on_top_looks_like_a_look_alike_that_took_its_place():
    # Now Anna's red is "red ?, red 3": either her red 3 of then, untouched, or (after action C
    # took the red 1 from under it) that red 3 covered by another. Which one the position now
    # holds is secret, so the earlier position may not depend on it.
    then = position(mode="normal", sequences={0: seq(red="r1r3")})
    untouched = position(mode="normal", sequences={0: seq(red="r1r3")}, turn=1)
    replaced = position(mode="normal", sequences={0: seq(red="r3r3")}, turn=1)
    for viewer in EVERYONE:
        assert rules.view(untouched, viewer)["players"] == rules.view(replaced, viewer)["players"]
        shown = rules.past_view(then, untouched, viewer)
        assert shown == rules.past_view(then, replaced, viewer)
        assert red_of(shown) == ["red", "red"]


def test_broken_and_surprise_buttons_keep_their_names():
    then = position(mode="normal", sequences={0: seq(red="r1y!")}, top="b?")
    then = play(then, 0, "draw")
    now = play(copy.deepcopy(then), 0, "discard to pile 1")
    shown = rules.past_view(then, now, 0)
    assert red_of(shown) == ["red", "yellow broken"]
    assert shown["held"] == ["blue surprise"]


def test_the_position_now_shows_as_the_view_does():
    then, now = red_3_covered_later()
    for viewer in EVERYONE:
        assert rules.past_view(now, copy.deepcopy(now), viewer) == rules.view(now, viewer)
        assert rules.past_view(then, copy.deepcopy(then), viewer) == rules.view(then, viewer)


def test_once_the_game_is_over_every_earlier_position_shows_everything():
    then, now = red_3_covered_later()
    now["step"] = "over"
    for viewer in EVERYONE:
        assert rules.past_view(then, now, viewer) == rules.view(then, viewer)
        assert red_of(rules.past_view(then, now, viewer)) == ["red", "red 3"]


def test_in_basic_mode_an_earlier_position_shows_as_it_did():
    then = position(sequences={0: seq(red="r1r3")}, top="r4")
    now = play(copy.deepcopy(then), 0, "draw", "play to red")
    for viewer in EVERYONE:
        assert rules.past_view(then, now, viewer) == rules.view(then, viewer)


@pytest.mark.parametrize("players", [2, 4])
def test_earlier_positions_of_a_normal_game_name_no_number_in_play_and_hide_no_more(players):
    """Along a random game: no sequence card or card in hand of an earlier position shows a
    number, unless the position looks just as the table does now; everything else shows as it
    did; and the position now may be dealt again in everything nobody sees without changing a
    byte of any earlier one."""
    seed = f"past-views-{players}"
    state = rules.setup(players, {"mode": "normal"}, step_rng(seed, 0))
    bot, swaps = Rng(f"{seed}:bot"), Rng(f"{seed}:swap")
    earlier = []
    for step in range(1, 400):
        if not rules.to_act(state):
            break
        earlier.append(copy.deepcopy(state))
        seat = rules.to_act(state)[0]
        move = bot.choice(rules.legal_moves(state, seat))
        state = rules.apply(state, seat, move, step_rng(seed, step))
        if step % 40 == 0:
            twin = swapped(state, secret_slots(state), swaps)[0]
            for then in earlier[-12:]:
                assert_earlier_position_hides_what_is_covered(then, state, twin)


def assert_earlier_position_hides_what_is_covered(then: dict, now: dict, twin: dict) -> None:
    for viewer in viewers(then):
        shown = rules.past_view(then, now, viewer)
        assert shown == rules.past_view(then, twin, viewer)
        plain = rules.view(then, viewer)
        if plain == rules.view(now, viewer):  # it looks just like the table now
            assert shown == plain
            continue
        for key in plain.keys() - {"players", "held"}:
            assert shown[key] == plain[key]
        for card in cards_in_play_and_hand(shown):
            assert card in rules.COLOURS or card.split()[1] in ("broken", "surprise")


def cards_in_play_and_hand(shown: dict) -> list[str]:
    held = shown["held"] or []
    return held + [
        card
        for player in shown["players"]
        for sequence in player["sequences"].values()
        for card in sequence
    ]
