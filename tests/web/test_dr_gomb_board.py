"""Dr. Gomb on the game page: a surprise button that has looked into the talon is no card in
hand any more; it waits apart and goes to a discard pile last."""

from __future__ import annotations

import re

from django.template.loader import render_to_string

from games import dr_gomb as rules
from tabletop.web.boards import Position, prepare, template_for
from tests.games.dr_gomb.test_rules import play, position, seq


def board_html(state: dict, seat: int | None) -> str:
    legal = rules.legal_moves(state, seat) if seat is not None else []
    shown = Position(rules, rules.view(state, seat), seat, legal, state, live=True)
    return render_to_string(template_for("dr_gomb"), {"board": prepare(shown)})


def hand(html: str) -> str:
    """The "In your hand" box, or "" when the page shows none."""
    found = re.search(r"<h3>In your hand</h3>(.*?)</div>\s*</div>\s*</div>", html, re.S)
    return found[1] if found else ""


def test_a_used_surprise_leaves_the_hand_and_goes_to_a_pile_last():
    state = position(sequences={0: seq(red="r1")}, talon="b3g2", top="b?")
    state = play(state, 0, "draw", "use surprise")

    html = board_html(state, 0)

    assert 'data-card="blue 3"' in hand(html)
    assert "surprise" not in hand(html)
    assert "Surprise used" in html

    state = play(state, 0, "play blue 3 to blue")
    html = board_html(state, 0)

    assert "In your hand" not in html
    assert "Put the used surprise button on a discard pile." in html
    assert 'aria-label="Discard to pile 1: blue surprise"' in html
    assert "Surprise used" not in board_html(state, 1)
