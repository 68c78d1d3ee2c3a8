"""Chromium through Playwright against pytest-django's live server.

The browser tests skip when /usr/bin/chromium is missing, and fail then under REQUIRE_SERVICES=1
(tests/conftest.py's need()). Screenshots go to artifacts/ at the top of the project.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import need

# Playwright's sync API keeps an event loop running in this thread; the ORM calls the tests make
# between page actions are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
PASSWORD = "a-long-table-password"


def chromium_present() -> bool:
    return os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)


@pytest.fixture(scope="session")
def browser() -> Iterator:
    need("Chromium (/usr/bin/chromium)", chromium_present())
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def new_page(browser, live_server):
    """Pages in their own browser contexts (one per player), closed after the test."""
    contexts = []

    def open_page(viewport: dict = DESKTOP, javascript: bool = True):
        context = browser.new_context(
            viewport=viewport, base_url=live_server.url, java_script_enabled=javascript
        )
        context.set_default_timeout(15_000)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def screenshots(page, name: str) -> None:
    """The page at desktop and at phone width."""
    page.set_viewport_size(DESKTOP)
    screenshot(page, f"{name}-desktop")
    page.set_viewport_size(PHONE)
    screenshot(page, f"{name}-phone")
    page.set_viewport_size(DESKTOP)


def sign_up(page, name: str) -> None:
    page.goto("/accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_email", f"{name}@example.com")
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.click("form.stacked button")
    page.wait_for_url(re.compile(r".*/$"))


def log_in(page, name: str, password: str) -> None:
    page.goto("/accounts/login/")
    page.fill("#id_username", name)
    page.fill("#id_password", password)
    page.click("form.stacked button")
    page.wait_for_url(re.compile(r".*/$"))


def panel_seq(page) -> int:
    return int(page.get_attribute("#panel", "data-seq"))


def move_buttons(page, avoid: tuple[str, ...] = ()) -> list:
    """The plain move buttons, those the move picker hides included (not its Play button)."""
    buttons = page.locator('#panel button[name="move"]:not([data-picker-play])').all()
    return [
        b for b in buttons if not any(word in (b.get_attribute("value") or "") for word in avoid)
    ]


def click_a_move(page, rng: random.Random, avoid=(), prefer=()) -> bool:
    """Click one of the move controls on the page; True once the page shows the new position.

    Moves whose JSON holds one of `prefer` are taken when there are any, so that a short test
    reaches the interesting part of a game (cards on the table rather than in the discards).
    """
    buttons = move_buttons(page, avoid)
    if not buttons:
        return False
    preferred = [b for b in buttons if any(w in (b.get_attribute("value") or "") for w in prefer)]
    buttons = preferred or buttons
    before = panel_seq(page)
    chosen = rng.choice(buttons)
    if chosen.is_visible():
        chosen.click()
    else:
        pick(page, chosen.get_attribute("value"))
    page.wait_for_function(
        f"() => {{ const p = document.querySelector('#panel');"
        f" return p && (Number(p.dataset.seq) > {before} || p.querySelector('.refusal'))"
        " && !(window.htmx && p.querySelector('#picker:not([data-ready])')); }"
    )
    assert page.locator("#panel .refusal").count() == 0, page.inner_text("#panel .refusal")
    return True


def picker_moves(page) -> list[dict]:
    """The moves the page's move picker offers (tabletop/web/pickers/), or []."""
    return page.evaluate(
        """() => { const block = document.getElementById("picker-data");
        return block ? JSON.parse(block.textContent).moves : []; }"""
    )


def still_to_pick(page, keys: list[str]) -> list[str]:
    """The keys of a move not yet picked (a part every legal move needs starts picked)."""
    left = list(keys)
    pressed = page.eval_on_selector_all(
        '#picker .picker-part[aria-pressed="true"]', "parts => parts.map(p => p.dataset.key)"
    )
    for key in pressed:
        left.remove(key)
    return left


def pick(page, value: str) -> None:
    """Make the move whose JSON is `value` through the move picker: click its parts, set the
    DOS call and the wild card's naming when asked, check the preview, press Play."""
    move = next(m for m in picker_moves(page) if m["value"] == value)
    for key in still_to_pick(page, move["keys"]):
        page.locator(
            f'#picker .picker-part[aria-pressed="false"][data-key="{key}"]:enabled'
        ).first.click()
    call = page.locator("#picker .picker-call input")
    if call.is_visible() and call.is_enabled():
        call.set_checked(move["call"])
    naming = page.locator("#picker .picker-choice select")
    if naming.is_visible():
        naming.select_option(move["choice"])
    play = page.locator("#picker [data-picker-play]")
    assert play.get_attribute("value") == value
    assert page.inner_text("#picker .picker-preview") == move["preview"]
    play.click()


def play_through_pages(pages: list, moves: int, rng: random.Random, avoid=(), prefer=()) -> int:
    """Up to `moves` moves by whoever the pages offer controls to; returns how many were made.

    A page behind the latest position is reloaded first, as its poll would do a moment later.
    """
    made = idle = 0
    latest = max(panel_seq(page) for page in pages)
    while made < moves:
        moved = False
        for page in pages:
            if panel_seq(page) < latest:
                page.reload()
            if click_a_move(page, rng, avoid, prefer):
                made += 1
                latest = panel_seq(page)
                moved = True
                break
        if moved:
            idle = 0
            continue
        if any(page.locator(".banner-over").count() for page in pages):
            break
        idle += 1
        assert idle < 3, "no page offers a move, yet the game is not over"
        for page in pages:
            page.reload()
    return made
