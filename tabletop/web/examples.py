"""The positions the rules pages work through, drawn with each game's own card pictures.

Each game's worked scoring example starts from the position here; the numbers the page writes
about it are checked against the game's own scoring code (tests/web/test_rules_pages.py), so a
rules change that alters them makes that test fail instead of leaving the page wrong.
"""

from __future__ import annotations

from collections import Counter

from games import Rng
from games import buttons as buttons_rules
from games import dr_gomb as dr_gomb_rules
from tabletop.web.boards import buttons as buttons_board
from tabletop.web.boards import dos as dos_board
from tabletop.web.boards import dr_gomb as dr_gomb_board
from tabletop.web.boards import dr_hrubec as dr_hrubec_board
from tabletop.web.boards import gazobu as gazobu_board

PLAYERS = ["Ann", "Ben", "Cat"]

# Gazobu: three hands at the end of a game, black holes already resolved.
GAZOBU_HANDS = [
    ["gazobu"] * 4 + ["blob"] * 2 + ["twinax", "extra-monster", "bonus+3"],
    ["gazobu"] * 4 + ["blob"] * 3 + ["yoo", "twinax", "malus-2", "multiplier-blob"],
    ["gazobu"] * 2 + ["blob"] + ["yoo"] * 3 + ["twini", "multiplier-any"],
]

# DOS: Ann has just played her last card; what the others still hold.
DOS_HANDS = [[], ["red 7", "blue #", "DOS"], ["green 3", "yellow 10"]]
# A turn: the centre row, and the hand that matches against it.
DOS_CENTRE = ["red 7", "blue 10"]
DOS_HAND = ["red 3", "red 4", "blue 10", "green #", "DOS"]

# Dr. Gomb: Mira's five sequences at the end, as stored: red/green/blue/pink/yellow, each the
# cards' codes bottom first (colour letter, then the number or * for a joker).
DR_GOMB_SEQUENCES = "r1r2b3r4r5/g1y2g3/b1b2b3p*/p1p2r4p4/y2y3g1y4"

# Buttons: Ann opted out with these buttons on board side 1a, holding the red button card.
BUTTONS_LAYOUT = "1a"
BUTTONS_SQUARES = [(1, 1), (1, 3), (3, 4), (5, 2), (4, 3), (6, 5), (2, 6)]
BUTTONS_CARDS = ["red"]
# A roll: the white die, the gold-pipped black die, then the black dice with white pips.
BUTTONS_ROLL = {"white": 3, "gold": 4, "black": [1, 6, 2, 6]}

# Dr. Hrubec: an operation, and a final reckoning.
DR_HRUBEC_TEAM = ["dr_scalpel", "young_intern", "dr_pimple"]
DR_HRUBEC_PATIENT = "gangrene"
DR_HRUBEC_ONGOING = "infectious_eczema"
DR_HRUBEC_ROLL = 4
DR_HRUBEC_CURED = ["gangrene", "geek", "acne"]
DR_HRUBEC_MORGUE = ["alcoholic", "blisters"]


def buttons_state() -> dict:
    """A two-player Buttons position at the end of a round: Ann opted out."""
    state = buttons_rules.setup(PLAYERS[:2], {"layout": BUTTONS_LAYOUT}, Rng("rules page"))
    board = buttons_rules.EMPTY * buttons_rules.SIZE**2
    for row, column in BUTTONS_SQUARES:
        board = buttons_rules.marked(board, row, column, buttons_rules.BUTTON)
    state["boards"][0] = board
    state["cards"][0] = list(BUTTONS_CARDS)
    state["out"][0] = "opted out"
    return state


def dr_hrubec_state() -> dict:
    """Just enough of a Dr. Hrubec position for the team sheet, the die and the final score."""
    return {
        "teams": [list(DR_HRUBEC_TEAM)],
        "ongoing": DR_HRUBEC_ONGOING,
        "cured": [list(DR_HRUBEC_CURED)],
        "morgue": [list(DR_HRUBEC_MORGUE)],
    }


def gazobu() -> dict:
    return {
        "hands": [
            {"name": name, "cards": gazobu_board.grouped(hand)}
            for name, hand in zip(PLAYERS, GAZOBU_HANDS, strict=True)
        ],
        "specials": [
            gazobu_board.card(card)
            for card in ("black-hole", "bonus+5", "malus-3", "extra-monster")
            + ("multiplier-blob", "multiplier-any")
        ],
        "families": [gazobu_board.card(card) for card in ("gazobu", "blob", "yoo", "twini")],
    }


def dos() -> dict:
    return {
        "hands": [
            {"name": name, "cards": [dos_board.card(card) for card in hand]}
            for name, hand in zip(PLAYERS, DOS_HANDS, strict=True)
            if hand
        ],
        "centre": [dos_board.card(card) for card in DOS_CENTRE],
        "hand": [dos_board.card(card) for card in DOS_HAND],
        "wild": [dos_board.card(card) for card in ("green #", "DOS")],
    }


def dr_gomb() -> dict:
    sequences = []
    for colour, sequence in zip(dr_gomb_rules.COLOURS, DR_GOMB_SEQUENCES.split("/"), strict=True):
        names = [dr_gomb_rules.NAME_OF[sequence[at : at + 2]] for at in range(0, len(sequence), 2)]
        sequences.append({"colour": colour, "cards": [dr_gomb_board.card(n) for n in names]})
    return {
        "sequences": sequences,
        "specials": [dr_gomb_board.card(name) for name in ("blue joker", "pink surprise")]
        + [dr_gomb_board.card("yellow broken")],
        "covered": [dr_gomb_board.card(name) for name in ("red", "red", "green", "red 3")],
    }


def buttons() -> dict:
    state = buttons_state()
    view = buttons_rules.view(state, None)
    roll = BUTTONS_ROLL
    return {
        "board": buttons_board.board(view, 0, {}, None, False),
        "dice": buttons_board.dice(roll),
        "covered": Counter(
            buttons_rules.colour_of(state, 0, row, column) for row, column in BUTTONS_SQUARES
        ),
    }


def dr_hrubec() -> dict:
    return {
        "team": [dr_hrubec_board.card(slug) for slug in DR_HRUBEC_TEAM],
        "patient": dr_hrubec_board.card(DR_HRUBEC_PATIENT),
        "ongoing": dr_hrubec_board.card(DR_HRUBEC_ONGOING),
        "cured": [dr_hrubec_board.card(slug) for slug in DR_HRUBEC_CURED],
        "morgue": [dr_hrubec_board.card(slug) for slug in DR_HRUBEC_MORGUE],
    }


EXAMPLES = {
    "gazobu": gazobu,
    "dos": dos,
    "dr_gomb": dr_gomb,
    "buttons": buttons,
    "dr_hrubec": dr_hrubec,
}


def of_game(slug: str) -> dict:
    build = EXAMPLES.get(slug)
    return build() if build else {}
