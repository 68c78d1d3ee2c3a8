"""Dr. Gomb: what each seat sees, the log lines, and the email notation."""

from __future__ import annotations

import copy
import json

import pytest

from games import IllegalMove, Rng
from games import dr_gomb as rules
from games.dr_gomb.cards import COLOUR_NAME, cards
from tests.games.dr_gomb.test_rules import play, position, seq

SHIFTED = {str(number): str(number % 5 + 1) for number in range(1, 6)}
OTHER_COLOUR = dict(zip("rgbpy", "gbpyr", strict=True))


def disguised(state: dict) -> dict:
    """The same position with every secret changed: the deck reversed and recoloured, the
    talon and the box recoloured, and in normal mode the number of every covered card (and of
    every card a broken button took) shifted. Nobody's view may change."""
    twin = copy.deepcopy(state)

    def recolour(pile: str) -> str:
        return "".join(OTHER_COLOUR[code[0]] + code[1] for code in cards(pile))

    twin["deck"] = recolour("".join(reversed(cards(state["deck"]))))
    twin["talon"] = recolour(state["talon"])
    twin["box"] = recolour(state["box"])
    if state["mode"] == "normal":

        def renumber(pile: str) -> str:
            return "".join(code[0] + SHIFTED.get(code[1], code[1]) for code in cards(pile))

        twin["out"] = renumber(state["out"])
        twin["sequences"] = [
            "/".join(renumber(sequence[:-2]) + sequence[-2:] for sequence in seat.split("/"))
            for seat in state["sequences"]
        ]
    return twin


def assert_no_secret_shows(state: dict) -> None:
    """Nobody sees the talon, the deck's order or the box; in normal mode nobody, the owner
    included, sees the number of a covered card."""
    if state["step"] == "over":
        return
    twin = disguised(state)
    for viewer in [None, *range(len(state["players"]))]:
        seen = rules.view(state, viewer)
        assert seen == rules.view(twin, viewer), f"seat {viewer} sees a secret"
        if state["mode"] == "normal":
            for player in seen["players"]:
                for shown in player["sequences"].values():
                    assert all(card in COLOUR_NAME.values() for card in shown[:-1])


# --- Views ------------------------------------------------------------------------------------


def test_normal_mode_shows_only_the_top_number_of_each_sequence_even_to_its_owner():
    state = position(mode="normal", sequences={0: seq(red="r1b2r3", green="g1")})
    for viewer in (None, 0, 1):
        sequences = rules.view(state, viewer)["players"][0]["sequences"]
        assert sequences["red"] == ["red", "blue", "red 3"]
        assert sequences["green"] == ["green 1"] and sequences["blue"] == []
    assert_no_secret_shows(state)


def test_a_broken_button_on_top_hides_the_number_under_it():
    state = position(mode="normal", sequences={0: seq(blue="b1b2r!")})
    assert rules.view(state, 0)["players"][0]["sequences"]["blue"] == ["blue", "blue", "red broken"]


def test_basic_mode_shows_every_played_card_and_the_running_scores():
    state = position(sequences={0: seq(red="r1b2r3"), 1: seq(green="g1")})
    view = rules.view(state, 1)
    assert view["players"][0]["sequences"]["red"] == ["red 1", "blue 2", "red 3"]
    assert view["players"][0]["cards_in_play"] == 3
    assert view["standings"] == [5, 0]
    assert "standings" not in rules.view(position(mode="normal"), 0)


@pytest.mark.parametrize("mode", ["basic", "normal"])
def test_nobody_sees_the_talon_the_deck_order_or_the_box(mode):
    state = position(mode=mode, players=3, talon="r1r2b!g*y?", box="p3p4")
    view = rules.view(state, 0)
    assert (view["talon"], view["box"], view["deck"]) == (5, 2, 120 - 5 - 2 - 2)
    assert "talon_cards" not in view and "box_cards" not in view
    assert_no_secret_shows(state)


def test_the_drawer_alone_sees_the_drawn_card():
    state = play(position(top="b3"), 0, "draw")
    assert rules.view(state, 0)["held"] == ["blue 3"]
    assert rules.view(state, 1)["held"] is None and rules.view(state, None)["held"] is None
    assert rules.view(state, 1)["held_count"] == 1


def test_discard_piles_show_only_their_top_card_and_size():
    state = position(piles=("r1b2", ""))
    assert rules.view(state, 1)["piles"] == [
        {"top": "blue 2", "count": 2},
        {"top": None, "count": 0},
    ]


def test_a_card_a_broken_button_takes_in_normal_mode_goes_into_the_box_unseen():
    normal = position(mode="normal", out="g3g!")
    assert rules.view(normal, 0)["out"] == ["green", "green broken"]
    assert rules.view(position(out="g3g!"), 1)["out"] == ["green 3", "green broken"]
    assert_no_secret_shows(normal)


def test_broken_buttons_found_in_the_talon_are_shown_while_they_wait():
    state = position(
        step="break", sequences={0: seq(green="g1")}, held="b?", used=True, breaking="g!"
    )
    assert rules.view(state, 1)["breaking"] == ["green broken"]
    assert rules.view(state, 1)["surprise_used"] is True


def test_a_used_surprise_is_no_longer_listed_in_the_hand():
    state = position(sequences={0: seq(red="r1")}, talon="b3b*g2", top="b?")
    state = play(state, 0, "draw", "use surprise")
    mine = rules.view(state, 0)
    assert mine["held"] == ["blue 3", "blue joker"] and mine["spent_surprise"] == "blue surprise"
    assert rules.view(state, 1)["held_count"] == 2
    assert rules.view(state, 1)["spent_surprise"] == "blue surprise"
    text = rules.view_text(state, 0)
    assert "In your hand: blue 3, blue joker\n" in text
    assert "Used: blue surprise (it goes to a discard pile last)." in text
    state = play(state, 0, "play blue 3 to blue", "discard blue joker to pile 1")
    assert rules.view(state, 0)["held"] == [] and "In your hand" not in rules.view_text(state, 0)
    assert rules.view(state, 0)["spent_surprise"] == "blue surprise"
    state = play(state, 0, "discard to pile 2")
    assert rules.view(state, 0)["spent_surprise"] is None


def test_everything_is_shown_once_the_game_is_over():
    state = position(
        mode="normal", step="over", sequences={0: seq(red="r1b2r3")}, talon="y1", box="p1"
    )
    view = rules.view(state, None)
    assert view["players"][0]["sequences"]["red"] == ["red 1", "blue 2", "red 3"]
    assert (view["talon_cards"], view["box_cards"]) == (["yellow 1"], ["pink 1"])
    assert view["pile_cards"] == [["red 1"], ["green 1"]]
    assert view["scores"] == [5, 0] and view["winners"] == [0]
    assert view["details"]["players"][0]["total"] == 5
    json.dumps(view)


def test_the_view_says_whose_turn_it_is_and_what_step():
    state = play(position(mode="normal", sequences={0: seq(red="r1r2r3")}), 0, "discard three")
    view = rules.view(state, 1)
    assert (view["turn"], view["to_act"], view["step"], view["left"]) == (0, [0], "three", 3)


# --- The log ----------------------------------------------------------------------------------


def describe_all(state: dict, seat: int, text: str) -> tuple[dict, list[str]]:
    move = rules.parse_move(text, state, seat)
    before = copy.deepcopy(state)
    after = rules.apply(state, seat, move, Rng("log"))
    viewers = [None, *range(len(after["players"]))]
    return after, [rules.describe(before, seat, move, after, viewer) for viewer in viewers]


def test_the_log_shows_a_drawn_card_to_its_drawer_only():
    _, lines = describe_all(position(top="b3"), 0, "draw")
    assert lines == [
        "Anna draws a card from the deck.",
        "Anna draws blue 3 from the deck.",
        "Anna draws a card from the deck.",
    ]


def test_the_log_names_a_pile_refill():
    _, lines = describe_all(position(top="y5"), 0, "take pile 2")
    assert (
        lines[0]
        == "Anna takes green 1 from pile 2. Pile 2 is refilled with yellow 5 from the deck."
    )


def test_the_log_shows_the_talon_only_to_the_player_who_looks_into_it():
    state = play(position(sequences={0: seq(red="r1")}, talon="b3g2b*", top="b?"), 0, "draw")
    _, lines = describe_all(state, 0, "use surprise")
    assert lines[0] == (
        "Anna uses the blue surprise button and looks into the talon: takes 2 blue cards."
    )
    assert lines[1] == (
        "Anna uses the blue surprise button and looks into the talon "
        "(blue 3, green 2, blue joker): takes blue 3, blue joker."
    )
    assert lines[2] == lines[0]


def test_the_log_tells_everyone_of_a_broken_button_from_the_talon_that_takes_a_card():
    state = play(position(sequences={0: seq(red="r1")}, talon="b3g!r!", top="b?"), 0, "draw")
    _, lines = describe_all(state, 0, "use surprise")
    assert lines[1] == (
        "Anna uses the blue surprise button and looks into the talon (blue 3, green broken, red "
        "broken): green broken and red broken found, so nothing is taken. Anna has no green "
        "card: the green broken stays in the talon."
    )
    told = "Anna uses the blue surprise button and looks into the talon: red broken found, so "
    assert lines[0] == lines[2] == told + "nothing is taken."


@pytest.mark.parametrize("mode, shown", [("basic", "green 3"), ("normal", "a green card")])
def test_the_log_shows_the_card_a_broken_button_takes_except_in_normal_mode(mode, shown):
    state = position(mode=mode, step="break", sequences={0: seq(red="r1g3")}, held="b?")
    state |= {"used": True, "breaking": "g!"}
    _, lines = describe_all(state, 0, "break red #2")
    assert lines[2] == (
        f"The green broken button takes {shown} (card #2 of Anna's red sequence) out of the game."
    )


def test_the_log_shows_each_card_of_action_c_as_it_reaches_a_pile():
    state = play(position(mode="normal", sequences={0: seq(red="r1r2r3")}), 0, "discard three")
    _, lines = describe_all(state, 0, "discard red #2 to pile 1")
    assert lines[1] == "Anna discards red 2 (card #2 of their red sequence) onto pile 1."


def test_the_log_says_when_the_game_ends():
    state = play(position(deck="b3"), 0, "draw")
    _, lines = describe_all(state, 0, "play to blue")
    assert (
        lines[0]
        == "Anna plays blue 3 into their blue sequence. The deck has run out: the game is over."
    )


def test_the_log_of_a_covering_broken_button():
    state = play(position(mode="normal", sequences={0: seq(blue="b1")}, top="r!"), 0, "draw")
    _, lines = describe_all(state, 0, "play to blue")
    assert lines[0] == "Anna covers the top of their blue sequence with the red broken button."


# --- Notation ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, move",
    [
        ("draw", {"kind": "draw"}),
        ("draw deck", {"kind": "draw"}),
        ("Draw from the deck.", {"kind": "draw"}),
        ("take pile 2", {"kind": "take", "pile": 2}),
        ("  TAKE   Pile-2! ", {"kind": "take", "pile": 2}),
        ("take 1", {"kind": "take", "pile": 1}),
        ("pile1", {"kind": "take", "pile": 1}),
        ("p2", {"kind": "take", "pile": 2}),
        ("discard sequence red", {"kind": "discard_sequence", "sequence": "red"}),
        ("Discard red sequence", {"kind": "discard_sequence", "sequence": "red"}),
    ],
)
def test_the_start_of_a_turn_reads_forgivingly(text, move):
    assert rules.parse_move(text, position(sequences={0: seq(red="r1")}), 0) == move


@pytest.mark.parametrize(
    "text, move",
    [
        ("play to red", {"kind": "play", "card": "blue 3", "to": "red"}),
        ("Play blue 3 to Red", {"kind": "play", "card": "blue 3", "to": "red"}),
        ("play red", {"kind": "play", "card": "blue 3", "to": "red"}),
        ("discard to pile 1", {"kind": "discard", "card": "blue 3", "pile": 1}),
        ("discard 2", {"kind": "discard", "card": "blue 3", "pile": 2}),
        ("pile 2", {"kind": "discard", "card": "blue 3", "pile": 2}),
        ("discard blue 3 onto pile 2", {"kind": "discard", "card": "blue 3", "pile": 2}),
    ],
)
def test_placing_the_held_card_reads_without_naming_it(text, move):
    state = play(position(sequences={0: seq(red="r1")}, top="b3"), 0, "draw")
    assert rules.parse_move(text, state, 0) == move


def test_with_several_cards_in_hand_the_notation_names_the_card():
    state = position(sequences={0: seq(red="r1")}, talon="b3b*", top="b?")
    state = play(state, 0, "draw", "use surprise")
    moves = rules.legal_moves(state, 0)
    assert [rules.format_move(move, state, 0) for move in moves[:3]] == [
        "play blue 3 to red",
        "play blue 3 to blue",
        "discard blue 3 to pile 1",
    ]
    assert rules.parse_move("play blue joker to blue", state, 0)["card"] == "blue joker"
    assert rules.parse_move("Play blue star to blue.", state, 0)["card"] == "blue joker"
    with pytest.raises(IllegalMove, match="You can say: play blue 3 to red"):
        rules.parse_move("play to blue", state, 0)


def test_the_email_notation_names_the_card_to_place_even_when_it_is_the_only_one():
    state = play(position(sequences={0: seq(red="r1")}, top="b3"), 0, "draw")
    spelled = [rules.format_move(move, state, 0) for move in rules.legal_moves(state, 0)]
    assert spelled == [
        "play blue 3 to red",
        "play blue 3 to blue",
        "discard blue 3 to pile 1",
        "discard blue 3 to pile 2",
    ]
    state = position(sequences={0: seq(red="r1")}, talon="b3g2", top="b?")
    state = play(state, 0, "draw", "use surprise")
    assert rules.format_move(rules.legal_moves(state, 0)[1], state, 0) == "play blue 3 to blue"


@pytest.mark.parametrize(
    "state, text, move",
    [
        (
            position(mode="normal", step="three", left=3, sequences={0: seq(red="r1r2")}),
            "discard red #2 to pile 1",
            {"kind": "discard_played", "sequence": "red", "position": 2, "pile": 1},
        ),
        (
            position(mode="normal", step="three", left=3, sequences={0: seq(red="r1r2")}),
            "Discard red # 2, pile 2",
            {"kind": "discard_played", "sequence": "red", "position": 2, "pile": 2},
        ),
        (
            position(step="place", sequences={0: seq(red="r1r2")}, held="r!"),
            "break red #1",
            {"kind": "break", "sequence": "red", "position": 1},
        ),
        (
            position(mode="normal", sequences={0: seq(red="r1r2r3")}),
            "discard three",
            {"kind": "discard_three"},
        ),
        (position(step="place", held="b?", talon="b1"), "use surprise", {"kind": "use_surprise"}),
        (
            position(step="place", held="b?", talon="b1"),
            "Look into the talon",
            {"kind": "use_surprise"},
        ),
    ],
)
def test_cards_in_sequences_are_named_by_colour_and_position_from_the_bottom(state, text, move):
    assert rules.parse_move(text, state, 0) == move
    assert move in rules.legal_moves(state, 0)


@pytest.mark.parametrize(
    "state",
    [
        position(sequences={0: seq(red="r1r2", blue="p1")}),
        position(step="place", sequences={0: seq(red="r1r2", blue="p1")}, held="r!"),
        position(step="scatter", held="r1r2b3r1"),
        position(mode="normal", step="three", left=2, sequences={0: seq(red="r1y!r2", blue="p1")}),
        position(mode="normal", step="place", sequences={0: seq(red="r1r2", blue="p1")}, held="g!"),
        position(step="place", held="b?b1b*", used=True, sequences={0: seq(blue="b2")}),
    ],
)
def test_every_legal_move_reads_back_from_its_notation(state):
    moves = rules.legal_moves(state, 0)
    assert moves
    for move in moves:
        assert rules.parse_move(rules.format_move(move, state, 0), state, 0) == move


def test_unreadable_text_is_refused_with_the_moves_one_can_say():
    with pytest.raises(IllegalMove) as refusal:
        rules.parse_move("sew a button", position(), 0)
    assert str(refusal.value) == (
        "I could not read 'sew a button'. You can say: draw; take pile 1; take pile 2."
    )


def test_text_from_a_seat_out_of_turn_is_refused_with_whose_turn_it_is():
    with pytest.raises(IllegalMove, match="It is Anna's turn, not yours."):
        rules.parse_move("nonsense", position(), 1)


def test_notation_help_explains_the_moves_with_examples():
    help_text = rules.notation_help()
    for example in ("draw", "take pile 1", "play to red", "discard sequence blue", "break blue #2"):
        assert example in help_text
