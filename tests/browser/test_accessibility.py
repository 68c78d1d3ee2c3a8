"""axe-core finds nothing wrong on any page type, at desktop and phone widths (WCAG 2.2 AA)."""

from __future__ import annotations

import pytest

import games
from tabletop.accounts import blocks, deletion
from tabletop.mail import subscriptions
from tabletop.mail.models import TableWebhook
from tabletop.play import chat, reports, store
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.models import Move
from tabletop.web import pages
from tests.browser.colours import contrast
from tests.browser.conftest import DESKTOP, PHONE, log_in
from tests.helpers.factories import started_game, user_at

# The two sweeps over every page type are a lane of their own, so that the other worker can
# take them: all the browser tests in one group would make theirs the longest lane of the run.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-pages")]

GAMES = [rules.slug for rules in pages.available_games()]
NAMES = ("ann", "ben", "cat")
# Every WCAG 2.0, 2.1 and 2.2 A and AA rule, and axe's best practices (headings in order,
# landmarks), whatever their impact.
AXE_OPTIONS = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
    "resultTypes": ["violations"],
}


def axe_violations(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page, options=AXE_OPTIONS)
    found = []
    for violation in results.response["violations"]:
        for node in violation["nodes"]:
            found.append(f"{violation['id']} ({violation['impact']}): {describe(node)}")
    return found


def describe(node: dict) -> str:
    """Where, and for a contrast failure the two colours and their ratio."""
    data = next((check["data"] for check in node["any"] if check.get("data")), None)
    if isinstance(data, dict) and "contrastRatio" in data:
        colours = f"{data['fgColor']} on {data['bgColor']} is {data['contrastRatio']}:1"
        return f"{node['target']} {colours} {node['html'][:120]}"
    return f"{node['target']} {node.get('failureSummary', '')[:200]} {node['html'][:120]}"


def check(page, path: str, found: dict[str, list[str]]) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(path)
    page.wait_for_load_state()
    check_here(page, path, found)


def check_here(page, where: str, found: dict[str, list[str]]) -> None:
    """The page as it is now, at both widths."""
    for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        page.set_viewport_size(viewport)
        problems = axe_violations(page) + [
            f"same name: {same}" for same in page.evaluate(SAME_NAMES)
        ]
        if viewport is PHONE:
            problems += [f"small target: {target}" for target in page.evaluate(SMALL_TARGETS)]
        if problems:
            found[f"{where} at {name}"] = problems


# Buttons with the same name on one page: a screen reader user cannot tell them apart.
SAME_NAMES = """() => {
  const names = new Map();
  const controls = "main button, main a[href], main input, main select";
  for (const control of document.querySelectorAll(controls)) {
    if (control.closest("[hidden]") || control.type === "hidden") continue;
    const name = (control.getAttribute("aria-label") || control.innerText || control.value || "")
      .replace(/\\s+/g, " ").trim();
    const where = control.getAttribute("value") || control.getAttribute("href") || name;
    if (!names.has(name)) names.set(name, new Set());
    names.get(name).add(where);
  }
  return [...names].filter(([, wheres]) => wheres.size > 1).map(([name, wheres]) =>
    `${name} (${wheres.size} different controls)`);
}"""


# Controls smaller than 44 by 44 CSS pixels at phone width. Links inside running text are
# exempt (WCAG's inline exception); a checkbox or radio is as big as the label that holds it.
SMALL_TARGETS = """() => {
  const small = [];
  const controls = "button, a.button, .topnav a, nav a, input:not([type=hidden]), select, summary";
  for (const control of document.querySelectorAll(controls)) {
    const label = control.closest("label")
      || (control.id && document.querySelector(`label[for="${control.id}"]`));
    const target = ["checkbox", "radio"].includes(control.type) && label ? label : control;
    const box = target.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(target).visibility === "hidden") {
      continue;
    }
    if (box.width < 44 || box.height < 44) {
      const name = (control.getAttribute("aria-label") || control.innerText || control.name || "")
        .replace(/\\s+/g, " ").trim().slice(0, 40);
      small.push(`${control.tagName.toLowerCase()}.${control.className} "${name}" `
        + `${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}"""


def games_in_play_and_finished(users) -> list[tuple]:
    """(game in play, finished game) of every kind, for three players where the game allows."""
    tables = []
    for slug in GAMES:
        rules = games.get(slug)
        seated = users[: max(rules.min_players, min(3, rules.max_players))]
        playing = play_bot_steps(started_game(seated, slug), games.Rng(f"{slug}-a11y"), 4)
        finished = play_bot_steps(started_game(seated, slug), games.Rng(f"{slug}-end"))
        tables.append((playing, finished))
    return tables


def test_every_page_type_has_no_axe_violations_at_desktop_and_phone_widths(new_page, make_user):
    users = [make_user(name) for name in NAMES]
    tables = games_in_play_and_finished(users)
    found: dict[str, list[str]] = {}

    visitor = new_page()
    for path in ("/accounts/signup/", "/accounts/login/", "/", "/games/open/"):
        check(visitor, path, found)
    for slug in GAMES:
        check(visitor, f"/rules/{slug}/", found)
    check(visitor, subscriptions.unsubscribe_link(users[0]).split("8000", 1)[-1], found)
    visitor.set_viewport_size(DESKTOP)
    visitor.click("text=Unsubscribe >> nth=-1")
    visitor.wait_for_selector("text=Undo")
    check_here(visitor, "unsubscribed", found)
    visitor.set_viewport_size(DESKTOP)
    visitor.click("text=Undo")
    visitor.wait_for_selector("text=Email is back on")
    check_here(visitor, "resubscribed", found)

    players = {}
    for name in NAMES:
        players[name] = new_page()
        log_in(players[name], name, f"pw-{name}")
    ann = players["ann"]
    for path in ("/", "/games/new/", "/games/new/?game=gazobu", "/games/open/", "/settings/"):
        check(ann, path, found)
    forming = store.create_game(users[0], "gazobu", 3, {})
    check(ann, f"/games/{forming.pk}/", found)
    for playing, finished in tables:
        mover = user_at(playing, playing.to_act[0]).username if playing.to_act else "ann"
        check(players[mover], f"/games/{playing.pk}/", found)
        check(ann, f"/games/{finished.pk}/", found)
        check(ann, f"/games/{finished.pk}/history/?seq={finished.seq // 2}", found)
    # An Undo that cannot be taken says why (a draw showed cards); the rules opened from a
    # game lead back to it and offer a game against the computer.
    drawn = started_game(users[:2])
    drawer = user_at(drawn, drawn.to_act[0])
    store.submit(drawn, drawer, {"kind": "draw"}, drawn.seq, "web")
    check(players[drawer.username], f"/games/{drawn.pk}/", found)
    check(ann, f"/rules/gazobu/?from={drawn.pk}", found)
    # The records of finished games, a fork's seating and a table's webhooks (ann's and another's).
    finished = tables[0][1]
    for seat in tables[0][0].seats.select_related("user"):
        TableWebhook.objects.create(
            game=tables[0][0], owner=seat.user, set_by=seat.user, url="https://chat.example.com/h"
        )
    for path in (
        "/games/archive/",
        "/players/ann/",
        f"/ratings/{finished.slug}/",
        f"/games/{finished.pk}/fork/?seq={finished.seq // 2}",
        f"/games/{tables[0][0].pk}/webhook/",
        # The page the emailed link to delete an account opens (opening it deletes nothing).
        deletion.deletion_link(users[0]).split("8000", 1)[-1],
    ):
        check(ann, path, found)
    # A vote waiting for ann's answer (at the top of her game page and on her dashboard), under
    # the notice of one the table decided.
    voting = started_game(users)
    decided = store.call_vote(voting, users[1], "end", {"how": "scored"}, Move.Source.WEB)
    store.answer_vote(voting, users[2], decided.pk, False, Move.Source.WEB)
    store.call_vote(voting, users[1], "end", {"how": "abandoned"}, Move.Source.WEB)
    # Table talk with its report buttons, and a line a moderator hid.
    chat.post(voting, users[1], "good luck", Move.Source.WEB)
    reports.hide(chat.post(voting, users[2], "rude", Move.Source.WEB), users[0])
    check(ann, f"/games/{voting.pk}/", found)
    check(ann, "/", found)
    # Blocking: the button on another player's page, then the block listed on the settings
    # page and the note where the blocked player's talk was.
    check(ann, "/players/ben/", found)
    talking = started_game(users[:2])
    chat.post(talking, users[1], "hello", Move.Source.WEB)
    blocks.block(users[0], users[1])
    for path in ("/players/ben/", "/settings/", f"/games/{talking.pk}/"):
        check(ann, path, found)

    assert not found, "\n".join(
        f"{where}:\n  " + "\n  ".join(problems) for where, problems in found.items()
    )


def dos_game_with_a_catch(users):
    """A DOS game in which someone ended a turn on two cards without calling: the others may
    catch them (random play gets there within a few dozen steps)."""
    rules = games.get("dos")
    game = started_game(users, "dos")
    rng = games.Rng("catch")
    for _ in range(300):
        catchers = [
            seat
            for seat in range(len(users))
            if any(m["kind"] == "catch" for m in rules.legal_moves(game.state, seat))
        ]
        if catchers:
            return game, catchers[0]
        game = play_bot_steps(game, rng, 1)
    raise AssertionError("no catch came up")


def test_the_dos_catch_button_is_seen_on_the_table(new_page, make_user):
    users = [make_user("ann"), make_user("ben")]
    game, catcher = dos_game_with_a_catch(users)
    name = user_at(game, catcher).username
    page = new_page()
    log_in(page, name, f"pw-{name}")
    page.goto(f"/games/{game.pk}/")

    catch = page.locator("#panel button", has_text="no DOS!")
    assert catch.is_visible()
    text, background = catch.evaluate(
        "b => [getComputedStyle(b).color, getComputedStyle(b).backgroundColor]"
    )
    assert contrast(text, background) >= 4.5, (text, background)
    assert axe_violations(page) == []


def test_the_tournament_pages_have_no_axe_violations_at_desktop_and_phone_widths(
    new_page, make_user, monkeypatch
):
    from tabletop.tournaments import rounds
    from tests.helpers.tournaments import finish_round, signed_up

    # One to a page, so the organiser's list pages on in two of its kinds at once.
    monkeypatch.setattr("tabletop.web.tournaments.LISTED", 1)
    org, ann, ben, cat = (make_user(name) for name in ("org", "ann", "ben", "cat"))
    shape = {"format": "swiss", "rounds": 2, "table_size": 2, "max_players": 8}
    open_cup = signed_up(org, [ann], "dos", **shape)
    running = rounds.start_tournament(signed_up(org, [ann, ben, cat], "dos", **shape), org)
    rounds.start_tournament(signed_up(org, [ben, cat], "dos", **shape), org)
    finished = rounds.start_tournament(signed_up(org, [ann, ben], "dos", **shape), org)
    finish_round(finished)
    finish_round(finished)
    private = signed_up(org, [ben], "dos", private=True, **shape)
    found: dict[str, list[str]] = {}

    visitor = new_page()
    for path in ("/tournaments/", f"/tournaments/{open_cup.pk}/", f"/tournaments/{private.pk}/"):
        check(visitor, path, found)
    organiser, player = new_page(), new_page()
    log_in(organiser, "org", "pw-org")
    log_in(player, "ann", "pw-ann")
    for path in (
        "/tournaments/",
        "/tournaments/?signup=2&running=2",
        "/tournaments/new/",
        "/tournaments/new/?game=dos",
        f"/tournaments/{open_cup.pk}/",
        f"/tournaments/{running.pk}/",
        f"/tournaments/{finished.pk}/",
    ):
        check(organiser, path, found)
    for path in (f"/tournaments/{open_cup.pk}/", f"/tournaments/{running.pk}/"):
        check(player, path, found)
    player.set_viewport_size(DESKTOP)
    player.get_by_text("Withdraw…").click()
    check_here(player, "the withdrawal's confirmation", found)
    check(player, f"/tournaments/{private.pk}/", found)

    assert not found, "\n".join(
        f"{where}:\n  " + "\n  ".join(problems) for where, problems in found.items()
    )
