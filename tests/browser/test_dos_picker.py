"""The move picker in Chromium: a whole DOS round played through it, one Dr. Gomb placement by
mouse and keyboard, and the plain buttons for a browser without script."""

from __future__ import annotations

import json

import pytest

from tabletop.accounts.models import Preferences
from tabletop.play import store
from tests.browser.conftest import (
    log_in,
    panel_seq,
    picker_moves,
    screenshots,
    still_to_pick,
)
from tests.browser.test_csp import watch_for_violations

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

# Buttons outside the picker, in the order a player keen to go out would press them.
PLAIN_PREFERENCE = ('"kind":"catch"', '"kind":"dos"', '"kind":"end"', '"kind":"draw"')


def game_against_a_bot(user, slug: str, options: dict):
    game = store.create_game(user, slug, 2, options, fill_with_bots=True)
    game.refresh_from_db()
    return game


def wait_for_the_answer(page, before: int) -> None:
    page.wait_for_function(
        f"() => {{ const p = document.querySelector('#panel');"
        f" return p && (Number(p.dataset.seq) > {before} || p.querySelector('.refusal'))"
        " && !(window.htmx && p.querySelector('#picker:not([data-ready])')); }"
    )
    assert page.locator("#panel .refusal").count() == 0, page.inner_text("#panel .refusal")


def pressed_keys(page) -> list[str]:
    return page.eval_on_selector_all(
        '#picker .picker-part[aria-pressed="true"]', "parts => parts.map(p => p.dataset.key)"
    )


def enabled_keys(page) -> list[str]:
    return page.eval_on_selector_all(
        '#picker .picker-part[aria-pressed="false"]:not(:disabled)',
        "parts => parts.map(p => p.dataset.key)",
    )


def fits(move: dict, keys: list[str]) -> bool:
    needed = list(move["keys"])
    for key in keys:
        if key not in needed:
            return False
        needed.remove(key)
    return True


def assert_only_legal_parts_are_enabled(page, moves: list[dict]) -> None:
    picked = pressed_keys(page)
    enabled = set(enabled_keys(page))
    for key in {p for m in moves for p in m["keys"]}:
        possible = any(fits(m, [*picked, key]) for m in moves)
        assert (key in enabled) == possible, f"{key} after {picked}"


def best_dos_move(moves: list[dict]) -> dict:
    """The move a player keen to go out picks: most cards, a colour bonus, the call, a match
    before an add."""
    return max(
        (m for m in moves if m["best"]),
        key=lambda m: (len(m["keys"]), m["earns"], m["call"], "target:row" not in m["keys"]),
    )


def play_through_the_picker(page, move: dict, moves: list[dict]) -> None:
    """Click the move's parts (checking what stays enabled), leave the naming at its default
    and the call ticked, read the preview, press Play."""
    for key in still_to_pick(page, move["keys"]):
        page.locator(
            f'#picker .picker-part[aria-pressed="false"][data-key="{key}"]:enabled'
        ).first.click()
        assert_only_legal_parts_are_enabled(page, moves)
    naming = page.locator("#picker .picker-choice select")
    same_parts = [
        m for m in moves if sorted(m["keys"]) == sorted(move["keys"]) and m["call"] == move["call"]
    ]
    assert naming.is_visible() == (len(same_parts) > 1), "a naming asked that does not matter"
    if naming.is_visible():
        assert naming.input_value() == move["choice"], "the default naming earns no bonus"
    call = page.locator("#picker .picker-call input")
    if any(m["call"] for m in same_parts):
        assert call.is_visible() and call.is_checked()
    assert page.inner_text("#picker .picker-preview") == move["preview"]
    play = page.locator("#picker [data-picker-play]")
    assert play.get_attribute("value") == move["value"]
    play.click()


def test_a_whole_dos_round_through_the_move_picker(new_page, make_user):
    ann = make_user("ann")
    game = game_against_a_bot(ann, "dos", {"target": 100})
    page = new_page()
    violations = watch_for_violations(page)
    log_in(page, "ann", "pw-ann")
    page.goto(f"/games/{game.pk}/")
    first_round = game.state["round"]
    picked = 0
    shot = False
    for _ in range(600):
        game.refresh_from_db()
        # A round the bot wins at once leaves the picker little to do: then play on.
        if game.is_over or (game.state["round"] != first_round and picked >= 3):
            break
        before = panel_seq(page)
        moves = picker_moves(page)
        if moves:
            assert page.locator("#picker").is_visible()
            for value in {m["value"] for m in moves}:
                hidden = page.locator(f"#panel button[name=move][value='{value}']")
                assert not hidden.first.is_visible(), "the picker left a button it covers"
            if not shot and len(moves) > 6:
                screenshots(page, "dos-picker")
                shot = True
            play_through_the_picker(page, best_dos_move(moves), moves)
            picked += 1
        else:
            visible = [
                b
                for b in page.locator('#panel button[name="move"]').all()
                if b.is_visible() and not b.get_attribute("data-picker-play")
            ]
            assert visible, "neither the picker nor a button offers a move"
            values = [b.get_attribute("value") for b in visible]
            ranked = sorted(
                range(len(visible)),
                key=lambda n: next(
                    (i for i, kind in enumerate(PLAIN_PREFERENCE) if kind in values[n]), 99
                ),
            )
            visible[ranked[0]].click()
        wait_for_the_answer(page, before)
    game.refresh_from_db()
    assert game.is_over or game.state["round"] != first_round, "the round did not end"
    assert picked >= 3 or game.is_over
    web = [m.payload for m in game.moves.filter(source="web")]
    assert sum(m["kind"] in ("match", "add") for m in web) == picked
    assert violations == []


def test_a_dr_gomb_card_is_placed_through_the_move_picker_and_the_drawn_card_stays_picked(
    new_page, make_user
):
    ann = make_user("ann")
    game = game_against_a_bot(ann, "dr_gomb", {"mode": "basic"})
    page = new_page()
    violations = watch_for_violations(page)
    log_in(page, "ann", "pw-ann")
    page.goto(f"/games/{game.pk}/")
    for _ in range(10):
        moves = picker_moves(page)
        if moves:
            break
        # Draw; a drawn broken button that must take a card of its colour is a plain button.
        before = panel_seq(page)
        plain = page.locator('#panel button[name="move"]:not([data-picker-play]):visible')
        plain.first.click()
        wait_for_the_answer(page, before)
    assert moves, "a drawn card is placed through the picker"
    screenshots(page, "dr-gomb-picker")
    # The drawn card is in every move: it starts picked, and neither a click nor the keyboard
    # unpicks it; the hint says why and what is still missing.
    card = page.locator('#picker .picker-part[aria-pressed="true"]')
    assert card.count() == 1, "the one card to place starts picked"
    hint = page.locator("#picker .picker-hint")
    assert hint.inner_text().startswith("Now pick the")
    assert page.locator("#picker [data-picker-play]").is_disabled()
    card.click()
    assert card.get_attribute("aria-pressed") == "true"
    assert hint.inner_text().startswith(
        "Every move you can make uses this card, so it stays picked. Now pick the"
    )
    card.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    assert card.get_attribute("aria-pressed") == "true"
    move = next((m for m in moves if '"kind":"play"' in m["value"]), moves[0])
    target = next(key for key in move["keys"] if key.startswith("target:"))
    page.locator(f'#picker .picker-part[data-key="{target}"]').focus()
    page.keyboard.press("Space")
    assert hint.inner_text() == "Ready: read what the move does below, then press Play."
    before = panel_seq(page)
    page.locator("#picker [data-picker-play]").focus()
    page.keyboard.press("Enter")
    wait_for_the_answer(page, before)

    game.refresh_from_db()
    logged = game.moves.filter(source="web").order_by("seq").last()
    assert logged.payload == json.loads(move["value"])
    assert violations == []


def test_without_script_the_plain_buttons_stay(new_page, make_user):
    ann = make_user("ann")
    game = game_against_a_bot(ann, "dos", {"target": 100})
    page = new_page(javascript=False)
    log_in(page, "ann", "pw-ann")
    page.goto(f"/games/{game.pk}/")
    game.refresh_from_db()
    legal = game.rules.legal_moves(game.state, 0)
    assert not page.locator("#picker").is_visible()
    if any(move["kind"] == "match" for move in legal):
        assert page.locator("#picker").count() == 1, "the picker is there, waiting for script"
    visible = [b for b in page.locator('#panel button[name="move"]').all() if b.is_visible()]
    assert len(visible) == len(legal)
    matches = [b for b in visible if '"kind":"match"' in b.get_attribute("value")]
    before = panel_seq(page)
    (matches or visible)[0].click()
    page.wait_for_load_state()
    assert panel_seq(page) > before


def test_the_picker_speaks_the_players_language(new_page, make_user):
    ann = make_user("ann")
    Preferences.objects.update_or_create(user=ann, defaults={"language": "cs"})
    game = game_against_a_bot(ann, "dos", {"target": 100})
    page = new_page()
    log_in(page, "ann", "pw-ann")
    page.goto(f"/games/{game.pk}/")
    for _ in range(10):
        if picker_moves(page):
            break
        # Not ann's turn to match yet: draw or end the turn with a plain button.
        before = panel_seq(page)
        page.locator('#panel button[name="move"]:not([data-picker-play]):visible').first.click()
        wait_for_the_answer(page, before)
    assert page.locator("#picker").is_visible()
    assert page.inner_text("#picker [data-picker-play]") == "Zahrát"
    assert page.inner_text("#picker .picker-clear") == "Vymazat"
    show = page.locator("#picker .picker-show-list")
    assert show.inner_text() == "Ukázat každý tah jako tlačítko"
    show.click()
    assert show.inner_text() == "Skrýt seznam tahů"
    assert page.inner_text("#picker .picker-title") == "Přilož nebo přidej"
    page.locator("#picker .picker-clear").click()
    assert page.inner_text("#picker .picker-hint") in (
        "Vyber kartu z ruky.",
        "Vyber kartu z ruky, nebo dvě, jejichž čísla dají dohromady kartu uprostřed.",
    )
