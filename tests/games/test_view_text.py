"""view_text: the plain-text picture of a position that turn emails show.

Each game builds it from view(state, seat) alone. The playouts prove that by handing
view_text a state it cannot read (None) while the game's view is patched to return the real
view: any peek at the state outside view would fail. A text that is a function of the
seat's view alone cannot name what that view hides (other hands, hidden numbers, the deck).
The hand-built positions check that the seat's own secrets are named and another seat's not.
"""

from __future__ import annotations

import importlib
from unittest import mock

import pytest

import games
from games import Rng, step_rng
from games.bots import random_move

# Where each game's view_text looks up `view` (patched in the playouts).
VIEW_HOME = {
    "gazobu": "games.gazobu.view",
    "dos": "games.dos.view",
    "dr_gomb": "games.dr_gomb.view",
    "buttons": "games.buttons.view",
    "dr_hrubec": "games.dr_hrubec.view",
}
MOST_LINES = 45
WIDTH = 80


def text_from_view_alone(slug: str, state: dict, seat: int | None) -> str:
    """view_text with the state out of reach: only the seat's view goes in."""
    rules = games.get(slug)
    shown = rules.view(state, seat)
    home = importlib.import_module(VIEW_HOME[slug])

    def patched(given: object, viewer: int | None) -> dict:
        assert given is None and viewer == seat
        return shown

    with mock.patch.object(home, "view", patched):
        return rules.view_text(None, seat)


def check_text(slug: str, state: dict, seat: int | None) -> None:
    rules = games.get(slug)
    text = rules.view_text(state, seat)
    assert isinstance(text, str) and text
    assert text_from_view_alone(slug, state, seat) == text
    lines = text.splitlines()
    assert len(lines) <= MOST_LINES, text
    assert all(len(line) <= WIDTH for line in lines), text
    assert "\xa0" not in text
    for name in state["players"]:
        assert name in text


GAMES = [
    ("gazobu", 2, {}),
    ("gazobu", 4, {}),
    ("dos", 3, {"target": 100}),
    ("dr_gomb", 2, {"mode": "normal"}),
    ("dr_gomb", 5, {"mode": "basic"}),
    ("buttons", 2, {}),
    ("buttons", 4, {}),
    ("dr_hrubec", 3, {}),
    ("dr_hrubec", 5, {}),
]


@pytest.mark.parametrize(("slug", "players", "options"), GAMES)
def test_the_text_comes_from_the_view_alone_along_random_games(slug, players, options):
    rules = games.get(slug)
    for game in range(2):
        seed = f"view-text-{slug}-{players}-{game}"
        state = rules.setup(players, options, step_rng(seed, 0))
        bot = Rng(f"{seed}:bot")
        step = 0
        while rules.to_act(state) and step < 3000:
            if step < 60 or step % 25 == 0:
                for seat in [None, *range(players)]:
                    check_text(slug, state, seat)
            seat = bot.choice(rules.to_act(state))
            move = random_move(rules, state, seat, bot)
            step += 1
            state = rules.apply(state, seat, move, step_rng(seed, step))
        for seat in [None, *range(players)]:
            check_text(slug, state, seat)


# Hand-built positions: the seat's own secrets are named, another seat's are not.


def test_gazobu_names_your_hand_and_the_public_table_but_not_other_hands():
    rules = games.get("gazobu")
    state = rules.setup(["Ann", "Bob"], {}, step_rng("gazobu-text", 0))
    state.update(
        hands=[["yoo", "yoo", "twini"], ["bonus+5"]],
        columns=[["blob"], ["gazobu", "malus-3"]],
        drawn=[],
        pills=[1, 2],
        turn=0,
        phase="take",
    )
    ann = rules.view_text(state, 0)
    assert "Your hand: Yoo x2, Twini" in ann
    assert "Column 2: Gazobu, malus -3" in ann
    assert "Bob" in ann and "pills 2/4, 1 card" in ann
    assert "bonus +5" not in ann
    bob = rules.view_text(state, 1)
    assert "Your hand: bonus +5" in bob
    assert "Twini" not in bob
    assert "card names" not in ann


def test_dos_names_your_hand_the_centre_row_and_scores_but_not_other_hands():
    rules = games.get("dos")
    state = rules.setup(["Ann", "Bob"], {}, step_rng("dos-text", 0))
    state.update(hands=[["red 3", "red 7"], ["yellow #"]], centre=["blue 4", "green 5"])
    state["scores"] = [40, 12]
    ann = rules.view_text(state, 0)
    assert "Centre row: blue 4 | green 5" in ann
    assert "Your hand (2): red 3, red 7" in ann
    assert "40 points" in ann and "12 points" in ann
    assert "yellow #" not in ann
    bob = rules.view_text(state, 1)
    assert "yellow #" in bob and "red 7" not in bob


def test_dr_gomb_keeps_normal_modes_hidden_numbers_and_the_held_card():
    rules = games.get("dr_gomb")
    state = rules.setup(["Ann", "Bob"], {"mode": "normal"}, step_rng("gomb-text", 0))
    state.update(
        sequences=["r3g2////", "////y1"],
        piles=["b1", "p4"],
        held="y5",
        turn=0,
        step="place",
    )
    ann = rules.view_text(state, 0)
    assert "In your hand: yellow 5" in ann
    assert "#1 red ?, #2 green 2" in ann
    assert "red 3" not in ann
    assert "pile 1: blue 1" in ann and "pile 2: pink 4" in ann
    assert "Bob (1 card): yellow: yellow 1" in ann
    bob = rules.view_text(state, 1)
    assert "yellow 5" not in bob and "red 3" not in bob
    assert "Ann (2 cards): red: red ?, green 2" in bob
    state["mode"] = "basic"
    assert "#1 red 3, #2 green 2" in rules.view_text(state, 0)


def test_buttons_draws_your_board_as_a_grid_and_keeps_standing_orders_private():
    rules = games.get("buttons")
    state = rules.setup(["Ann", "Bob"], {"layout": "1a"}, step_rng("buttons-text", 0))
    state["boards"][0] = "o" + "." * 34 + "*"
    state["orders"] = ["ask", "take"]
    ann = rules.view_text(state, 0)
    lines = ann.splitlines()
    assert "     1   2   3   4   5   6" in lines
    assert "  1  Ro  R.  R.  B.  R.  B." in lines
    assert "  6  G.  G.  Y.  G.  Y.  B*" in lines
    assert "Your standing order: ask me" in ann
    assert "always take" not in ann
    assert "always take" in rules.view_text(state, 1)


def test_dr_hrubec_names_your_team_table_and_hand_but_not_other_hands():
    rules = games.get("dr_hrubec")
    state = rules.setup(["Ann", "Bob"], {}, step_rng("hrubec-text", 0))
    state.update(
        hands=[["bribe", "dr_zero"], ["nurse"]],
        teams=[["butcher"], ["lawyer"]],
        tables=["toothache", None],
        discard=[],
        ongoing=None,
    )
    ann = rules.view_text(state, 0)
    assert "Your team: Butcher [sur +3 psy -2 sto +1 der -2]" in ann
    assert "Your table: Toothache (sto " in ann
    assert "Your hand (2): Bribe, Dr. Zero (doctor sur +0 psy +0 sto +0 der +0)" in ann
    assert "Bob: 1 card in hand" in ann and "team: Lawyer" in ann
    assert "Nurse" not in ann
    bob = rules.view_text(state, 1)
    assert "Your hand (1): Nurse" in bob
    assert "Bribe" not in bob and "Dr. Zero" not in bob
