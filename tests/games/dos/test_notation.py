"""DOS in words: the notation typed in an email reply, and the log line each viewer reads."""

from __future__ import annotations

import json

import pytest

from games import IllegalMove
from tests.games.dos.test_rules import (
    CALL,
    END,
    add,
    catch,
    dos,
    draw,
    match,
    play,
    position,
)

ROW = ["red 7", "yellow 9"]


def forgetful() -> dict:
    """P1 has just ended a turn with two cards and no call; P2 is to play."""
    state = position([["blue 7", "green 1", "green 3"], ["blue 1", "blue 4", "red 10"]], ROW)
    return play(state, 0, match("red 7", "blue 7"), END)


def parse(text: str, state: dict, seat: int = 0) -> dict:
    return dos.parse_move(text, state, seat)


def test_the_issue_examples_read_as_moves():
    state = position([["blue 3", "yellow #", "green 5", "red 1"], ["blue 1", "red 4"]], ROW)
    assert parse("match red 7 with blue 3 + # as 4", state) == match(
        "red 7", "blue 3", ("yellow #", "yellow 4")
    )
    assert parse("draw", state) == draw()
    assert parse("dos", state, 1) == CALL
    drawn = play(state, 0, draw())
    assert parse("add green 5", drawn) == add("green 5")
    exposed = forgetful()
    assert parse("catch 1", exposed, 1) == catch(0)


def test_the_notation_forgives_case_spacing_and_punctuation():
    state = position([["blue 3", "yellow #", "green 5"], ["blue 1"]], ROW)
    wanted = match("red 7", "blue 3", ("yellow #", "yellow 4"))
    for text in (
        "MATCH  Red7 with Blue-3 + Yellow#  as 4!",
        "match r7 with b3 and y# as 4",
        "m red 7: 3 blue + # as 4.",
        "red 7 with yellow # as 4 + blue 3",
    ):
        assert parse(text, state) == wanted, text


def test_every_move_written_by_the_service_reads_back_as_the_same_move():
    hands = [["blue 3", "yellow #", "DOS", "red 4", "red 3"], ["blue 1", "red 4"]]
    state = position(hands, ["red 7", "DOS", "blue #"])
    for move in dos.legal_moves(state, 0):
        assert parse(dos.format_move(move, state, 0), state) == move


def test_a_step_carries_the_call_with_a_trailing_dos():
    state = position([["red 7", "green 1", "green 3"], ["blue 1"]], ROW)
    assert dos.format_move(match("red 7", "red 7", call=True), state, 0) == (
        "match red 7 with red 7, DOS!"
    )
    assert parse("match red 7 with red 7 dos", state) == match("red 7", "red 7", call=True)
    assert parse("match red 7 with red 7 and call DOS", state) == match("red 7", "red 7", call=True)
    assert parse("match red 7 with red 7", state) == match("red 7", "red 7")


def test_a_dos_card_after_a_plus_is_a_card_not_a_call():
    state = position([["red 5", "DOS", "green 1", "green 3"], ["blue 1"]], ROW)
    assert parse("match red 7 with red 5 + dos as red", state) == match(
        "red 7", "red 5", ("DOS", "red 2")
    )
    assert parse("match red 7 with red 5 + red 2", state) == match(
        "red 7", "red 5", ("DOS", "red 2")
    )


def test_a_wild_whose_name_is_left_open_is_refused_with_the_choices():
    state = position([["red 5", "DOS", "green 1", "green 3"], ["blue 1"]], ROW)
    with pytest.raises(
        IllegalMove, match="could mean 4 different moves: .*DOS as blue.*write the one you mean"
    ):
        parse("match red 7 with red 5 + dos", state)


def test_a_wild_in_the_centre_row_is_named_in_the_notation():
    state = position([["green 3", "green 1"], ["blue 1"]], ["blue #", "DOS"])
    assert parse("match blue # as 3 with green 3", state) == match(("blue #", "blue 3"), "green 3")
    assert parse(
        "match dos as green with green 1 + green 1",
        position([["green 1", "green 1", "red 9"], ["blue 1"]], ["DOS", "yellow 9"]),
    ) == match(("DOS", "green 2"), "green 1", "green 1")


def test_a_hash_of_a_determined_value_needs_no_name():
    state = position([["blue 3", "yellow #", "green 1"], ["blue 1"]], ROW)
    assert parse("match red 7 with blue 3 + yellow #", state) == match(
        "red 7", "blue 3", ("yellow #", "yellow 4")
    )


def test_an_unreadable_line_gets_a_hint_with_moves_to_copy():
    state = position([["red 7", "green 1"], ["blue 1"]], ROW)
    with pytest.raises(IllegalMove, match="'jump' is not a DOS move.*You could write: match"):
        parse("jump over", state)
    with pytest.raises(IllegalMove, match="Nothing to read"):
        parse("  !! ", state)


def test_an_impossible_match_is_refused_with_the_rules_reason():
    state = position([["red 1", "red 3", "green 1"], ["blue 1"]], ROW)
    with pytest.raises(IllegalMove, match="1 \\+ 3 make 4 not 7"):
        parse("match red 7 with red 1 + red 3", state)
    with pytest.raises(IllegalMove, match="no blue 5"):
        parse("match red 7 with blue 5", state)
    with pytest.raises(IllegalMove, match="P1's turn"):
        parse("draw", state, 1)


def test_a_player_is_caught_by_number_or_by_name():
    state = forgetful()
    state["players"] = ["Ann Lee", "Bob"]
    assert parse("catch ann lee", state, 1) == catch(0)
    assert parse("Catch player 1!", state, 1) == catch(0)
    with pytest.raises(IllegalMove, match="Catch whom"):
        parse("catch", state, 1)
    with pytest.raises(IllegalMove, match="cannot catch yourself"):
        parse("catch 1", state, 0)


def test_end_and_the_lone_call_read_in_several_ways():
    state = position([["red 7", "green 1", "green 3"], ["blue 1"]], ROW)
    state = play(state, 0, match("red 7", "red 7"))
    for text in ("end", "End turn.", "done"):
        assert parse(text, state) == END
    for text in ("DOS!", "call", "call dos"):
        assert parse(text, state) == CALL


def test_the_help_explains_the_notation_with_examples():
    text = dos.notation_help()
    for example in ("match red 7 with", "draw", "add green 5", "end", "DOS!", "catch 2"):
        assert example in text


# --- The log line ------------------------------------------------------------------------


def test_only_the_drawer_reads_which_card_was_drawn():
    before = position([["red 8", "green 1"], ["blue 1"]], ROW)
    after = play(dict(before, hands=[list(h) for h in before["hands"]]), 0, draw())
    drawn = [c for c in after["hands"][0] if c not in ("red 8", "green 1")][0]
    assert dos.describe(before, 0, draw(), after, 0) == f"P1 draws {drawn}."
    assert dos.describe(before, 0, draw(), after, 1) == "P1 draws a card."
    assert dos.describe(before, 0, draw(), after, None) == "P1 draws a card."


def test_the_log_names_the_match_its_colour_bonus_and_the_call():
    before = position([["red 3", "red #", "green 1", "green 3"], ["blue 1"]], ROW)
    move = match("red 7", "red 3", ("red #", "red 4"), call=True)
    after = play(before.copy() | {"hands": [list(h) for h in before["hands"]]}, 0, move)
    assert dos.describe(before, 0, move, after, 1) == (
        "P1 matches red 7 with red 3 + red # as 4 (double colour match) and calls DOS!"
    )


def test_the_log_tells_the_end_of_a_round_and_the_next_dealer():
    before = position([["red 7"], ["green 10", "yellow #"]], ROW)
    after = play(position([["red 7"], ["green 10", "yellow #"]], ROW), 0, match("red 7", "red 7"))
    line = dos.describe(before, 0, match("red 7", "red 7"), after, None)
    assert "P1 goes out and scores 50 points (P2 50)." in line
    assert "Round 2: P1 deals and P2 starts." in line


def test_the_log_tells_who_was_caught_and_shows_the_cards_only_to_them():
    before = forgetful()
    after = play(json.loads(json.dumps(before)), 1, catch(0))
    line = dos.describe(before, 1, catch(0), after, 1)
    assert line == "P2 catches P1 without a DOS call: P1 draws 2 cards."
    drawn = ", ".join(c for c in after["hands"][0] if c not in ("green 1", "green 3"))
    assert dos.describe(before, 1, catch(0), after, 0) == line[:-1] + f" ({drawn})."


def test_the_log_tells_that_a_player_ended_a_turn_without_calling():
    before = position([["blue 7", "green 1", "green 3"], ["blue 1", "blue 4", "red 10"]], ROW)
    before = play(before, 0, match("red 7", "blue 7"))
    after = play(json.loads(json.dumps(before)), 0, END)
    assert dos.describe(before, 0, END, after, None).endswith(
        "P1 ends the turn holding two cards without calling DOS."
    )


def test_draw_reads_in_plain_words_too():
    state = position([["red 8"], ["blue 1"]], ROW)
    assert parse("Draw a card.", state) == draw()
    assert parse("draw a card, DOS!", state) == draw(call=True)


def test_reading_a_move_for_a_seat_that_does_not_exist_or_after_the_end_is_refused():
    state = position([["red 7", "green 1"], ["blue 1"]], ROW)
    with pytest.raises(IllegalMove, match="no move to make"):
        parse("match red 7 with red 7", state, 5)
    over = play(position([["red 7"], ["blue 1"]], ROW, scores=[199, 0]), 0, match("red 7", "red 7"))
    with pytest.raises(IllegalMove, match="over"):
        parse("draw", over, 1)


# --- Phrasings players write, and lines that could mean two moves ---------------------------


def test_play_on_is_refused_with_both_meanings_when_both_rows_hold_both_cards():
    state = position([["red 7", "blue 7", "green 3", "green 4"], ["blue 1"]], ["red 7", "blue 7"])
    with pytest.raises(IllegalMove) as refusal:
        parse("play red 7 on blue 7", state)
    text = str(refusal.value)
    assert "could mean 2 different moves" in text
    assert "match blue 7 with red 7 (your red 7 on the centre blue 7)" in text
    assert "match red 7 with blue 7 (your blue 7 on the centre red 7)" in text
    assert "Nothing was guessed" in text
    for spelled in ("match blue 7 with red 7", "match red 7 with blue 7"):
        assert dos.format_move(parse(spelled, state), state, 0) == spelled


def test_play_on_is_played_when_only_one_reading_is_a_legal_move():
    state = position([["red 7", "green 3", "green 4"], ["blue 1"]], ["blue 7", "yellow 9"])
    assert parse("play red 7 on blue 7", state) == match("blue 7", "red 7")


def test_the_hand_cards_may_come_first():
    state = position([["blue 3", "red 4", "green 1"], ["blue 1"]], ROW)
    wanted = match("red 7", "blue 3", "red 4")
    for text in (
        "blue 3 + red 4 on red 7",
        "play blue 3 and red 4 on red 7",
        "red 4 + blue 3 to 7",
    ):
        assert parse(text, state) == wanted, text


def test_a_centre_card_by_its_number_alone_is_read_when_only_one_fits():
    state = position([["blue 3", "red 4", "green 1"], ["blue 1"]], ["red 7", "yellow 9"])
    assert parse("match 7 with blue 3 + red 4", state) == match("red 7", "blue 3", "red 4")


def test_a_centre_card_by_its_number_alone_is_refused_listing_both_when_two_fit():
    state = position([["green 7", "green 1", "green 3"], ["blue 1"]], ["red 7", "blue 7"])
    with pytest.raises(IllegalMove) as refusal:
        parse("match 7 with green 7", state)
    text = str(refusal.value)
    assert "match red 7 with green 7 (your green 7 on the centre red 7)" in text
    assert "match blue 7 with green 7 (your green 7 on the centre blue 7)" in text


def test_a_dos_cards_colour_may_be_named_without_as():
    state = position([["red 5", "DOS", "green 1", "green 3"], ["blue 1"]], ROW)
    wanted = match("red 7", "red 5", ("DOS", "red 2"))
    assert parse("match red 7 with red 5 + DOS red", state) == wanted
    assert parse("red 5 + DOS red on red 7", state) == wanted


@pytest.mark.parametrize("text", ["pass", "Pass.", "take a card", "take one", "pick up a card"])
def test_pass_and_take_a_card_are_draw(text):
    state = position([["red 8", "green 1"], ["blue 1"]], ROW)
    assert parse(text, state) == draw()


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("dopasuj czerwoną 7 z niebieską 3 i czerwoną 4", match("red 7", "blue 3", "red 4")),
        ("DOPASUJ czerwona 7 z niebieska 3 i czerwona 4", match("red 7", "blue 3", "red 4")),
        ("połóż niebieską 3 + czerwoną 4 na czerwoną 7", match("red 7", "blue 3", "red 4")),
        ("zagraj 4 czerwona i 3 niebieska na 7", match("red 7", "blue 3", "red 4")),
        ("dobierz kartę", draw()),
        ("dobierz", draw()),
        ("pas", draw()),
    ],
)
def test_the_polish_verbs_read_with_or_without_diacritics(text, wanted):
    state = position([["blue 3", "red 4", "DOS", "green 1"], ["blue 1"]], ROW)
    assert parse(text, state) == wanted


def test_the_polish_verbs_add_name_a_wild_and_end():
    drawn = play(position([["red 8", "green 5", "green 1"], ["blue 1"]], ROW), 0, draw())
    assert parse("dodaj zieloną 5", drawn) == add("green 5")
    assert parse("połóż zielona 5", drawn) == add("green 5")
    state = position([["red 5", "DOS", "green 1", "green 3"], ["blue 1"]], ROW)
    wanted = match("red 7", "red 5", ("DOS", "red 2"))
    assert parse("dopasuj czerwoną 7 z czerwoną 5 i DOS jako czerwony", state) == wanted
    matched = play(state, 0, wanted)
    assert parse("koniec", matched) == END
    assert parse("zakończ turę", matched) == END


def test_the_help_says_which_card_comes_first_and_names_every_phrasing():
    text = dos.notation_help()
    assert "in 'match A with B' A is the centre card" in text
    for phrase in ("on red 7", "match 7 with", "DOS red", "pass", "take a card", "dopasuj"):
        assert phrase in text, phrase
    for polish in ("poloz", "dobierz", "pas", "jako", "koniec"):
        assert polish in text, polish
