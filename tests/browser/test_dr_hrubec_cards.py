"""Dr. Hrubec's cards as a browser draws them: on a patient on the operating table the points
badge shows whole, whatever the patient's name, on a phone and on a desktop."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.template.loader import render_to_string

from games.dr_hrubec.cards import PATIENTS
from tabletop.web.boards.dr_hrubec import card
from tests.browser.conftest import DESKTOP, PHONE

CSS = Path(__file__).resolve().parents[2] / "tabletop" / "web" / "static" / "web" / "tabletop.css"
TABLE = (
    '<div class="hr-table felt"><div class="hr-teams"><div class="hr-team">'
    '<div class="hr-team-body"><div class="hr-table-spot">{card}</div></div></div></div></div>'
)
CLIPPED = """cards => cards.filter(shown => {
  const edge = shown.getBoundingClientRect();
  const badge = shown.querySelector('.hr-points').getBoundingClientRect();
  return badge.left < edge.left || badge.right > edge.right || badge.width === 0;
}).map(shown => shown.dataset.card)"""


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_patients_points_badge_is_never_clipped_on_the_operating_table(browser, viewport):
    tables = "".join(
        TABLE.format(card=render_to_string("games/dr_hrubec/card.html", {"card": card(slug)}))
        for slug in PATIENTS
    )
    context = browser.new_context(viewport=viewport)
    try:
        page = context.new_page()
        page.set_content(
            f"<html><head><style>{CSS.read_text()}</style></head><body>{tables}</body></html>"
        )
        assert page.eval_on_selector_all(".hr-card", "cards => cards.length") == len(PATIENTS)
        assert page.eval_on_selector_all(".hr-card", CLIPPED) == []
    finally:
        context.close()
