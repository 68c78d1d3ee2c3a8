"""Buttons' own laws in the random playouts of tests/games/test_playouts.py: no two buttons
side by side on any board at any step, stars only ever grow, and a board ends every game."""

from __future__ import annotations

from games.buttons import rules as buttons
from tests.helpers.playout import Playouts

# Each player count with the layout option left out and with it named: both mean random
# sides, and the seeds differ because the options do. Then one side chosen for everyone.
PLAYOUTS = [
    Playouts(games=50),
    Playouts(games=50, options={"layout": "random"}),
    Playouts(games=10, options={"layout": "3b"}, players=(4,), detailed=1),
]


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


class Checks:
    def __init__(self, players: int, options: dict | None) -> None:
        self.players, self.options = players, options or {}
        self.board_rules = EveryBoardKeepsTheRules()

    def step(self, n: int, state: dict) -> None:
        self.board_rules(state)

    def finished(self, finals: list[dict]) -> None:
        for final in finals:
            assert final["phase"] == "over"
            assert any(buttons.ends_game(board) for board in final["boards"])
        layout = self.options.get("layout", "random")
        if layout != "random":
            assert all(final["layouts"] == [layout] * self.players for final in finals)
