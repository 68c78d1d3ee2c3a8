"""The pages work under the Content-Security-Policy: nothing is refused, and htmx still swaps."""

from __future__ import annotations

import random

import pytest

import games
from tabletop.web import pages
from tests.browser.conftest import click_a_move, log_in, panel_seq
from tests.helpers.factories import started_game, user_at

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

GAMES = [rules.slug for rules in pages.available_games()]
# Chromium logs every refusal to the console ("Refused to execute inline script because it
# violates the following Content Security Policy directive ..."); the page's own violation
# events are logged there too, in case a refusal ever goes unlogged.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI}`);
});
"""


def watch_for_violations(page) -> list[str]:
    violations: list[str] = []
    page.add_init_script(REPORT_VIOLATIONS)
    page.on(
        "console",
        lambda message: (
            violations.append(message.text)
            if "Content Security Policy" in message.text or "CSP violation" in message.text
            else None
        ),
    )
    return violations


def directives(policy: str) -> dict[str, str]:
    """The policy's directives by name; django-csp writes them in no fixed order."""
    named = (part.strip().partition(" ") for part in policy.split(";") if part.strip())
    return {name: value.strip() for name, _, value in named}


@pytest.mark.parametrize("slug", GAMES)
def test_the_game_and_history_pages_work_under_the_content_security_policy(
    new_page, make_user, slug
):
    rules = games.get(slug)
    players = max(rules.min_players, min(3, rules.max_players))
    users = [make_user(name) for name in ("ann", "ben", "cat", "dan", "eve")[:players]]
    game = started_game(users, slug)
    mover = user_at(game, game.to_act[0]).username
    page = new_page()
    violations = watch_for_violations(page)
    log_in(page, mover, f"pw-{mover}")

    response = page.goto(f"/games/{game.pk}/")
    assert directives(response.headers["content-security-policy"])["script-src"] == "'self'"
    before = panel_seq(page)
    page.evaluate("window.stillTheSamePage = true")
    assert click_a_move(page, random.Random(slug))
    assert panel_seq(page) == before + 1
    assert page.evaluate("window.stillTheSamePage === true"), "htmx swapped nothing: a full load"
    game.refresh_from_db()
    assert game.moves.filter(source="web").count() == 1

    page.goto(f"/games/{game.pk}/history/")
    assert page.get_attribute("#history-now", "data-seq") == str(game.seq)
    page.evaluate("window.stillTheSamePage = true")
    page.locator("input[type=range]").fill("0")
    page.wait_for_function("() => document.querySelector('#history-now').dataset.seq === '0'")
    assert page.inner_text(".seq-out") == "0"
    assert page.evaluate("window.stillTheSamePage === true"), "the slider loaded a whole page"

    assert violations == []
