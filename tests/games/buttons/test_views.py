"""Buttons: what each seat sees, the log lines, and the email notation."""

import copy

import pytest

from games import IllegalMove, buttons
from tests.games.buttons.test_rules import (
    DECLINE,
    FOUR_IN_A_ROW,
    OPT_OUT,
    RED_AND_BLUE,
    ROLL,
    Dice,
    emma_rolls,
    last_one_opts_out,
    lay,
    play,
    position,
    star,
)


def said(before: dict, seat: int, move: dict, viewer: int | None = None, rng=None) -> str:
    after = play(copy.deepcopy(before), seat, move, rng)
    return buttons.describe(before, seat, move, after, viewer)


# What each seat sees


def test_every_board_is_public_to_every_seat_and_to_spectators():
    state = emma_rolls(position(boards={2: RED_AND_BLUE}))
    views = [buttons.view(state, seat) for seat in (None, 0, 1, 2, 3)]
    for shown in views:
        shown.pop("standing_order", None)
    assert all(shown == views[0] for shown in views)
    assert views[0]["boards"][2]["cells"] == RED_AND_BLUE


def test_a_view_holds_what_a_page_draws_and_a_turn_email_tells():
    shown = buttons.view(emma_rolls(position(out=[None, None, "bust", None])), 1)
    assert shown["to_act"] == [0, 1, 3]
    assert shown["last_roll"] == {"white": 5, "gold": 6, "black": [2, 3, 5]}
    assert shown["gold_square"] == [5, 6]
    assert shown["scores"] == [0, 0, 0, 0]
    board = shown["boards"][0]
    assert board["layout"] == "1a"
    assert board["colours"][4] == "GRYRBG" and shown["colours"]["G"] == "green"
    assert board["cells"] == ["......"] * 6
    assert (board["depot"], board["cards"], board["stars"], board["buttons"]) == (0, ["red"], 0, 0)
    assert shown["boards"][2]["depot"] == 1 and shown["boards"][2]["out"] == "bust"


def test_standing_orders_stay_private_until_the_game_ends():
    state = position(orders=["ask", "decline", "ask", "ask"])
    assert buttons.view(state, 1)["standing_order"] == "decline"
    assert "decline" not in str(buttons.view(state, 0)) and "decline" not in str(
        buttons.view(state, None)
    )
    order = {"kind": "order", "order": "take"}
    assert said(state, 1, order, viewer=1) == (
        "Finn sets a standing order: always take the gold square when legal."
    )
    for viewer in (None, 0, 2):
        assert said(state, 1, order, viewer=viewer) == "Finn changes a standing order."
    over = last_one_opts_out(FOUR_IN_A_ROW, orders=["take", "decline", "ask", "ask"])
    assert buttons.view(over, None)["standing_orders"] == ["take", "decline", "ask", "ask"]


def test_the_view_keeps_the_last_rounds_stars_for_the_page():
    assert buttons.view(position(), 0)["last_round"] is None
    state = position(boards={0: RED_AND_BLUE, 1: ["o....."] + ["......"] * 5})
    state["out"] = [None, "opted out", "bust", "bust"]
    play(state, 0, OPT_OUT)
    assert buttons.view(state, 2)["last_round"] == {
        "round": 1,
        "scores": [
            {"stars": 4, "colours": ["red", "blue"], "cards": ["red"]},
            {"stars": 1, "colours": [], "cards": []},
            None,
            None,
        ],
    }


def test_the_view_names_the_winners_once_the_game_is_over():
    assert buttons.view(position(), None)["winners"] is None
    assert buttons.view(last_one_opts_out(FOUR_IN_A_ROW), None)["winners"] == [0]


# The log


def test_a_roll_tells_the_dice_and_who_may_take_the_gold_square():
    assert said(position(), 0, ROLL, rng=Dice(5, 6, 2, 3, 5, 5)) == (
        "Emma rolls white 5, gold 6, black 2, 3, 5, 5."
    )


def test_a_bust_is_told_with_the_roll():
    board = ["......", "......", "......", "....o.", ".o...*", "......"]
    line = said(position(boards={0: board}), 0, ROLL, rng=Dice(5, 6, 2, 3, 5, 5))
    assert line == (
        "Emma rolls white 5, gold 6, black 2, 3, 5, 5. No legal square in row 5: Emma busts,"
        " the buttons go back to the pool and the stars stay."
    )


def test_a_forced_button_is_told_with_the_roll():
    board = ["......", "......", "..o...", "......", "......", "......"]
    line = said(position(boards={0: board}), 0, ROLL, rng=Dice(3, 2, 4, 4, 4, 6))
    assert line.endswith("Emma lays on the only legal square, row 3, column 6.")


def test_laying_and_declining_are_told_with_the_colour():
    state = emma_rolls()
    assert said(state, 0, lay(5, 2)) == "Emma lays a button on row 5, column 2 (red)."
    assert said(state, 1, DECLINE) == "Finn declines the gold square."


def test_the_last_answer_tells_who_has_the_dice_now():
    state = emma_rolls(position(out=[None, "opted out", "bust", "opted out"]))
    assert said(state, 0, lay(5, 2)) == (
        "Emma lays a button on row 5, column 2 (red). Emma takes another turn."
    )
    state = emma_rolls(position(out=[None, None, "bust", "bust"]))
    play(state, 0, lay(5, 2))
    assert said(state, 1, DECLINE).endswith("The dice pass to Finn.")


def test_opting_out_tells_who_has_the_dice_now():
    state = position(boards={0: ["o....."] + ["......"] * 5})
    assert (
        said(state, 0, OPT_OUT) == "Emma opts out of round 1 with 1 button. The dice pass to Finn."
    )


def test_a_roll_nobody_needs_to_answer_passes_the_dice_at_once():
    board = ["......", "......", "..o...", "......", "......", "......"]
    state = position(boards={0: board}, out=[None, "bust", "bust", "bust"])
    assert said(state, 0, ROLL, rng=Dice(3, 1, 4)) == (
        "Emma rolls white 3, gold 1, black 4. Emma lays on the only legal square, row 3, column 1."
        " Emma takes another turn."
    )


def test_the_end_of_a_round_tells_everyones_stars():
    state = position(boards={0: RED_AND_BLUE, 1: ["o....."] + ["......"] * 5})
    state["out"] = [None, "opted out", "bust", "bust"]
    assert said(state, 0, OPT_OUT) == (
        "Emma opts out of round 1 with 7 buttons. Round 1 is over: Emma earns 4 stars"
        " (1 for opting out, 2 for red, blue, 1 for the button card); Finn earns 1 star"
        " (1 for opting out)."
    )


def test_a_round_where_everyone_busts_earns_nobody_a_star():
    board = ["......", "......", "......", "....o.", ".o...*", "......"]
    state = position(boards={0: board}, out=[None, "bust", "bust", "bust"])
    assert said(state, 0, ROLL, rng=Dice(5, 6, 2)).endswith(
        "Round 1 is over: nobody earns a star. Round 2 begins with Finn."
    )


def test_the_last_star_tells_the_next_round():
    state = last_one_opts_out(RED_AND_BLUE)
    for square in ((1, 1), (1, 3), (1, 5)):
        play(state, 0, star(*square))
    assert said(state, 0, star(2, 2)) == (
        "Emma places a star on row 2, column 2. Round 2 begins with Finn."
    )


def test_the_end_of_the_game_names_the_winners():
    state = position(boards={0: FOUR_IN_A_ROW}, out=[None, "bust", "bust", "bust"])
    assert said(state, 0, OPT_OUT).endswith(
        "The game is over: Emma wins with five stars in a line (5 stars)."
    )
    state = position(boards={0: FOUR_IN_A_ROW, 1: FOUR_IN_A_ROW})
    state["out"] = [None, "opted out", "bust", "bust"]
    assert said(state, 0, OPT_OUT).endswith(
        "Emma and Finn share the victory with five stars in a line (5 stars each)."
    )


# Notation


@pytest.mark.parametrize(
    "move, text",
    [
        (ROLL, "roll"),
        (OPT_OUT, "opt out"),
        (lay(5, 2), "lay 5 2"),
        (DECLINE, "decline"),
        (star(3, 4), "star 3 4"),
        ({"kind": "order", "order": "take"}, "always take"),
        ({"kind": "order", "order": "decline"}, "always decline"),
        ({"kind": "order", "order": "ask"}, "ask me"),
    ],
)
def test_every_move_has_a_short_notation_that_reads_back(move, text):
    state = position()
    assert buttons.format_move(move, state, 0) == text
    assert buttons.parse_move(text, state, 0) == move


@pytest.mark.parametrize(
    "text, move",
    [
        ("  ROLL!  ", ROLL),
        ("Roll the dice", ROLL),
        ("Opt-out.", OPT_OUT),
        ("optout", OPT_OUT),
        ("Lay 5,2", lay(5, 2)),
        ("lay row 5 column 2", lay(5, 2)),
        ("lay 52", lay(5, 2)),
        ("5 2", lay(5, 2)),
        ("Decline.", DECLINE),
        ("no", DECLINE),
        ("STAR 3-4", star(3, 4)),
        ("Always take!", {"kind": "order", "order": "take"}),
        ("ask", {"kind": "order", "order": "ask"}),
    ],
)
def test_the_notation_forgives_case_spaces_and_punctuation(text, move):
    assert buttons.parse_move(text, position(), 0) == move


def test_take_means_the_gold_square_for_a_player_asked_about_it():
    state = emma_rolls()
    assert buttons.parse_move("take", state, 1) == lay(5, 6)
    with pytest.raises(IllegalMove, match="no gold square for you"):
        buttons.parse_move("take", state, 0)


def test_bare_coordinates_mean_a_star_while_stars_are_placed():
    assert buttons.parse_move("1 3", last_one_opts_out(RED_AND_BLUE), 0) == star(1, 3)


def test_a_reply_that_is_not_a_move_gets_the_legal_moves_as_a_hint():
    with pytest.raises(IllegalMove) as refusal:
        buttons.parse_move("jump over", emma_rolls(), 0)
    assert str(refusal.value) == (
        "'jump over' is not a Buttons move. You can write: lay 5 2; lay 5 3; lay 5 5; lay 5 6;"
        " always take; always decline."
    )


def test_the_help_explains_every_kind_of_move():
    text = buttons.notation_help()
    for example in ("roll", "opt out", "lay 5 2", "decline", "star 3 4", "always take", "ask me"):
        assert example in text
