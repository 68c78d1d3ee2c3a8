"""DOS: the deck, setup, matching, colour bonuses, drawing and the end of a turn."""

from __future__ import annotations

import json
from collections import Counter
from itertools import product

import pytest

import games
from games import IllegalMove, Rng, canonical
from games.dos import rules
from games.dos.cards import DECK, DECK_COUNT, ORDER, sort_cards

dos = games.get("dos")


# --- Helpers that build positions directly -----------------------------------------------


def position(
    hands: list[list[str]],
    centre: list[str],
    *,
    seat: int = 0,
    phase: str = "start",
    discard: list[str] = (),
    scores: list[int] | None = None,
    target: int = 200,
    called: list[bool] | None = None,
    exposed: list[bool] | None = None,
    penalty: list[str] = (),
    bonuses: int = 0,
    deck_size: int | None = None,
    dealer: int | None = None,
) -> dict:
    """A state in the middle of a round; the deck holds every card placed nowhere else."""
    count = len(hands)
    hands = [list(hand) for hand in hands]
    for hand in hands:
        sort_cards(hand)
    placed = [card for hand in hands for card in hand] + list(centre) + list(discard)
    placed += list(penalty)
    assert not Counter(placed) - DECK_COUNT, "more copies than the deck holds"
    return {
        "players": [f"P{n + 1}" for n in range(count)],
        "options": {"target": target},
        "scores": list(scores or [0] * count),
        "dealer_draws": [],
        "round": 1,
        "dealer": (seat - 1) % count if dealer is None else dealer,
        "deck_size": len(DECK) - len(placed) if deck_size is None else deck_size,
        "discard": list(discard),
        "centre": list(centre),
        "hands": hands,
        "called": list(called or [False] * count),
        "exposed": list(exposed or [False] * count),
        "turn": {
            "seat": seat,
            "phase": phase,
            "matches": [],
            "bonuses": bonuses,
            "penalty": sorted(penalty, key=ORDER.__getitem__),
        },
        "to_act": [seat],
        "round_winners": [],
        "round_points": [],
        "last_hands": [],
        "winner": None,
    }


def match(target: str | tuple, *played: str | tuple, call: bool = False) -> dict:
    """A match move; a wild is written as (card, what it counts as), e.g. ("DOS", "red 2")."""
    target, target_as = target if isinstance(target, tuple) else (target, None)
    pairs = sorted(
        (card if isinstance(card, tuple) else (card, None) for card in played),
        key=lambda pair: (ORDER[pair[0]], rules.NAMING_RANK.get(pair, 0)),
    )
    return {
        "kind": "match",
        "target": target,
        "target_as": target_as,
        "cards": [card for card, _ in pairs],
        "cards_as": [named for _, named in pairs],
        "call": call,
    }


def draw(call: bool = False) -> dict:
    return {"kind": "draw", "call": call}


def add(card: str, call: bool = False) -> dict:
    return {"kind": "add", "card": card, "call": call}


END = {"kind": "end"}
CALL = {"kind": "dos"}


def catch(seat: int) -> dict:
    return {"kind": "catch", "seat": seat}


def play(state: dict, seat: int, *moves: dict, seed: str = "test") -> dict:
    for n, move in enumerate(moves):
        assert move in dos.legal_moves(state, seat), f"{move} is not offered"
        state = dos.apply(state, seat, move, Rng(f"{seed}:{n}"))
    return state


def refused(state: dict, seat: int, move: dict) -> str:
    before = canonical(state)
    assert move not in dos.legal_moves(state, seat)
    with pytest.raises(IllegalMove) as refusal:
        dos.apply(state, seat, move, Rng("refused"))
    assert canonical(state) == before
    return str(refusal.value)


def all_cards(state: dict) -> Counter:
    placed = Counter(state["discard"]) + Counter(state["centre"])
    for hand in state["hands"]:
        placed.update(hand)
    placed.update(state["turn"]["penalty"])
    for made in state["turn"]["matches"]:
        placed.update([made["target"], *made["cards"]])
    return placed


# --- The deck ----------------------------------------------------------------------------


def test_the_deck_has_108_cards_24_of_each_colour_and_12_wild_dos():
    assert len(DECK) == 108
    for colour in ("blue", "green", "red", "yellow"):
        assert sum(1 for card in DECK if card.startswith(colour)) == 24
    assert DECK.count("DOS") == 12


def test_each_colour_has_three_of_1_3_4_5_two_of_6_to_10_and_two_wild_hash():
    for colour in ("blue", "green", "red", "yellow"):
        for number in (1, 3, 4, 5):
            assert DECK.count(f"{colour} {number}") == 3
        for number in range(6, 11):
            assert DECK.count(f"{colour} {number}") == 2
        assert DECK.count(f"{colour} #") == 2
        assert f"{colour} 2" not in DECK


# --- Setup -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_seven_cards_each_and_two_face_up_in_the_centre_row(players):
    state = dos.setup(players, {}, Rng(f"deal-{players}"))
    assert [len(hand) for hand in state["hands"]] == [7] * players
    assert len(state["centre"]) == 2
    assert state["deck_size"] == 108 - 7 * players - 2
    assert sum(all_cards(state).values()) + state["deck_size"] == 108
    json.loads(json.dumps(state))


def test_the_highest_card_cut_deals_and_the_player_to_the_left_starts():
    for n in range(20):
        state = dos.setup(4, {}, Rng(f"cut-{n}"))
        last = state["dealer_draws"][-1]
        values = {seat: rules.dealer_value(card) for seat, card in last}
        best = max(values.values())
        assert [seat for seat, value in values.items() if value == best] == [state["dealer"]]
        assert state["to_act"] == [(state["dealer"] + 1) % 4]


def test_wild_cards_count_as_zero_when_cutting_for_the_deal():
    assert rules.dealer_value("DOS") == 0
    assert rules.dealer_value("red #") == 0
    assert rules.dealer_value("blue 10") == 10


def test_players_tied_for_the_highest_cut_draw_again():
    tied = None
    for n in range(200):
        state = dos.setup(4, {}, Rng(f"tie-{n}"))
        if len(state["dealer_draws"]) > 1:
            tied = state
            break
    assert tied is not None, "no tie in 200 deals"
    first, second = tied["dealer_draws"][:2]
    best = max(rules.dealer_value(card) for _, card in first)
    assert [seat for seat, card in first if rules.dealer_value(card) == best] == [
        seat for seat, _ in second
    ]


def test_setup_keeps_the_players_names():
    state = dos.setup(["Ann", "Bob"], {}, Rng("names"))
    assert state["players"] == ["Ann", "Bob"]


@pytest.mark.parametrize("players", [1, 5])
def test_dos_is_for_two_to_four_players(players):
    with pytest.raises(IllegalMove, match="2 to 4 players"):
        dos.setup(players, {}, Rng("count"))


def test_a_match_is_played_to_200_points_unless_the_target_option_says_otherwise():
    assert dos.setup(2, {}, Rng("t"))["options"] == {"target": 200}
    assert dos.setup(2, {"target": 100}, Rng("t"))["options"] == {"target": 100}
    with pytest.raises(IllegalMove, match="target"):
        dos.setup(2, {"target": 150}, Rng("t"))


def test_setup_replays_to_the_same_bytes():
    assert canonical(dos.setup(3, {}, Rng("same"))) == canonical(dos.setup(3, {}, Rng("same")))


# --- Matching ----------------------------------------------------------------------------


def test_a_single_number_match_plays_one_card_of_the_same_number_whatever_its_colour():
    state = position([["red 7", "green 1", "green 3"], ["blue 1"]], ["blue 7", "yellow 9"])
    state = play(state, 0, match("blue 7", "red 7"))
    assert state["hands"][0] == ["green 1", "green 3"]
    assert state["centre"] == ["yellow 9"]
    assert state["turn"]["matches"][0]["bonus"] is None


@pytest.mark.parametrize(
    "played",
    [("red 5", ("DOS", "blue 2")), ("blue 3", "green 4"), ("yellow 6", "green 1")],
    ids=["5+2", "3+4", "6+1"],
)
def test_a_double_number_match_plays_two_cards_adding_up_to_the_centre_card(played):
    hand = [card if isinstance(card, str) else card[0] for card in played] + ["red 10"]
    state = position([hand, ["blue 1"]], ["green 7", "yellow 9"])
    state = play(state, 0, match("green 7", *played))
    assert state["hands"][0] == ["red 10"]


def test_a_double_match_needs_exactly_two_cards():
    state = position([["red 1", "red 3", "blue 3", "red 9"], ["blue 1"]], ["green 7", "yellow 9"])
    move = match("green 7", "red 1", "red 3", "blue 3")
    move["cards_as"] = [None, None, None]
    assert "one card or two" in refused(state, 0, move)


def test_cards_that_do_not_add_up_are_refused_with_their_sum():
    state = position([["red 1", "red 3", "red 9"], ["blue 1"]], ["green 7", "yellow 9"])
    assert "1 + 3 make 4 not 7" in refused(state, 0, match("green 7", "red 1", "red 3"))
    assert "9 is not 7" in refused(state, 0, match("green 7", "red 9"))


def test_each_centre_card_takes_only_one_match_per_turn():
    state = position([["red 7", "blue 7", "red 1"], ["blue 1"]], ["green 7", "yellow 9"])
    state = play(state, 0, match("green 7", "red 7"))
    assert "already matched this turn" in refused(state, 0, match("green 7", "blue 7"))


def test_a_player_may_match_every_centre_card_in_one_turn():
    state = position([["red 7", "blue 9", "red 1"], ["blue 1"]], ["green 7", "yellow 9"])
    state = play(state, 0, match("green 7", "red 7"), match("yellow 9", "blue 9"))
    assert state["hands"][0] == ["red 1"]
    assert state["centre"] == []


def test_a_player_cannot_match_with_cards_they_do_not_hold():
    state = position([["red 7", "red 1"], ["blue 1"]], ["green 7", "yellow 9"])
    assert "no blue 7" in refused(state, 0, match("green 7", "blue 7"))
    assert "no green 8" in refused(state, 0, match("green 8", "red 7"))


def test_only_the_player_whose_turn_it_is_may_match():
    state = position([["red 7", "red 1"], ["blue 7", "blue 1"]], ["green 7", "yellow 9"])
    assert "P1's turn" in refused(state, 1, match("green 7", "blue 7"))


# --- Colour bonuses ----------------------------------------------------------------------


def test_a_single_colour_match_earns_one_card_added_at_the_end_of_the_turn():
    state = position([["red 7", "green 1", "green 3"], ["blue 1"]], ["red 7", "yellow 9"])
    state = play(state, 0, match("red 7", "red 7"), END)
    assert state["turn"]["phase"] == "bonus" and state["to_act"] == [0]
    assert dos.legal_moves(state, 0) == [add("green 1"), add("green 3"), CALL]
    state = play(state, 0, add("green 3"))
    assert state["centre"][-1] == "green 3"
    assert state["to_act"] == [1]


def test_a_double_colour_match_needs_both_cards_in_the_centre_cards_colour():
    state = position([["red 3", "blue 4", "green 1"], ["blue 1"]], ["red 7", "yellow 9"])
    state = play(state, 0, match("red 7", "red 3", "blue 4"), END)
    assert state["to_act"] == [1], "only one red card: a plain double number match"
    assert state["hands"][1] == ["blue 1"]


def test_a_double_colour_match_adds_a_card_and_makes_every_other_player_draw_one():
    hands = [["red 3", "red 4", "green 1", "green 3"], ["blue 1"], ["blue 3"], ["blue 4"]]
    state = position(hands, ["red 7", "yellow 9"])
    state = play(state, 0, match("red 7", "red 3", "red 4"), END)
    assert [len(hand) for hand in state["hands"]] == [2, 2, 2, 2]
    assert state["turn"]["phase"] == "bonus" and state["turn"]["bonuses"] == 1


def test_every_colour_match_of_a_turn_earns_its_own_card():
    hands = [["red 7", "yellow 9", "green 1", "green 3", "blue 8"], ["blue 1"]]
    state = position(hands, ["red 7", "yellow 9"])
    state = play(state, 0, match("red 7", "red 7"), match("yellow 9", "yellow 9"), END)
    assert state["turn"]["bonuses"] == 2
    state = play(state, 0, add("blue 8"))
    assert state["to_act"] == [0]
    state = play(state, 0, add("green 1"))
    assert state["to_act"] == [1]
    assert state["hands"][0] == ["green 3"]


def test_bonus_cards_lapse_once_the_hand_is_empty():
    state = position([["red 7", "yellow 9", "green 1"], ["blue 1"]], ["red 7", "yellow 9"])
    state = play(state, 0, match("red 7", "red 7"), match("yellow 9", "yellow 9"), END)
    state = play(state, 0, add("green 1"))
    assert state["round_winners"] == [0], "the last card added went out"


# --- Wild cards: the rulebook's worked examples -------------------------------------------


def test_red_7_matched_by_red_5_and_a_dos_named_red_is_a_double_colour_match():
    state = position([["red 5", "DOS", "green 1"], ["blue 1"]], ["red 7", "yellow 9"])
    move = match("red 7", "red 5", ("DOS", "red 2"))
    assert rules.colour_bonus(move) == "double"
    state = play(state, 0, move, END)
    assert state["turn"]["phase"] == "bonus"
    assert len(state["hands"][1]) == 2


def test_a_dos_with_a_5_of_another_colour_still_makes_a_double_number_match_on_red_7():
    state = position([["blue 5", "DOS", "green 1"], ["blue 1"]], ["red 7", "yellow 9"])
    moves = [m for m in dos.legal_moves(state, 0) if m["kind"] == "match"]
    assert match("red 7", "blue 5", ("DOS", "red 2")) in moves
    assert all(rules.colour_bonus(m) is None for m in moves if m["target"] == "red 7")


def test_a_wild_hash_counts_as_7_for_a_single_match_and_as_a_colour_match_if_red():
    state = position([["yellow #", "red #", "green 1"], ["blue 1"]], ["red 7", "yellow 9"])
    moves = dos.legal_moves(state, 0)
    yellow = match("red 7", ("yellow #", "yellow 7"))
    red = match("red 7", ("red #", "red 7"))
    assert yellow in moves and red in moves
    assert rules.colour_bonus(yellow) is None
    assert rules.colour_bonus(red) == "single"


def test_blue_3_and_yellow_hash_as_4_make_a_double_number_match_on_red_7():
    state = position([["blue 3", "yellow #", "green 1"], ["blue 1"]], ["red 7", "yellow 9"])
    move = match("red 7", "blue 3", ("yellow #", "yellow 4"))
    assert rules.colour_bonus(move) is None
    state = play(state, 0, move)
    assert state["hands"][0] == ["green 1"]


def test_red_3_and_red_hash_as_4_make_a_double_colour_match_on_red_7():
    move = match("red 7", "red 3", ("red #", "red 4"))
    state = position([["red 3", "red #", "green 1"], ["blue 1"]], ["red 7", "yellow 9"])
    assert move in dos.legal_moves(state, 0)
    assert rules.colour_bonus(move) == "double"


def test_a_dos_in_the_centre_row_takes_the_colour_the_matching_player_names():
    state = position([["green 1", "green 1", "red 9"], ["blue 1"]], ["DOS", "yellow 9"])
    move = match(("DOS", "green 2"), "green 1", "green 1")
    assert move in dos.legal_moves(state, 0)
    assert rules.colour_bonus(move) == "double"
    assert rules.colour_bonus(match(("DOS", "red 2"), "green 1", "green 1")) is None


def test_a_wild_hash_in_the_centre_row_takes_the_value_the_matching_player_names():
    state = position([["blue 3", "green 8", "red 9"], ["blue 1"]], ["red #", "yellow 9"])
    moves = dos.legal_moves(state, 0)
    assert match(("red #", "red 3"), "blue 3") in moves
    assert match(("red #", "red 8"), "green 8") in moves
    assert match(("red #", "red 9"), "red 9") in moves
    assert rules.colour_bonus(match(("red #", "red 9"), "red 9")) == "single"


def test_a_dos_is_always_a_two():
    state = position([["DOS", "green 1"], ["blue 1"]], ["red 3", "yellow 9"])
    move = match("red 3", ("DOS", "red 3"))
    assert "2 of any colour" in refused(state, 0, move)


def test_a_wild_hash_keeps_its_own_colour():
    state = position([["yellow #", "green 1"], ["blue 1"]], ["red 4", "yellow 9"])
    assert "any yellow number" in refused(state, 0, match("red 4", ("yellow #", "red 4")))


def test_a_wild_must_be_named_and_a_plain_card_must_not_be():
    state = position([["DOS", "red 5", "green 1"], ["blue 1"]], ["red 7", "yellow 9"])
    assert "Name the colour" in refused(state, 0, match("red 7", "red 5", ("DOS", None)))
    assert "not wild" in refused(state, 0, match("red 7", ("red 5", "red 5"), ("DOS", "red 2")))


def test_two_wilds_in_one_match_are_each_named():
    state = position([["DOS", "DOS", "green 1"], ["blue 1"]], ["red 4", "yellow 9"])
    both_red = match("red 4", ("DOS", "red 2"), ("DOS", "red 2"))
    mixed = match("red 4", ("DOS", "blue 2"), ("DOS", "red 2"))
    moves = dos.legal_moves(state, 0)
    assert both_red in moves and mixed in moves
    assert rules.colour_bonus(both_red) == "double"
    assert rules.colour_bonus(mixed) is None


# --- Drawing -----------------------------------------------------------------------------


def test_a_player_who_will_not_match_draws_a_card_and_then_may_match():
    state = position([["red 7", "green 1"], ["blue 1"]], ["blue 7", "yellow 9"])
    assert draw() in dos.legal_moves(state, 0), "drawing is allowed even with a match at hand"
    state = play(state, 0, draw())
    assert len(state["hands"][0]) == 3
    assert match("blue 7", "red 7") in dos.legal_moves(state, 0)
    state = play(state, 0, match("blue 7", "red 7"), END)
    assert state["to_act"] == [1]


def test_after_drawing_without_a_match_a_player_adds_a_card_to_the_centre_row():
    state = position([["red 8", "green 1"], ["blue 1"]], ["blue 7", "yellow 9"])
    state = play(state, 0, draw())
    assert "match or add" in refused(state, 0, END)
    kinds = {move["kind"] for move in dos.legal_moves(state, 0)}
    assert "add" in kinds and "draw" not in kinds and "end" not in kinds
    state = play(state, 0, add("red 8"))
    assert state["centre"] == ["blue 7", "yellow 9", "red 8"]
    assert state["to_act"] == [1]


def test_a_player_draws_only_once_a_turn_and_never_after_matching():
    state = position([["red 7", "blue 7", "green 1"], ["blue 1"]], ["blue 7", "red 7"])
    drawn = play(position([["red 8"], ["blue 1"]], ["blue 7", "yellow 9"]), 0, draw())
    assert "already drawn" in refused(drawn, 0, draw())
    matched = play(state, 0, match("blue 7", "red 7"))
    assert "cannot draw" in refused(matched, 0, draw())


def test_a_turn_is_matching_or_drawing_so_it_cannot_end_before_either():
    state = position([["red 7", "green 1"], ["blue 1"]], ["blue 7", "yellow 9"])
    assert "Match or draw first" in refused(state, 0, END)
    assert "only after drawing" in refused(state, 0, add("red 7"))


def test_a_player_who_has_matched_may_not_add_a_card_without_a_bonus():
    state = position([["red 7", "green 1"], ["blue 1"]], ["blue 7", "yellow 9"])
    state = play(state, 0, match("blue 7", "red 7"))
    assert "end it" in refused(state, 0, add("green 1"))


# --- The end of a turn -------------------------------------------------------------------


def test_matched_cards_wait_beside_the_row_until_the_turn_ends_then_go_to_the_discard_pile():
    state = position([["red 7", "green 1"], ["blue 1"]], ["blue 7", "yellow 9"])
    state = play(state, 0, match("blue 7", "red 7"))
    assert state["discard"] == []
    assert state["turn"]["matches"][0]["cards"] == ["red 7"]
    state = play(state, 0, END)
    assert sorted(state["discard"]) == ["blue 7", "red 7"]


def test_the_centre_row_is_refilled_to_two_before_bonus_cards_are_added():
    hand = ["red 7", "yellow 9", "green 1", "green 3", "blue 8"]
    state = position([hand, ["blue 1"]], ["red 7", "yellow 9"])
    state = play(state, 0, match("red 7", "red 7"), match("yellow 9", "yellow 9"), END)
    assert len(state["centre"]) == 2, "refilled from the deck first"
    state = play(state, 0, add("green 1"), add("green 3"))
    assert len(state["centre"]) == 4 and state["centre"][2:] == ["green 1", "green 3"]


def test_the_centre_row_has_no_maximum():
    centre = ["blue 7", "yellow 9", "green 10", "red 10", "blue 10", "yellow 10"]
    state = position([["red 8", "green 1"], ["blue 1"]], centre)
    state = play(state, 0, draw(), add("red 8"))
    assert len(state["centre"]) == 7


def test_the_centre_row_never_drops_below_two_cards_after_a_turn():
    hand = ["blue 7", "yellow 9", "green 1", "green 3"]
    state = position([hand, ["blue 1"]], ["blue 7", "yellow 9"])
    state = play(state, 0, match("blue 7", "blue 7"), match("yellow 9", "yellow 9"))
    assert state["centre"] == []
    state = play(state, 0, END, add("green 1"))
    assert len(state["centre"]) == 3


def everything_else(*placed: list[str]) -> list[str]:
    """The cards of the deck not in the given lists: a hand that empties the deck."""
    rest = Counter(DECK)
    for cards in placed:
        rest.subtract(cards)
    return list(rest.elements())


def test_the_discard_pile_is_shuffled_into_the_deck_when_the_deck_runs_out():
    hand, centre, discard = ["red 8", "green 1"], ["blue 7", "yellow 9"], ["green 6", "green 6"]
    state = position([hand, everything_else(hand, centre, discard)], centre, discard=discard)
    assert state["deck_size"] == 0
    state = play(state, 0, draw())
    assert state["hands"][0] == ["green 1", "green 6", "red 8"]
    assert state["discard"] == [] and state["deck_size"] == 1


def test_with_deck_and_discard_pile_both_empty_a_draw_takes_nothing():
    hand, centre = ["red 8", "green 1"], ["blue 7", "yellow 9"]
    state = position([hand, everything_else(hand, centre)], centre)
    state = play(state, 0, draw())
    assert state["hands"][0] == ["green 1", "red 8"]
    assert state["turn"]["phase"] == "drawn"


def test_a_player_with_one_card_may_call_dos_as_they_draw_their_second():
    state = position([["red 8"], ["blue 1"]], ["blue 7", "yellow 9"])
    assert draw(call=True) in dos.legal_moves(state, 0)
    state = play(state, 0, draw(call=True))
    assert state["called"][0] is True


def test_a_player_with_one_card_cannot_call_when_there_is_nothing_to_draw():
    hand, centre = ["red 8"], ["blue 7", "yellow 9"]
    state = position([hand, everything_else(hand, centre)], centre)
    assert draw(call=True) not in dos.legal_moves(state, 0)
    assert "exactly two cards" in refused(state, 0, draw(call=True))


def test_a_draw_never_gives_a_card_that_is_in_view():
    state = position([["red 8"], ["blue 1"]], ["blue 7", "yellow 9"])
    seen = Counter(card for hand in state["hands"] for card in hand) + Counter(state["centre"])
    for n in range(40):
        drawn = play(json.loads(json.dumps(state)), 0, draw(), seed=f"draw-{n}")
        card = (Counter(drawn["hands"][0]) - Counter(state["hands"][0])).most_common(1)[0][0]
        assert seen[card] < DECK_COUNT[card]


def test_a_move_that_is_not_an_object_with_a_kind_is_refused():
    state = position([["red 8", "green 1"], ["blue 1"]], ["blue 7", "yellow 9"])
    for junk in (None, "draw", {}, {"kind": "pass"}, {"kind": "draw"}, {"kind": "draw", "call": 1}):
        before = canonical(state)
        with pytest.raises(IllegalMove):
            dos.apply(state, 0, junk, Rng("junk"))
        assert canonical(state) == before


def test_a_move_from_a_seat_that_does_not_exist_is_refused():
    state = position([["red 8", "green 1"], ["blue 1"]], ["blue 7", "yellow 9"])
    with pytest.raises(IllegalMove, match="no seat 5"):
        dos.apply(state, 5, draw(), Rng("seat"))
    assert dos.legal_moves(state, 5) == []


def every_written_match(hand: list[str], targets: list[str]):
    """Every match a player could write: any target, any one or two cards, any naming."""
    names = {card: [None] + [n for n, _, _ in rules.NAMINGS[card]] for card in rules.NAMINGS}
    plays = [[card] for card in hand] + [list(pair) for pair in product(hand, hand)]
    for target, cards in product(targets, plays):
        for target_as, *cards_as in product(names[target], *(names[card] for card in cards)):
            yield {
                "kind": "match",
                "target": target,
                "target_as": target_as,
                "cards": cards,
                "cards_as": list(cards_as),
                "call": False,
            }


def test_a_match_is_accepted_exactly_when_the_legal_moves_offer_it():
    hand = ["blue 3", "yellow #", "DOS", "red 4", "red 3"]
    state = position([hand, ["blue 1"]], ["red 7", "DOS", "blue #"])
    legal = dos.legal_moves(state, 0)
    tried = 0
    for move in every_written_match(hand, ["red 7", "DOS", "blue #", "green 7"]):
        tried += 1
        try:
            dos.apply(json.loads(json.dumps(state)), 0, move, Rng("any"))
        except IllegalMove:
            assert move not in legal, move
        else:
            assert move in legal, move
    assert tried > 10_000
