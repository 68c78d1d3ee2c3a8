"""Buttons: every rule of the rulebook and every ruling, on hand-built positions."""

import copy
import json

import pytest

import games
from games import IllegalMove, Rng, bots, buttons, canonical
from games.buttons import cards as buttons_cards
from games.buttons import rules as buttons_rules

# Layout "1a", by row (white die) and column (black die):
#   1 R R R B R B      R red, Y yellow, G green, B blue
#   2 G B B B G Y
#   3 R B G R Y Y
#   4 R Y Y B Y G
#   5 G R Y R B G
#   6 G G Y G Y B
EMPTY_BOARD = ["......"] * 6
CARDS = {
    2: [["red", "yellow"], ["green", "blue"]],
    3: [["red"], ["green"], ["blue"]],
    4: [["red"], ["yellow"], ["green"], ["blue"]],
}


class Dice:
    """An rng that rolls the faces it is given, in order: white, gold, then the black dice."""

    def __init__(self, *faces: int):
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)


def position(players: int = 4, boards: dict | None = None, **fields) -> dict:
    """Everyone on layout 1a, seat 0 holds red and is about to roll, unless told otherwise."""
    state = buttons.setup(["Emma", "Finn", "Gus", "Hana"][:players], {"layout": "1a"}, Rng("t"))
    state["cards"] = copy.deepcopy(CARDS[players])
    state["active"] = 0
    for seat, rows in (boards or {}).items():
        state["boards"][seat] = "".join(rows)
    state.update(fields)
    return state


def rows(state: dict, seat: int) -> list[str]:
    board = state["boards"][seat]
    return [board[n : n + 6] for n in range(0, 36, 6)]


def play(state: dict, seat: int, move: dict, rng=None) -> dict:
    return buttons.apply(state, seat, move, rng or Rng("play"))


def lay(row: int, column: int) -> dict:
    return {"kind": "lay", "row": row, "column": column}


def star(row: int, column: int) -> dict:
    return {"kind": "star", "row": row, "column": column}


ROLL = {"kind": "roll"}
OPT_OUT = {"kind": "opt_out"}
DECLINE = {"kind": "decline"}


def refused(state: dict, seat: int, move: object) -> str:
    before = canonical(state)
    with pytest.raises(IllegalMove) as refusal:
        play(state, seat, move)
    assert canonical(state) == before
    return str(refusal.value)


def emma_rolls(state: dict | None = None) -> dict:
    """The rulebook's roll: white 5, gold black 6, the other black dice 2, 3, 5 and 5."""
    return play(state or position(), 0, ROLL, Dice(5, 6, 2, 3, 5, 5))


# The boards


def test_there_are_eight_board_sides_four_boards_with_two_sides_each():
    assert sorted(buttons_cards.LAYOUTS) == ["1a", "1b", "2a", "2b", "3a", "3b", "4a", "4b"]


def test_every_side_is_six_by_six_with_nine_cells_of_each_colour():
    for layout in buttons_cards.LAYOUTS.values():
        assert len(layout) == 6 and all(len(line) == 6 for line in layout)
        cells = "".join(layout)
        assert {letter: cells.count(letter) for letter in "RYGB"} == dict.fromkeys("RYGB", 9)


def test_no_two_sides_are_alike():
    assert len({layout for layout in buttons_cards.LAYOUTS.values()}) == 8


def test_by_default_every_player_gets_a_different_board_with_a_random_side():
    seen = set()
    for n in range(30):
        layouts = buttons.setup(4, {}, Rng(f"boards {n}"))["layouts"]
        assert len({layout[0] for layout in layouts}) == 4
        seen.update(layouts)
    assert seen == set(buttons_cards.LAYOUTS)


def test_a_game_may_choose_one_side_for_every_player():
    assert buttons.options["layout"][0] == "random"
    assert buttons.setup(3, {"layout": "2b"}, Rng("x"))["layouts"] == ["2b", "2b", "2b"]


def test_an_unknown_side_is_refused():
    with pytest.raises(IllegalMove, match="layout"):
        buttons.setup(2, {"layout": "5a"}, Rng("x"))


# Setup


def test_buttons_is_for_two_to_four_players():
    assert games.get("buttons") is buttons
    for count in (1, 5):
        with pytest.raises(IllegalMove, match="2 to 4 players"):
            buttons.setup(count, {}, Rng("x"))


def test_setup_keeps_the_players_names():
    assert buttons.setup(["Ann", "Bob"], {}, Rng("x"))["players"] == ["Ann", "Bob"]
    assert buttons.setup(3, {}, Rng("x"))["players"] == ["Player 1", "Player 2", "Player 3"]


def test_four_players_get_one_button_card_each():
    cards = buttons.setup(4, {}, Rng("x"))["cards"]
    assert sorted(card for hand in cards for card in hand) == ["blue", "green", "red", "yellow"]
    assert all(len(hand) == 1 for hand in cards)


def test_three_players_play_without_the_yellow_card_but_always_with_red():
    for n in range(10):
        cards = buttons.setup(3, {}, Rng(f"three {n}"))["cards"]
        assert sorted(card for hand in cards for card in hand) == ["blue", "green", "red"]


def test_two_players_get_two_button_cards_each():
    cards = buttons.setup(2, {}, Rng("x"))["cards"]
    assert [len(hand) for hand in cards] == [2, 2]
    assert sorted(card for hand in cards for card in hand) == ["blue", "green", "red", "yellow"]


def test_the_red_card_holder_starts_the_first_round():
    starters = set()
    for n in range(20):
        state = buttons.setup(4, {}, Rng(f"start {n}"))
        assert "red" in state["cards"][state["active"]]
        assert buttons.to_act(state) == [state["active"]]
        starters.add(state["active"])
    assert starters == {0, 1, 2, 3}


def test_the_same_seed_deals_the_same_game():
    assert canonical(buttons.setup(4, {}, Rng("s"))) == canonical(buttons.setup(4, {}, Rng("s")))


# A turn: roll or opt out


def test_the_first_turn_of_a_round_can_only_roll():
    assert buttons.legal_moves(position(), 0)[:2] == [ROLL, {"kind": "order", "order": "take"}]


def test_opting_out_needs_a_button_on_the_board():
    assert "button on your board" in refused(position(), 0, OPT_OUT)
    state = position(boards={0: ["o....."] + EMPTY_BOARD[1:]})
    assert buttons.legal_moves(state, 0)[:2] == [ROLL, OPT_OUT]


def test_only_the_active_player_rolls():
    assert "Emma's turn" in refused(position(), 1, ROLL)


def test_the_first_roll_of_a_round_throws_all_six_dice():
    state = play(position(), 0, ROLL, Rng("six"))
    assert len(state["roll"]["black"]) == 4


def test_emmas_roll_offers_everyone_else_the_gold_square_row_5_column_6():
    state = emma_rolls()
    for seat in (1, 2, 3):
        assert buttons.legal_moves(state, seat)[:2] == [lay(5, 6), DECLINE]
    assert buttons.view(state, 1)["gold_square"] == [5, 6]


def test_emma_may_lay_on_column_2_3_5_or_6_of_row_5():
    state = emma_rolls()
    assert buttons.legal_moves(state, 0)[:4] == [lay(5, 2), lay(5, 3), lay(5, 5), lay(5, 6)]
    assert buttons.view(state, 0)["open_columns"] == [2, 3, 5, 6]


def test_after_a_roll_the_active_player_and_all_others_are_asked_together():
    assert buttons.to_act(emma_rolls()) == [0, 1, 2, 3]


def test_the_game_goes_on_when_the_last_seat_has_answered():
    state = emma_rolls()
    play(state, 2, DECLINE)
    play(state, 0, lay(5, 3))
    play(state, 3, lay(5, 6))
    assert buttons.to_act(state) == [1]
    assert state["phase"] == "answer"
    play(state, 1, lay(5, 6))
    assert (state["phase"], buttons.to_act(state)) == ("turn", [1])
    assert [rows(state, seat)[4] for seat in range(4)] == ["..o...", ".....o", "......", ".....o"]


def test_a_seat_whose_gold_square_is_illegal_is_not_asked():
    beside = ["......"] * 4 + ["....o.", "......"]
    on_star = ["......"] * 4 + [".....*", "......"]
    state = emma_rolls(position(boards={1: beside, 3: on_star}))
    assert buttons.to_act(state) == [0, 2]
    assert buttons.legal_moves(state, 1) == [
        {"kind": "order", "order": "take"},
        {"kind": "order", "order": "decline"},
    ]


def test_a_player_out_of_the_round_is_not_asked():
    state = emma_rolls(position(out=[None, "opted out", "bust", None]))
    assert buttons.to_act(state) == [0, 3]


def test_the_others_may_only_take_the_gold_square():
    state = emma_rolls()
    assert "only lay on the gold square, row 5 column 6" in refused(state, 1, lay(5, 2))


def test_the_active_player_must_lay_and_cannot_decline():
    assert "must lay a button in row 5: columns 2, 3, 5, 6" in refused(emma_rolls(), 0, DECLINE)


def test_the_active_player_lays_in_the_white_row_and_a_black_dies_column():
    state = emma_rolls()
    assert "row 5, the white die" in refused(state, 0, lay(4, 2))
    assert "No black die shows 4" in refused(state, 0, lay(5, 4))


def test_a_player_answers_a_roll_only_once():
    state = emma_rolls()
    play(state, 1, DECLINE)
    assert "nothing to lay" in refused(state, 1, lay(5, 6))


# Laying rules


def roll_into(board: list[str], white: int, black: list[int]) -> dict:
    """Emma rolls with her board as given and the dice as given (gold = the first black)."""
    state = position(boards={0: board})
    return play(state, 0, ROLL, Dice(white, black[0], *black[1:]))


def test_no_button_may_go_beside_another_button():
    board = ["......", "......", "..o...", "......", "......", "......"]
    state = roll_into(board, 3, [2, 4, 5, 6, 6])
    assert [m["column"] for m in buttons.legal_moves(state, 0) if m["kind"] == "lay"] == [5, 6]
    assert "is next to a button" in refused(state, 0, lay(3, 2))


def test_no_button_may_go_on_a_button():
    board = ["......", "......", "..o...", "......", "......", "......"]
    state = roll_into(board, 3, [3, 5, 6, 6, 6])
    assert "already holds a button" in refused(state, 0, lay(3, 3))


def test_buttons_may_lie_diagonally_to_each_other():
    board = ["......", "......", "..o...", "......", "......", "......"]
    state = roll_into(board, 2, [2, 4, 6, 6, 6])
    assert [m["column"] for m in buttons.legal_moves(state, 0) if m["kind"] == "lay"] == [2, 4, 6]


def test_no_button_may_go_on_a_star_but_one_may_go_beside_a_star():
    board = ["......", "......", "..*...", "......", "......", "......"]
    state = roll_into(board, 3, [2, 3, 6, 6, 6])
    assert [m["column"] for m in buttons.legal_moves(state, 0) if m["kind"] == "lay"] == [2, 6]
    assert "holds a star" in refused(state, 0, lay(3, 3))


def test_an_only_legal_square_is_laid_without_asking():
    board = ["......", "......", "..o...", "......", "......", "......"]
    state = roll_into(board, 3, [2, 4, 4, 4, 6])
    assert rows(state, 0)[2] == "..o..o"
    assert buttons.to_act(state) == [1, 2, 3]


# Laying not possible: the bust


def test_emma_busts_when_no_square_of_row_5_is_legal():
    board = ["o.....", "......", "......", "....o.", ".o...*", "**...."]
    state = emma_rolls(position(boards={0: board}))
    assert state["out"][0] == "bust"
    assert buttons.view(state, None)["boards"][0]["depot"] == 1
    assert rows(state, 0) == ["......", "......", "......", "......", ".....*", "**...."]
    assert buttons.to_act(state) == [1, 2, 3]


def test_a_busted_player_lays_no_more_buttons_this_round():
    board = ["......", "......", "......", "....o.", ".o...*", "......"]
    state = emma_rolls(position(boards={0: board}))
    for seat in (1, 2, 3):
        play(state, seat, DECLINE)
    assert state["active"] == 1
    state = play(state, 1, ROLL, Dice(5, 6, 1, 2, 3))
    assert 0 not in buttons.to_act(state)


def test_when_nobody_can_answer_a_bust_the_dice_pass_at_once():
    board = ["......", "......", "......", "....o.", ".o...*", "......"]
    state = emma_rolls(position(boards={0: board}, out=[None, "bust", "bust", None]))
    assert (state["phase"], state["active"]) == ("answer", 0)
    play(state, 3, DECLINE)
    assert (state["phase"], state["active"]) == ("turn", 3)


def test_the_button_supply_never_runs_out():
    crowded = ["o.o.o.", ".o.o.o", "o.o.o.", "......", "......", "o.o.o."]
    state = emma_rolls(position(boards={seat: crowded for seat in range(4)}))
    assert buttons.to_act(state) == [0, 1, 2, 3]
    for seat in range(4):
        play(state, seat, lay(5, 2) if seat == 0 else lay(5, 6))
    assert sum(board.count("o") for board in state["boards"]) == 52  # the box holds 50


# Passing the dice on


def test_the_dice_pass_clockwise_to_the_next_player_with_an_empty_depot():
    state = emma_rolls(position(out=[None, "opted out", None, None]))
    for seat in buttons.to_act(state):
        play(state, seat, lay(5, 6) if seat else lay(5, 2))
    assert buttons.to_act(state) == [2]


def test_a_player_takes_another_turn_when_no_one_else_has_an_empty_depot():
    state = emma_rolls(position(out=[None, "opted out", "bust", "opted out"]))
    play(state, 0, lay(5, 2))
    assert (state["phase"], state["active"]) == ("turn", 0)
    assert buttons.legal_moves(state, 0)[:2] == [ROLL, OPT_OUT]


def test_players_out_of_the_round_keep_their_dice_so_fewer_are_rolled():
    state = play(position(out=[None, "opted out", None, "bust"]), 0, ROLL, Rng("fewer"))
    assert len(state["roll"]["black"]) == 2


def test_three_players_start_with_six_dice_and_each_one_out_takes_one():
    assert len(play(position(3), 0, ROLL, Rng("three"))["roll"]["black"]) == 4
    state = play(position(3, out=[None, "bust", "opted out"]), 0, ROLL, Rng("three"))
    assert len(state["roll"]["black"]) == 2


def test_with_two_players_the_one_out_takes_two_dice_and_four_are_left():
    state = play(position(2, out=[None, "opted out"]), 0, ROLL, Rng("two"))
    assert len(state["roll"]["black"]) == 2
    assert buttons.view(state, 0)["boards"][1]["depot"] == 2


def test_opting_out_puts_a_die_in_the_depot_and_passes_the_dice():
    state = play(position(boards={0: ["o....."] + EMPTY_BOARD[1:]}), 0, OPT_OUT)
    assert state["out"][0] == "opted out"
    assert buttons.view(state, None)["boards"][0]["depot"] == 1
    assert buttons.to_act(state) == [1]


def test_a_player_out_of_the_round_cannot_lay_on_the_gold_square():
    state = emma_rolls(position(out=[None, "opted out", None, None]))
    assert "out of this round" in refused(state, 1, lay(5, 6))


# End of a round: stars for those who opted out


def last_one_opts_out(board: list[str], players: int = 4, **fields) -> dict:
    """Everyone else has busted already; Emma opts out with this board and the round ends."""
    out = ["bust" if seat else None for seat in range(players)]
    fields.setdefault("out", out)
    return play(position(players, boards={0: board}, **fields), 0, OPT_OUT)


# Red on (1,1), (1,3), (1,5); blue on (2,2), (2,4), (4,4); yellow on (6,5).
RED_AND_BLUE = ["o.o.o.", ".o.o..", "......", "...o..", "......", "....o."]


def test_the_round_ends_when_every_depot_holds_a_die():
    state = last_one_opts_out(RED_AND_BLUE)
    assert state["phase"] == "stars"


def test_opting_out_earns_one_star():
    state = last_one_opts_out(["o.....", "......", "......", "......", "......", "....o."])
    assert state["stars_to_place"] == [1, 0, 0, 0]


def test_each_colour_covered_three_times_and_the_card_colour_earn_stars():
    state = last_one_opts_out(RED_AND_BLUE)
    assert buttons_rules.score_round(position(boards={0: RED_AND_BLUE}), 0) == {
        "opt_out": 1,
        "covered": {"red": 3, "yellow": 1, "green": 0, "blue": 3},
        "colours": ["red", "blue"],
        "cards": ["red"],
        "stars": 4,
    }
    assert state["stars_to_place"] == [4, 0, 0, 0]


def test_a_card_of_a_colour_covered_less_than_three_times_earns_no_bonus():
    state = last_one_opts_out(RED_AND_BLUE, cards=[["yellow"], ["red"], ["green"], ["blue"]])
    assert state["stars_to_place"] == [3, 0, 0, 0]


def test_with_two_players_both_button_cards_can_earn_a_bonus():
    state = last_one_opts_out(RED_AND_BLUE, players=2, cards=[["red", "blue"], ["green", "yellow"]])
    assert state["stars_to_place"] == [5, 0]


def test_a_busted_player_earns_no_stars():
    finn = ["o....."] + EMPTY_BOARD[1:]
    state = position(boards={0: RED_AND_BLUE, 1: finn}, out=[None, "opted out", "bust", "bust"])
    play(state, 0, ROLL, Dice(1, 2, 4))
    assert state["round"] == 2
    assert rows(state, 0) == EMPTY_BOARD
    assert rows(state, 1)[0] == "*....."


def test_stars_are_placed_one_at_a_time_on_squares_that_held_buttons():
    state = last_one_opts_out(RED_AND_BLUE)
    assert buttons.to_act(state) == [0]
    assert [m for m in buttons.legal_moves(state, 0) if m["kind"] == "star"] == [
        star(1, 1),
        star(1, 3),
        star(1, 5),
        star(2, 2),
        star(2, 4),
        star(4, 4),
        star(6, 5),
    ]
    play(state, 0, star(6, 5))
    assert state["stars_to_place"][0] == 3
    assert rows(state, 0)[5] == "....*."


def test_a_star_cannot_go_where_no_button_lay():
    state = last_one_opts_out(RED_AND_BLUE)
    assert "holds none of your buttons" in refused(state, 0, star(3, 3))


def test_stars_with_only_one_way_to_place_them_are_placed_at_once():
    state = last_one_opts_out(["o.....", "......", "......", "......", "......", "......"])
    assert state["phase"] == "turn" and state["round"] == 2
    assert rows(state, 0)[0] == "*....."
    state = last_one_opts_out(["o.o.o.", "......", "......", "......", "......", "......"])
    assert state["round"] == 2 and rows(state, 0)[0] == "*.*.*."


def test_everyone_with_stars_to_place_is_asked_at_once():
    out = ["opted out"] * 4
    out[0] = None
    boards = {seat: RED_AND_BLUE for seat in range(4)}
    state = play(position(boards=boards, out=out), 0, OPT_OUT)
    assert buttons.to_act(state) == [0, 1, 2, 3]
    assert state["stars_to_place"] == [4, 3, 3, 4]
    assert "place your stars first" in refused(state, 0, ROLL)


def test_after_the_round_the_buttons_go_back_to_the_pool_and_the_stars_stay():
    state = last_one_opts_out(["o.*...", "......", "......", "......", ".....o", "......"])
    assert state["stars_to_place"] == [1, 0, 0, 0]
    play(state, 0, star(5, 6))
    assert state["round"] == 2
    assert rows(state, 0) == ["..*...", "......", "......", "......", ".....*", "......"]


def test_the_button_cards_pass_to_the_left_and_red_starts_the_next_round():
    state = last_one_opts_out(["o....."] + EMPTY_BOARD[1:])
    assert state["cards"] == [["blue"], ["red"], ["yellow"], ["green"]]
    assert (state["phase"], state["active"], state["round"]) == ("turn", 1, 2)
    assert state["out"] == [None] * 4


def test_two_players_hand_both_cards_to_each_other():
    state = last_one_opts_out(["o....."] + EMPTY_BOARD[1:], players=2)
    assert state["cards"] == [["green", "blue"], ["red", "yellow"]]
    assert state["active"] == 1


def test_the_first_roll_of_the_next_round_has_all_six_dice_again():
    state = last_one_opts_out(["o....."] + EMPTY_BOARD[1:])
    assert len(play(state, 1, ROLL, Rng("again"))["roll"]["black"]) == 4


# End of the game


FOUR_IN_A_ROW = ["****o.", "......", "......", "......", "......", "......"]
FOUR_IN_A_COLUMN = ["*.....", "*.....", "*.....", "*.....", "o.....", "......"]
ELEVEN_NO_LINE = ["**.**.", "..*..*", "**.**.", "..*..o", "......", "......"]


def test_five_stars_in_a_row_end_the_game():
    state = last_one_opts_out(FOUR_IN_A_ROW)
    assert state["phase"] == "over"
    assert buttons.outcome(state).winners == [0]


def test_five_stars_in_a_column_end_the_game():
    assert buttons.outcome(last_one_opts_out(FOUR_IN_A_COLUMN)).winners == [0]


def test_a_diagonal_or_a_gap_does_not_make_a_line():
    diagonal = ["*.....", ".*....", "..*...", "...*..", "....o.", "......"]
    gap = ["**.**o", "......", "......", "......", "......", "......"]
    assert last_one_opts_out(diagonal)["phase"] == "turn"
    assert last_one_opts_out(gap)["phase"] == "turn"


def test_twelve_stars_end_the_game():
    state = last_one_opts_out(ELEVEN_NO_LINE)
    assert buttons.outcome(state) == games.Outcome(
        scores=[12, 0, 0, 0],
        winners=[0],
        details={"stars": [12, 0, 0, 0], "lines_of_five": [False] * 4, "rounds": 1},
    )


def test_eleven_stars_do_not_end_the_game():
    almost = ["**.**.", "..*..*", "**.**.", "..o...", "......", "......"]
    assert last_one_opts_out(almost)["phase"] == "turn"


def test_the_game_only_ends_at_the_end_of_a_round():
    twelve = ["**.**.", "..*..*", "**.**.", "..*..*", "......", "......"]
    state = emma_rolls(position(boards={1: twelve}))
    play(state, 1, DECLINE)
    assert state["phase"] == "answer" and buttons.outcome(state) is None


def both_end(board_0: list[str], board_1: list[str]) -> games.Outcome:
    state = position(boards={0: board_0, 1: board_1}, out=[None, "opted out", "bust", "bust"])
    return buttons.outcome(play(state, 0, OPT_OUT))


def test_a_line_of_five_beats_more_stars_when_both_end_the_game():
    result = both_end(FOUR_IN_A_ROW, ELEVEN_NO_LINE)
    assert result.scores == [5, 12, 0, 0] and result.winners == [0]


def test_of_two_lines_of_five_the_one_with_more_stars_wins():
    more = ["****o.", "......", "*.....", "......", "......", "......"]
    assert both_end(FOUR_IN_A_ROW, more).winners == [1]


def test_lines_of_five_with_as_many_stars_share_the_victory():
    assert both_end(FOUR_IN_A_ROW, FOUR_IN_A_COLUMN).winners == [0, 1]


def test_without_a_line_the_most_stars_win_and_a_tie_shares_the_victory():
    thirteen = ["**.**.", "..*..*", "**.**.", "..*..*", "o.....", "......"]
    assert both_end(ELEVEN_NO_LINE, thirteen).winners == [1]
    assert both_end(ELEVEN_NO_LINE, ELEVEN_NO_LINE).winners == [0, 1]


def test_a_finished_game_waits_for_nobody_and_offers_no_moves():
    state = last_one_opts_out(FOUR_IN_A_ROW)
    assert buttons.to_act(state) == []
    assert all(buttons.legal_moves(state, seat) == [] for seat in range(4))
    assert "game is over" in refused(state, 0, ROLL)


def test_there_is_no_outcome_while_play_goes_on():
    assert buttons.outcome(position()) is None


# Standing orders


def test_a_standing_order_can_be_set_at_any_time_and_nobody_waits_for_it():
    state = position()
    always_take = {"kind": "order", "order": "take"}
    assert always_take in buttons.legal_moves(state, 2)
    play(state, 2, always_take)
    assert state["orders"] == ["ask", "ask", "take", "ask"]
    assert buttons.to_act(state) == [0]


def test_always_take_answers_the_gold_square_with_a_button():
    state = emma_rolls(position(orders=["ask", "take", "ask", "ask"]))
    assert buttons.standing_order_move(state, 1) == lay(5, 6)


def test_always_decline_answers_the_gold_square_by_declining():
    state = emma_rolls(position(orders=["ask", "decline", "ask", "ask"]))
    assert buttons.standing_order_move(state, 1) == DECLINE


def test_ask_me_leaves_the_gold_square_to_the_player():
    assert buttons.standing_order_move(emma_rolls(), 1) is None


def test_a_standing_order_never_decides_for_the_active_player():
    state = emma_rolls(position(orders=["take", "take", "ask", "ask"]))
    assert buttons.standing_order_move(state, 0) is None
    assert buttons.standing_order_move(position(orders=["take"] * 4), 0) is None


def test_a_standing_order_has_nothing_to_answer_when_the_seat_is_not_asked():
    beside = ["......"] * 4 + ["....o.", "......"]
    state = emma_rolls(position(boards={1: beside}, orders=["ask", "take", "ask", "ask"]))
    assert buttons.standing_order_move(state, 1) is None


def test_a_standing_order_answer_is_an_ordinary_move_of_that_seat():
    state = emma_rolls(position(orders=["ask", "take", "decline", "ask"]))
    for seat in (1, 2):
        play(state, seat, buttons.standing_order_move(state, seat))
    assert buttons.to_act(state) == [0, 3]
    assert rows(state, 1)[4] == ".....o" and rows(state, 2)[4] == "......"


def test_a_standing_order_may_be_set_while_asked_out_of_the_round_or_between_rounds():
    always_decline = {"kind": "order", "order": "decline"}
    asked = emma_rolls()
    assert always_decline in buttons.legal_moves(asked, 1)
    play(asked, 1, always_decline)
    assert buttons.to_act(asked) == [0, 1, 2, 3]
    assert buttons.standing_order_move(asked, 1) == DECLINE
    out = emma_rolls(position(out=[None, "opted out", None, None]))
    assert always_decline in buttons.legal_moves(out, 1)
    placing = last_one_opts_out(RED_AND_BLUE)
    assert always_decline in buttons.legal_moves(placing, 2)


def test_setting_the_same_standing_order_again_is_refused():
    assert "already 'ask me'" in refused(position(), 1, {"kind": "order", "order": "ask"})
    assert "Standing orders are" in refused(position(), 1, {"kind": "order", "order": "maybe"})


# Deadlines


def test_an_unanswered_gold_square_is_declined_at_the_deadline():
    assert buttons.skip_move(emma_rolls(), 2) == DECLINE


def test_the_active_players_roll_opt_out_or_lay_cannot_be_skipped():
    assert buttons.skip_move(position(), 0) is None
    assert buttons.skip_move(emma_rolls(), 0) is None


def test_placing_stars_cannot_be_skipped():
    assert buttons.skip_move(last_one_opts_out(RED_AND_BLUE), 0) is None


# Refusals


@pytest.mark.parametrize(
    "move",
    [
        None,
        "roll",
        {},
        {"kind": "jump"},
        {"kind": "roll", "dice": 6},
        {"kind": "lay", "row": 5},
        {"kind": "lay", "row": True, "column": 6},
        {"kind": "lay", "row": 5, "column": 7},
        {"kind": "lay", "row": "5", "column": 6},
        {"kind": "order", "order": ["take"]},
    ],
)
def test_malformed_moves_are_refused_and_change_nothing(move):
    refused(emma_rolls(), 1, move)


def test_a_seat_that_does_not_exist_is_refused():
    assert "no seat 4" in refused(position(), 4, ROLL)


def test_a_move_nobody_asked_for_says_what_the_game_waits_for():
    state = emma_rolls()
    play(state, 0, lay(5, 2))
    assert "waiting for Finn and Gus and Hana" in refused(state, 0, ROLL)
    assert "Answer the roll first: lay 5 6, decline" in refused(state, 1, ROLL)


def test_a_state_through_json_plays_exactly_like_the_original():
    state = emma_rolls()
    copied = json.loads(json.dumps(state))
    for seat, move in [(0, lay(5, 2)), (1, lay(5, 6)), (2, DECLINE), (3, DECLINE)]:
        play(state, seat, move)
        play(copied, seat, move)
    assert canonical(copied) == canonical(state)


def test_standing_counts_stars_on_the_board_and_stars_still_to_place():
    state = last_one_opts_out(RED_AND_BLUE[:2] + ["*....."] + RED_AND_BLUE[3:])
    assert buttons.standing(state, 0) == 5
    play(state, 0, star(2, 2))
    assert buttons.standing(state, 0) == 5


def test_standing_counts_the_stars_an_opted_out_player_has_secured():
    state = position(boards={0: RED_AND_BLUE})
    assert buttons.standing(state, 0) == 0
    play(state, 0, OPT_OUT)
    assert buttons.standing(state, 0) == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_bots_opt_out_in_time_and_finish_a_game(players):
    state = buttons.setup(players, {}, Rng(f"greedy {players}"))
    for step in range(3000):
        if not buttons.to_act(state):
            break
        seat = buttons.to_act(state)[0]
        move = bots.greedy_move(buttons, state, seat, Rng(f"bot {step}"))
        state = play(state, seat, move, Rng(f"step {step}"))
    assert buttons.outcome(state) is not None
