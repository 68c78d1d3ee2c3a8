"""Dr. Gomb: setup, turns, action C, the special buttons, the 25-card limit and the end.

Positions are built directly with `position`; the other test_dr_gomb_* files import it.
Cards are two-letter codes: "r3" red 3, "g*" green joker, "b?" blue surprise, "p!" pink broken.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

import games
from games import IllegalMove, Rng, canonical, setup_at, step_rng
from games import dr_gomb as rules
from games.dr_gomb.cards import COLOURS, FULL_DECK, cards
from games.dr_gomb.rules import rules_version, sequences_of
from tests.games.test_golden_logs import digest, golden_path


def seq(**by_colour: str) -> str:
    """One seat's sequences as stored: seq(red="r1r2", blue="p1b2") -> "r1r2///..."."""
    return "/".join(by_colour.get(colour, "") for colour in COLOURS)


def position(
    mode: str = "basic",
    players: int = 2,
    turn: int = 0,
    step: str = "turn",
    sequences: dict[int, str] | None = None,
    held: str = "",
    talon: str = "",
    piles: tuple[str, str] = ("r1", "g1"),
    out: str = "",
    box: str = "",
    top: str = "",
    deck: str | None = None,
    used: bool = False,
    breaking: str = "",
    left: int = 0,
    held_from: str | None = None,
) -> dict:
    """A state with every card accounted for: the deck gets whatever the rest does not hold,
    with `top` on top (the last cards are drawn first). A version-1 state unless `held_from`
    ("", "deck" or "pile") is given, which makes it version 2."""
    seats = ["////"] * players
    for seat, sequences_of_seat in (sequences or {}).items():
        seats[seat] = sequences_of_seat
    placed = talon + "".join(piles) + out + box + held + breaking + "".join(seats) + top
    if deck is None:
        rest = Counter(FULL_DECK) - Counter(cards(placed.replace("/", "")))
        deck = "".join(sorted(rest.elements())) + top
    state = {
        "players": ["Anna", "Bela", "Cili", "Dani", "Emil"][:players],
        "mode": mode,
        "deck": deck,
        "talon": talon,
        "piles": list(piles),
        "box": box,
        "out": out,
        "sequences": seats,
        "turn": turn,
        "step": step,
        "held": held,
        "used": used,
        "breaking": breaking,
        "left": left,
    }
    if held_from is not None:
        state |= {"version": 2, "held_from": held_from}
    return state


def play(state: dict, seat: int, *texts: str) -> dict:
    """Moves in the email notation, each checked to be offered before it is applied."""
    for text in texts:
        move = rules.parse_move(text, state, seat)
        assert move in rules.legal_moves(state, seat), f"{text!r} is not offered"
        state = rules.apply(state, seat, move, Rng("test"))
    return state


def refused(state: dict, seat: int, move: dict) -> str:
    """The refusal's message; the state must be untouched."""
    before = canonical(state)
    with pytest.raises(IllegalMove) as refusal:
        rules.apply(state, seat, move, Rng("test"))
    assert canonical(state) == before
    return str(refusal.value)


def assert_all_cards_accounted_for(state: dict) -> None:
    """The 120 cards are each in exactly one place: deck, talon, piles, sequences, a hand,
    the broken buttons waiting in the talon step, or the box."""
    places = [state["deck"], state["talon"], *state["piles"], state["box"], state["out"]]
    places += [state["held"], state["breaking"], *state["sequences"]]
    assert Counter(cards("".join(places).replace("/", ""))) == Counter(FULL_DECK)


def kinds(state: dict, seat: int) -> list[str]:
    return [move["kind"] for move in rules.legal_moves(state, seat)]


# --- Setup ------------------------------------------------------------------------------------


def test_the_deck_has_120_cards_five_ones_and_four_of_each_other_number_per_colour():
    assert len(FULL_DECK) == 120
    count = Counter(FULL_DECK)
    for letter in "rgbpy":
        assert count[letter + "1"] == 5
        assert [count[letter + str(number)] for number in range(2, 6)] == [4, 4, 4, 4]
        assert count[letter + "!"] == count[letter + "*"] == count[letter + "?"] == 1


@pytest.mark.parametrize(
    "players, unseen, deck", [(2, 30, 78), (3, 20, 88), (4, 0, 108), (5, 0, 108)]
)
def test_two_players_put_30_cards_back_unseen_and_three_players_20(players, unseen, deck):
    state = rules.setup(players, {}, Rng(f"setup-{players}"))
    assert len(state["box"]) // 2 == unseen
    assert len(state["deck"]) // 2 == deck
    assert_all_cards_accounted_for(state)


def test_setup_sets_aside_a_secret_talon_of_ten_and_turns_two_discard_piles_up():
    state = rules.setup(4, {"mode": "normal"}, Rng("talon"))
    assert len(state["talon"]) == 20
    assert [len(pile) for pile in state["piles"]] == [2, 2]
    assert state["mode"] == "normal"
    assert state["step"] == "turn" and rules.to_act(state) == [state["turn"]]
    view = rules.view(state, state["turn"])
    assert view["talon"] == 10 and "talon_cards" not in view


def test_the_first_player_is_drawn_at_random():
    firsts = {rules.setup(5, {}, Rng(f"first-{n}"))["turn"] for n in range(40)}
    assert firsts == {0, 1, 2, 3, 4}


def test_setup_keeps_the_players_names_and_defaults_to_basic_mode():
    state = rules.setup(["Anna", "Bela"], None, Rng("names"))
    assert state["players"] == ["Anna", "Bela"] and state["mode"] == "basic"
    assert rules.options == {"mode": ("basic", "normal")}


@pytest.mark.parametrize("players", [1, 6])
def test_setup_refuses_a_wrong_number_of_players(players):
    with pytest.raises(IllegalMove, match="2 to 5 players"):
        rules.setup(players, {}, Rng("count"))


def test_setup_refuses_an_unknown_mode():
    with pytest.raises(IllegalMove, match="basic, normal"):
        rules.setup(2, {"mode": "expert"}, Rng("mode"))


def test_the_registry_knows_dr_gomb():
    assert games.get("dr_gomb") is rules
    assert (rules.slug, rules.title, rules.min_players, rules.max_players) == (
        "dr_gomb",
        "Dr. Gomb",
        2,
        5,
    )


# --- A turn -----------------------------------------------------------------------------------


def test_a_basic_turn_starts_with_the_deck_a_pile_or_discarding_one_sequence():
    state = position(sequences={0: seq(red="r1", blue="b2")})
    assert rules.legal_moves(state, 0) == [
        {"kind": "draw"},
        {"kind": "take", "pile": 1},
        {"kind": "take", "pile": 2},
        {"kind": "discard_sequence", "sequence": "red"},
        {"kind": "discard_sequence", "sequence": "blue"},
    ]
    assert rules.legal_moves(state, 1) == []


def test_a_normal_turn_starts_with_the_deck_a_pile_or_discarding_three_cards():
    state = position(mode="normal", sequences={0: seq(red="r1r2", blue="b2")})
    assert kinds(state, 0) == ["draw", "take", "take", "discard_three"]
    assert kinds(position(mode="normal", sequences={0: seq(red="r1r2")}), 0) == [
        "draw",
        "take",
        "take",
    ]


def test_drawing_gives_the_top_card_of_the_deck_to_the_drawer():
    state = play(position(top="b3"), 0, "draw")
    assert state["held"] == "b3" and state["step"] == "place"
    assert rules.to_act(state) == [0]


def test_taking_from_a_pile_takes_its_top_card():
    state = play(position(piles=("r1b4", "g1")), 0, "take pile 1")
    assert state["held"] == "b4" and state["piles"] == ["r1", "g1"]


def test_taking_the_last_card_of_a_pile_refills_it_from_the_deck():
    state = play(position(top="y5"), 0, "take pile 2")
    assert state["held"] == "g1" and state["piles"] == ["r1", "y5"]
    assert_all_cards_accounted_for(state)


def test_a_card_starts_a_sequence_of_its_own_colour():
    state = play(position(top="b3"), 0, "draw", "play to blue")
    assert sequences_of(state, 0)[2] == "b3"
    assert state["turn"] == 1 and state["step"] == "turn"


def test_an_off_colour_card_joins_an_existing_sequence_but_starts_none():
    state = play(position(sequences={0: seq(red="r1")}, top="b3"), 0, "draw")
    assert rules.legal_moves(state, 0) == [
        {"kind": "play", "card": "blue 3", "to": "red"},
        {"kind": "play", "card": "blue 3", "to": "blue"},
        {"kind": "discard", "card": "blue 3", "pile": 1},
        {"kind": "discard", "card": "blue 3", "pile": 2},
    ]
    message = refused(state, 0, {"kind": "play", "card": "blue 3", "to": "green"})
    assert message == "You have no green sequence; a new sequence starts with a card of its colour."


def test_a_number_the_sequence_has_and_a_second_odd_one_out_may_still_be_played():
    state = position(sequences={0: seq(red="r1b2")}, top="g3r1")
    state = play(state, 0, "draw", "play to red")
    state = play(state, 1, "draw", "discard to pile 1")
    state = play(state, 0, "take pile 1", "play to red")
    assert sequences_of(state, 0)[0] == "r1b2r1g3"


def test_a_drawn_card_may_go_onto_either_discard_pile():
    state = play(position(top="b3"), 0, "draw", "discard to pile 2")
    assert state["piles"] == ["r1", "g1b3"] and state["turn"] == 1


def test_play_passes_clockwise_and_wraps_around():
    state = position(players=3, turn=2, top="b3")
    state = play(state, 2, "draw", "discard to pile 1")
    assert state["turn"] == 0


# --- Action C ---------------------------------------------------------------------------------


def test_basic_action_c_discards_the_whole_sequence_card_by_card_in_the_chosen_order():
    state = position(sequences={0: seq(red="r1r2g3", blue="b1")})
    state = play(state, 0, "discard sequence red")
    assert state["step"] == "scatter" and state["held"] == "r1r2g3"
    assert kinds(state, 0) == ["discard"] * 6
    state = play(state, 0, "discard green 3 to pile 2", "discard red 1 to pile 2")
    state = play(state, 0, "discard to pile 1")
    assert state["piles"] == ["r1r2", "g1g3r1"]
    assert sequences_of(state, 0) == ["", "", "b1", "", ""]
    assert state["turn"] == 1
    assert_all_cards_accounted_for(state)


def test_a_discarded_colour_may_be_started_again():
    state = position(sequences={0: seq(red="r1")}, top="r2")
    state = play(state, 0, "discard sequence red", "discard to pile 1")
    state = play(state, 1, "draw", "discard to pile 1")
    state = play(state, 0, "take pile 1", "play to red")
    assert sequences_of(state, 0)[0] == "r2"


def test_normal_action_c_discards_exactly_three_cards_one_by_one():
    state = position(mode="normal", sequences={0: seq(red="r1r2r3", blue="b1")})
    state = play(state, 0, "discard three")
    assert state["step"] == "three" and state["left"] == 3
    state = play(state, 0, "discard red #2 to pile 1", "discard blue #1 to pile 2")
    assert state["turn"] == 0 and state["left"] == 1
    state = play(state, 0, "discard red #1 to pile 1")
    assert state["piles"] == ["r1r2r1", "g1b1"]
    assert sequences_of(state, 0) == ["r3", "", "", "", ""]
    assert state["turn"] == 1 and state["step"] == "turn"


def test_normal_action_c_never_discards_a_broken_button():
    state = position(mode="normal", step="three", left=3, sequences={0: seq(red="r1r2y!b3")})
    assert {move["position"] for move in rules.legal_moves(state, 0)} == {1, 2, 4}
    move = {"kind": "discard_played", "sequence": "red", "position": 3, "pile": 1}
    assert (
        refused(state, 0, move) == "A broken button cannot be discarded, nor taken by another one."
    )


def test_normal_action_c_needs_three_cards_that_are_not_broken_buttons():
    state = position(mode="normal", sequences={0: seq(red="r1r2y!")})
    assert "discard_three" not in kinds(state, 0)
    message = refused(state, 0, {"kind": "discard_three"})
    assert message == "Action C needs three of your cards in play that are not broken buttons."


def test_each_mode_refuses_the_other_modes_action_c_with_a_hint():
    basic = position(sequences={0: seq(red="r1r2r3")})
    normal = position(mode="normal", sequences={0: seq(red="r1r2r3")})
    assert "discard sequence blue" in refused(basic, 0, {"kind": "discard_three"})
    move = {"kind": "discard_sequence", "sequence": "red"}
    assert "discard three" in refused(normal, 0, move)


# --- The joker --------------------------------------------------------------------------------


def test_a_joker_is_played_like_a_card_of_its_colour():
    state = play(position(sequences={0: seq(red="r1")}, top="g*"), 0, "draw")
    assert [move.get("to") for move in rules.legal_moves(state, 0)] == ["red", "green", None, None]
    state = play(state, 0, "play green joker to red")
    assert sequences_of(state, 0)[0] == "r1g*"


# --- The surprise button ----------------------------------------------------------------------


def test_a_surprise_may_be_used_or_discarded_but_never_played():
    state = play(position(sequences={0: seq(red="r1")}, talon="r2b3", top="r?"), 0, "draw")
    assert rules.legal_moves(state, 0) == [
        {"kind": "use_surprise"},
        {"kind": "discard", "card": "red surprise", "pile": 1},
        {"kind": "discard", "card": "red surprise", "pile": 2},
    ]
    message = refused(state, 0, {"kind": "play", "card": "red surprise", "to": "red"})
    assert message == "A surprise button is never played into a sequence: use it or discard it."


def test_a_surprise_takes_every_card_of_its_colour_from_the_talon():
    state = position(sequences={0: seq(blue="b1")}, talon="b3b*g2r2b3", top="b?")
    state = play(state, 0, "draw", "use surprise")
    assert state["held"] == "b?b3b*b3" and state["talon"] == "g2r2"
    assert_all_cards_accounted_for(state)


def test_talon_cards_are_played_or_discarded_and_the_surprise_goes_to_a_pile_last():
    state = position(sequences={0: seq(red="r1")}, talon="b3b*g2", top="b?")
    state = play(state, 0, "draw", "use surprise")
    assert {move["card"] for move in rules.legal_moves(state, 0)} == {"blue 3", "blue joker"}
    assert "surprise" in refused(state, 0, {"kind": "discard", "card": "blue surprise", "pile": 1})
    state = play(state, 0, "play blue 3 to blue", "discard blue joker to pile 1")
    assert rules.legal_moves(state, 0) == [
        {"kind": "discard", "card": "blue surprise", "pile": 1},
        {"kind": "discard", "card": "blue surprise", "pile": 2},
    ]
    state = play(state, 0, "discard to pile 2")
    assert state["piles"] == ["r1b*", "g1b?"] and sequences_of(state, 0)[2] == "b3"
    assert state["turn"] == 1 and not state["used"]


def test_a_surprise_that_finds_nothing_of_its_colour_goes_to_a_pile():
    state = play(position(talon="g2r2", top="b?"), 0, "draw", "use surprise")
    assert state["held"] == "b?" and kinds(state, 0) == ["discard", "discard"]
    state = play(state, 0, "discard to pile 1")
    assert state["turn"] == 1 and state["talon"] == "g2r2"


def test_a_broken_button_in_the_talon_cancels_the_take_and_takes_a_card_of_its_colour():
    state = position(sequences={0: seq(red="r1g2", green="g1")}, talon="b3g!b2", top="b?")
    state = play(state, 0, "draw", "use surprise")
    assert state["step"] == "break" and state["breaking"] == "g!"
    assert state["talon"] == "b3b2"
    assert rules.legal_moves(state, 0) == [
        {"kind": "break", "sequence": "red", "position": 2},
        {"kind": "break", "sequence": "green", "position": 1},
    ]
    state = play(state, 0, "break red #2")
    assert state["out"] == "g2g!" and sequences_of(state, 0)[:2] == ["r1", "g1"]
    assert state["step"] == "place" and state["held"] == "b?"
    state = play(state, 0, "discard to pile 1")
    assert state["turn"] == 1
    assert_all_cards_accounted_for(state)


def test_a_broken_button_in_the_talon_stays_when_the_player_has_no_card_of_its_colour():
    state = position(sequences={0: seq(red="r1")}, talon="b3g!b2", top="b?")
    state = play(state, 0, "draw", "use surprise")
    assert state["talon"] == "b3g!b2" and state["held"] == "b?" and state["step"] == "place"


def test_several_broken_buttons_in_the_talon_act_in_colour_order():
    state = position(sequences={0: seq(red="r1", blue="b1", yellow="y1")}, talon="y!p!r!", top="b?")
    state = play(state, 0, "draw", "use surprise")
    assert state["breaking"] == "r!y!" and state["talon"] == "p!"
    state = play(state, 0, "break red #1")
    assert rules.legal_moves(state, 0) == [{"kind": "break", "sequence": "yellow", "position": 1}]
    state = play(state, 0, "break yellow #1", "discard to pile 1")
    assert state["out"] == "r1r!y1y!" and sequences_of(state, 0) == ["", "", "b1", "", ""]


def test_the_surprise_cannot_look_into_an_empty_talon():
    state = play(position(top="b?"), 0, "draw")
    assert kinds(state, 0) == ["discard", "discard"]
    assert refused(state, 0, {"kind": "use_surprise"}) == "The talon is empty."


# --- The broken button, basic mode ------------------------------------------------------------


def test_a_broken_button_takes_one_of_your_cards_of_its_colour_from_any_sequence():
    state = position(sequences={0: seq(red="r1r2", blue="b1r3")}, top="r!")
    state = play(state, 0, "draw")
    assert rules.legal_moves(state, 0) == [
        {"kind": "break", "sequence": "red", "position": 1},
        {"kind": "break", "sequence": "red", "position": 2},
        {"kind": "break", "sequence": "blue", "position": 2},
    ]
    message = refused(state, 0, {"kind": "discard", "card": "red broken", "pile": 1})
    assert message == "The broken button must take one of your red cards with it."
    state = play(state, 0, "break blue #2")
    assert state["out"] == "r3r!" and sequences_of(state, 0)[2] == "b1"
    assert state["turn"] == 1
    assert_all_cards_accounted_for(state)


def test_a_broken_button_with_no_card_of_its_colour_goes_onto_a_discard_pile():
    state = play(position(sequences={0: seq(blue="b1")}, top="r!"), 0, "draw")
    assert kinds(state, 0) == ["discard", "discard"]
    state = play(state, 0, "discard to pile 2")
    assert state["piles"] == ["r1", "g1r!"]


def test_in_basic_mode_a_broken_button_is_never_played_into_a_sequence():
    state = play(position(sequences={0: seq(red="r1", blue="b1")}, top="r!"), 0, "draw")
    move = {"kind": "play", "card": "red broken", "to": "blue"}
    assert (
        refused(state, 0, move) == "In basic mode a broken button is never played into a sequence."
    )


# --- The broken button, normal mode -----------------------------------------------------------


def test_in_normal_mode_a_broken_button_covers_the_top_of_a_sequence_of_another_colour():
    sequences = {0: seq(red="r1", green="g1g2g3g4g5", blue="b1b2", pink="")}
    state = play(position(mode="normal", sequences=sequences, top="r!"), 0, "draw")
    assert rules.legal_moves(state, 0) == [{"kind": "play", "card": "red broken", "to": "blue"}]
    state = play(state, 0, "play to blue")
    assert sequences_of(state, 0)[2] == "b1b2r!"
    assert state["turn"] == 1


@pytest.mark.parametrize(
    "target, message",
    [
        ("red", "A broken button must cover a sequence of another colour."),
        ("pink", "A broken button cannot start a sequence."),
        ("green", "Your green sequence is finished (five cards)."),
    ],
)
def test_in_normal_mode_a_broken_button_cannot_cover_its_colour_start_or_cover_a_full_one(
    target, message
):
    sequences = {0: seq(red="r1", green="g1g2g3g4b!", blue="b1b2")}
    state = play(position(mode="normal", sequences=sequences, top="r!"), 0, "draw")
    assert refused(state, 0, {"kind": "play", "card": "red broken", "to": target}) == message
    move = {"kind": "discard", "card": "red broken", "pile": 1}
    assert (
        refused(state, 0, move)
        == "The broken button must cover the top of one of your other sequences."
    )


def test_in_normal_mode_a_broken_button_that_cannot_cover_goes_onto_a_discard_pile():
    sequences = {0: seq(red="r1r2", green="g1g2g3g4g5")}
    state = play(position(mode="normal", sequences=sequences, top="r!"), 0, "draw")
    assert kinds(state, 0) == ["discard", "discard"]


def test_in_normal_mode_a_broken_button_may_cover_another_broken_button():
    sequences = {0: seq(blue="b1y!")}
    state = play(position(mode="normal", sequences=sequences, top="r!"), 0, "draw", "play to blue")
    assert sequences_of(state, 0)[2] == "b1y!r!"


def test_a_broken_button_found_by_a_surprise_in_normal_mode_still_takes_a_card_out():
    state = position(mode="normal", sequences={0: seq(red="r1g3r2")}, talon="g!", top="b?")
    state = play(state, 0, "draw", "use surprise", "break red #2", "discard to pile 1")
    assert state["out"] == "g3g!" and sequences_of(state, 0)[0] == "r1r2"


# --- The 25-card limit ------------------------------------------------------------------------

TWENTY_FIVE = seq(
    red="r1r2r3r4r5", green="g1g2g3g4g5", blue="b1b2b3b4b5", pink="p1p2p3p4p5", yellow="y1y2y3y4y5"
)


def test_a_player_with_25_cards_may_only_draw_from_the_deck_and_discard():
    state = position(sequences={0: TWENTY_FIVE}, top="r1")
    assert rules.legal_moves(state, 0) == [{"kind": "draw"}]
    assert refused(state, 0, {"kind": "take", "pile": 1}) == (
        "You have 25 cards in play: you may only draw from the deck."
    )
    state = play(state, 0, "draw")
    assert kinds(state, 0) == ["discard", "discard"]
    assert refused(state, 0, {"kind": "play", "card": "red 1", "to": "red"}) == (
        "You have 25 cards in play: discard the card."
    )


@pytest.mark.parametrize("drawn", ["r!", "r?"])
def test_at_25_cards_a_broken_button_or_a_surprise_is_simply_discarded(drawn):
    state = play(position(sequences={0: TWENTY_FIVE}, talon="r2", top=drawn), 0, "draw")
    assert kinds(state, 0) == ["discard", "discard"]


def test_talon_cards_beyond_the_25th_must_be_discarded():
    almost = seq(red="r1r2r3r4", green="g1g2g3g4g5", blue="b1b2b3b4b5", pink="p1p2p3p4p5")
    state = position(sequences={0: almost + "y1y2y3y4y5"}, talon="r5r5", top="r?")
    state = play(state, 0, "draw", "use surprise", "play red 5 to red")
    assert kinds(state, 0) == ["discard", "discard"]


# --- The end ----------------------------------------------------------------------------------


def test_the_game_ends_when_the_deck_runs_out_after_the_last_card_is_placed():
    state = position(deck="b3")
    state = play(state, 0, "draw")
    assert state["deck"] == "" and rules.to_act(state) == [0] and rules.outcome(state) is None
    state = play(state, 0, "play to blue")
    assert state["step"] == "over" and rules.to_act(state) == []
    assert rules.legal_moves(state, 0) == rules.legal_moves(state, 1) == []
    assert refused(state, 1, {"kind": "draw"}) == "The game is over."
    assert rules.outcome(state).scores == [0, 0]


def test_the_game_ends_after_the_turn_in_which_a_pile_refill_empties_the_deck():
    state = play(position(deck="b3"), 0, "take pile 1")
    assert state["piles"] == ["b3", "g1"] and state["deck"] == ""
    state = play(state, 0, "play to red")
    assert state["step"] == "over"


def test_action_c_in_the_last_turn_does_not_end_the_game_while_the_deck_has_cards():
    state = play(position(deck="b3", sequences={0: seq(red="r2")}), 0, "discard sequence red")
    state = play(state, 0, "discard to pile 1")
    assert state["step"] == "turn" and state["turn"] == 1


def test_tied_totals_share_the_win():
    state = position(step="over", sequences={0: seq(red="b1"), 1: seq(green="r1")})
    result = rules.outcome(state)
    assert result.scores == [2, 2] and result.winners == [0, 1]


def test_the_outcome_names_each_player_with_the_breakdown_of_each_sequence():
    state = position(step="over", sequences={0: seq(red="r1b2r3"), 1: seq(green="g1")})
    details = rules.outcome(state).details["players"]
    assert [player["name"] for player in details] == ["Anna", "Bela"]
    assert [player["total"] for player in details] == [5, 0]
    red = details[0]["sequences"][0]
    assert red["colour"] == "red" and red["points"] == 5 and red["run"] == 3
    assert red["odd_one_out"] == {"card": "blue 2", "number": 2}
    assert details[1]["sequences"][1]["note"] == "no odd one out"


# --- Rules versions ---------------------------------------------------------------------------


def test_a_new_game_is_version_2_and_its_state_says_where_the_card_in_hand_came_from():
    state = rules.setup(2, {}, Rng("versions"))
    assert rules.version == 2 and rules_version(state) == 2
    assert state["held_from"] == ""
    state = play(state, state["turn"], "draw")
    assert state["held_from"] == "deck"
    state = play(state, state["turn"], "discard to pile 1")
    assert state["held_from"] == ""
    state = play(state, state["turn"], "take pile 2")
    assert state["held_from"] == "pile"


def test_a_version_1_dr_gomb_game_replays_exactly_as_before():
    """The recorded version-1 game replays to its recorded end with the state it always had,
    and its moves played under version 2 pass through the same positions, but for where the
    card in hand came from."""
    log = json.loads(golden_path("dr_gomb", 1).read_text())
    old = setup_at(rules, log["players"], log["options"], step_rng(log["seed"], 0), 1)
    new = rules.setup(log["players"], log["options"], step_rng(log["seed"], 0), version=2)
    for n, (seat, move) in enumerate(log["moves"], start=1):
        assert "version" not in old and "held_from" not in old
        assert canonical(old) == canonical(_as_version_1(new))
        old = rules.apply(old, seat, copy.deepcopy(move), step_rng(log["seed"], n))
        new = rules.apply(new, seat, copy.deepcopy(move), step_rng(log["seed"], n))
    assert digest(old) == log["final_sha256"]
    assert canonical(old) == canonical(_as_version_1(new))
    assert rules.outcome(old) == rules.outcome(new)


def _as_version_1(state: dict) -> dict:
    return {key: value for key, value in state.items() if key not in ("version", "held_from")}


def test_setup_refuses_a_rules_version_it_does_not_know():
    with pytest.raises(IllegalMove, match="versions 1, 2"):
        rules.setup(2, {}, Rng("version"), version=3)


# --- Refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move, message",
    [
        ({"kind": "take", "pile": 3}, "Pile 3 does not exist; there are piles 1 and 2."),
        ({"kind": "take", "pile": True}, "Pile True does not exist; there are piles 1 and 2."),
        ({"kind": "take"}, "Say which pile for take."),
        ({"kind": "draw", "pile": 1}, "A draw move has no 'pile'."),
        (
            {"kind": "discard_sequence", "sequence": "black"},
            "There is no 'black' sequence; the colours are red, green, blue, pink or yellow.",
        ),
        ({"kind": "discard_sequence", "sequence": "green"}, "You have no green sequence."),
        (
            {"kind": "play", "card": "red 1", "to": "red"},
            "Start your turn: draw from the deck, take the top of a pile, or use action C.",
        ),
        (
            {"kind": "fly"},
            "'fly' is not a move in this game; try one of: draw, take, play, discard, "
            "use_surprise, break, discard_sequence, discard_three, discard_played.",
        ),
    ],
)
def test_refusals_say_what_is_wrong_and_leave_the_state_untouched(move, message):
    state = position(sequences={0: seq(red="r1")})
    assert refused(state, 0, move) == message


def test_a_player_out_of_turn_is_told_whose_turn_it_is():
    assert refused(position(), 1, {"kind": "draw"}) == "It is Anna's turn, not yours."


def test_a_player_cannot_place_a_card_they_do_not_hold():
    state = play(position(top="b3"), 0, "draw")
    message = refused(state, 0, {"kind": "play", "card": "red 3", "to": "red"})
    assert message == "You do not hold red 3; you hold blue 3."
    assert "is not a card" in refused(state, 0, {"kind": "play", "card": "red 9", "to": "red"})


def test_a_break_beyond_the_end_of_a_sequence_is_refused_with_its_length():
    state = play(position(sequences={0: seq(red="r1r2")}, top="r!"), 0, "draw")
    message = refused(state, 0, {"kind": "break", "sequence": "red", "position": 5})
    assert message == "Your red sequence has 2 cards; there is no card #5."


def test_a_state_that_went_through_json_plays_on_exactly_alike():
    import json

    state = position(sequences={0: seq(red="r1")}, talon="r2r!", top="r?")
    twin = json.loads(json.dumps(state))
    for text in ("draw", "use surprise", "break red #1", "discard to pile 1"):
        state, twin = play(state, 0, text), play(twin, 0, text)
        assert canonical(state) == canonical(twin)


# --- Extras for the service -------------------------------------------------------------------


def test_skip_move_draws_then_discards_and_a_forced_choice_takes_its_first_option():
    state = position(sequences={0: seq(red="r1r2")}, top="b3")
    assert rules.skip_move(state, 0) == {"kind": "draw"}
    assert rules.skip_move(state, 1) is None
    state = play(state, 0, "draw")
    assert rules.skip_move(state, 0) == {"kind": "discard", "card": "blue 3", "pile": 1}
    state = play(position(sequences={0: seq(red="r1r2")}, top="r!"), 0, "draw")
    assert rules.skip_move(state, 0) == {"kind": "break", "sequence": "red", "position": 1}


def test_standing_is_the_score_if_the_game_ended_now():
    state = position(sequences={0: seq(red="r1b2r3", blue="g1b2"), 1: seq()})
    assert rules.standing(state, 0) == 5 + 3 + 11
    assert rules.standing(state, 1) == 0


def test_the_greedy_bot_can_play_a_whole_game():
    from games.bots import greedy_move

    state = rules.setup(3, {"mode": "normal"}, Rng("greedy"))
    bot = Rng("greedy-bot")
    while rules.to_act(state):
        seat = rules.to_act(state)[0]
        state = rules.apply(state, seat, greedy_move(rules, state, seat, bot), bot)
    assert_all_cards_accounted_for(state)
    assert max(rules.outcome(state).scores) > 0


def test_a_refused_move_never_changes_a_deep_copy_either():
    state = play(position(top="b3"), 0, "draw")
    before = copy.deepcopy(state)
    refused(state, 0, {"kind": "discard", "card": "blue 3", "pile": 0})
    assert state == before
