"""Buttons: seeded random games through the shared harness, checking the laying rules throughout."""

import pytest

from games.buttons import rules as buttons
from tests.helpers.playout import play_random_games

GAMES_PER_PLAYER_COUNT = 500


class EveryBoardKeepsTheRules:
    """No two buttons side by side on any board, at any step; stars only ever grow."""

    def __init__(self):
        self.stars: list[int] = []

    def __call__(self, state: dict) -> None:
        stars = [board.count("*") for board in state["boards"]]
        if state["round"] == 1 and not any(stars):
            self.stars = stars  # a new game
        for seat, board in enumerate(state["boards"]):
            assert len(board) == 36 and set(board) <= set(".o*"), board
            for at, here in enumerate(board):
                if here == "o":
                    assert not (at % 6 < 5 and board[at + 1] == "o"), f"side by side: {board}"
                    assert not (at + 6 < 36 and board[at + 6] == "o"), (
                        f"one above the other: {board}"
                    )
            assert stars[seat] >= self.stars[seat], "a star went missing"
            if state["out"][seat] == "bust":
                assert "o" not in board, "a busted player kept buttons"
            if state["phase"] in ("turn", "answer"):
                assert not buttons.ends_game(board), "the game should have ended"
                if state["out"][seat] == "opted out":
                    assert "o" in board, "opted out without a button"
            assert state["stars_to_place"][seat] <= board.count("o")
        depots = sum(buttons.depot(state, seat) for seat in range(len(state["players"])))
        assert depots <= buttons.BLACK_DICE, "more dice in the depots than there are"
        if state["phase"] == "answer":
            white, gold = state["roll"]["white"], state["roll"]["gold"]
            for seat in state["waiting"]:
                assert state["out"][seat] is None
                if seat != state["active"]:
                    assert buttons.can_lay(state["boards"][seat], white, gold)
        self.stars = stars


# 500 games per player count, in two halves so that pytest-xdist can spread them: one with the
# layout option left out, one with it named; both mean random sides, and the harness seeds the
# halves differently because their options differ.
HALVES = {"option left out": None, "option named": {"layout": "random"}}


@pytest.mark.parametrize("half", HALVES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_and_never_put_buttons_side_by_side(players, half):
    finals = play_random_games(
        "buttons",
        players,
        GAMES_PER_PLAYER_COUNT // len(HALVES),
        HALVES[half],
        invariant=EveryBoardKeepsTheRules(),
    )
    for final in finals:
        assert final["phase"] == "over"
        assert any(buttons.ends_game(board) for board in final["boards"])


def test_random_games_on_one_chosen_side_for_everyone():
    finals = play_random_games(
        "buttons", 4, 10, {"layout": "3b"}, invariant=EveryBoardKeepsTheRules(), detailed=1
    )
    assert all(final["layouts"] == ["3b"] * 4 for final in finals)
