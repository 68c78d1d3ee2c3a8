"""The review of a finished game in a browser: a click on the chart shows that step, a click
on a turning point shows that step with the bot's choice beside the move played; the page
stays axe-clean and within 320 px."""

from __future__ import annotations

import re

import pytest

from tabletop.play.models import Analysis
from tests.browser.test_accessibility import axe_violations
from tests.browser.test_csp import watch_for_violations
from tests.browser.test_history_keys import at_seq, wait_for_seq
from tests.browser.test_page_widths import OVERFLOW
from tests.helpers.analysis import analysed
from tests.helpers.factories import play_random_steps, started_game

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


@pytest.fixture
def reviewed(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    while not game.is_over:
        game = play_random_steps(game, 200, seed=f"review-{game.seq}")
    return game, analysed(game, with_scores=True)


def test_a_click_on_the_chart_shows_that_step(new_page, reviewed):
    game, _ = reviewed
    page = new_page()
    violations = watch_for_violations(page)
    page.goto(f"/games/{game.pk}/history/?seq=0")
    target = min(7, game.seq)
    page.locator(f'svg.review-chart >> nth=0 >> .review-steps a[data-seq="{target}"]').click()
    wait_for_seq(page, target)
    assert re.search(rf"\?seq={target}$", page.url)
    # The chart drawn afresh marks the step shown.
    now_x = page.get_attribute("svg.review-chart >> nth=0 >> line.review-now", "x1")
    strip = page.locator(f'svg.review-chart >> nth=0 >> .review-steps a[data-seq="{target}"] rect')
    left, width = float(strip.get_attribute("x")), float(strip.get_attribute("width"))
    assert left <= float(now_x) <= left + width
    assert violations == []


def test_a_click_on_a_turning_point_shows_that_step_and_the_bots_choice(new_page, reviewed):
    game, analysis = reviewed
    first = analysis.turning_points[0]
    page = new_page()
    page.goto(f"/games/{game.pk}/history/?seq=0")
    page.locator(".review-turns a").first.click()
    wait_for_seq(page, first["seq"])
    suggestion = page.locator("#history-now .review-suggestion")
    assert suggestion.is_visible()
    assert first["suggestion"]["text"] in suggestion.inner_text()
    assert page.locator(".review-turns li.current").count() == 1


def test_the_reviewed_page_is_axe_clean_and_fits_320_pixels(new_page, reviewed):
    game, analysis = reviewed
    page = new_page(viewport={"width": 320, "height": 700})
    page.goto(f"/games/{game.pk}/history/?seq={analysis.turning_points[0]['seq']}")
    page.locator(".review-table summary").click()
    assert page.evaluate(OVERFLOW)["scrollWidth"] <= 320
    chart = page.locator("svg.review-chart").first.bounding_box()
    assert chart["width"] <= 320
    assert axe_violations(page) == []
    assert at_seq(page) == analysis.turning_points[0]["seq"]


def test_a_review_being_computed_fills_in_when_done_without_a_reload(new_page, reviewed):
    game, analysis = reviewed
    Analysis.objects.filter(pk=analysis.pk).update(status=Analysis.Status.RUNNING, steps_done=5)
    page = new_page()
    page.goto(f"/games/{game.pk}/history/?seq=3")
    assert page.locator("#review-progress").is_visible()
    page.evaluate("window.notReloaded = true")
    Analysis.objects.filter(pk=analysis.pk).update(status=Analysis.Status.DONE)
    page.wait_for_selector("svg.review-chart")
    # The log's marks and the step's line fill in too, on the page as it was.
    page.wait_for_selector("#history-log .review-mark")
    assert page.locator("#history-now .review-chances").is_visible()
    assert page.evaluate("window.notReloaded") is True
    assert at_seq(page) == 3
