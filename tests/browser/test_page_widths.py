"""No page is wider than the screen: at 320, 390 and 768 px every page type, logged in and
out, in every game, fits without scrolling sideways."""

from __future__ import annotations

import pytest

import games
from tabletop.play import store
from tabletop.play.autoplay import play_bot_steps
from tabletop.web import pages
from tests.browser.conftest import log_in
from tests.helpers.factories import started_game, user_at

# The two sweeps over every page type are a lane of their own, so that the other worker can
# take them: all the browser tests in one group would make theirs the longest lane of the run.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser-pages")]

GAMES = [rules.slug for rules in pages.available_games()]
NAMES = ("ann", "ben", "cat")
WIDTHS = (320, 390, 768)

# How much wider than the window the page is, and the elements that stick out on the right
# (the outermost ones, so one wide table is named once, not with every cell in it).
OVERFLOW = """() => {
  const width = window.innerWidth;
  const sticking = [];
  for (const element of document.body.querySelectorAll("*")) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.right <= width + 1) continue;
    if (sticking.some((outer) => outer.contains(element))) continue;
    sticking.push(element);
  }
  const classes = (e) => (typeof e.className === "string" ? e.className.trim() : "")
    .split(/\\s+/).filter(Boolean).map((c) => "." + c).join("");
  const name = (e) => `${e.tagName.toLowerCase()}${e.id ? "#" + e.id : ""}${classes(e)}`
    + ` right ${Math.round(e.getBoundingClientRect().right)}`;
  return {
    scrollWidth: document.documentElement.scrollWidth,
    sticking: sticking.slice(0, 4).map(name),
  };
}"""


def measure(page, path: str, found: dict[str, str]) -> None:
    """Load the page once and measure it at every width."""
    page.set_viewport_size({"width": WIDTHS[0], "height": 800})
    page.goto(path)
    page.wait_for_load_state()
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 800})
        seen = page.evaluate(OVERFLOW)
        if seen["scrollWidth"] > width:
            found[f"{path} at {width} px"] = f"{seen['scrollWidth']} px wide: " + ", ".join(
                seen["sticking"]
            )


def tables_of_every_game(users) -> list[tuple]:
    """(game in play, finished game) of every kind, for three players where the game allows."""
    tables = []
    for slug in GAMES:
        rules = games.get(slug)
        seated = users[: max(rules.min_players, min(3, rules.max_players))]
        playing = play_bot_steps(started_game(seated, slug), games.Rng(f"{slug}-widths"), 6)
        finished = play_bot_steps(started_game(seated, slug), games.Rng(f"{slug}-widths-end"))
        tables.append((playing, finished))
    return tables


def test_no_page_is_wider_than_a_phone_or_a_tablet(new_page, make_user):
    users = [make_user(name) for name in NAMES]
    tables = tables_of_every_game(users)
    private = store.create_game(users[0], "dos", 2, {}, private=True, fill_with_bots=True)
    forming = store.create_game(users[0], "gazobu", 3, {})
    found: dict[str, str] = {}

    visitor = new_page()
    for path in ("/", "/accounts/signup/", "/accounts/login/", "/games/open/", "/games/archive/"):
        measure(visitor, path, found)
    for slug in GAMES:
        measure(visitor, f"/rules/{slug}/", found)
    measure(visitor, "/players/ann/", found)
    measure(visitor, f"/ratings/{GAMES[0]}/", found)
    for playing, finished in tables:
        measure(visitor, f"/games/{playing.pk}/", found)
        measure(visitor, f"/games/{finished.pk}/history/", found)

    players = {}
    for name in NAMES:
        players[name] = new_page()
        log_in(players[name], name, f"pw-{name}")
    ann = players["ann"]
    for path in (
        "/",
        "/games/new/",
        "/games/new/?game=dr_hrubec",
        "/settings/",
        "/games/archive/",
        "/players/ann/",
        f"/games/{forming.pk}/",
        f"/games/{private.pk}/",
        f"/games/{private.pk}/webhook/",
    ):
        measure(ann, path, found)
    for playing, finished in tables:
        mover = user_at(playing, playing.to_act[0]).username if playing.to_act else "ann"
        measure(players[mover], f"/games/{playing.pk}/", found)
        measure(ann, f"/games/{finished.pk}/", found)
        measure(ann, f"/games/{finished.pk}/history/?seq={finished.seq // 2}", found)
        measure(ann, f"/games/{finished.pk}/fork/?seq={finished.seq // 2}", found)

    assert not found, "\n".join(f"{where}: {what}" for where, what in found.items())


def test_no_tournament_page_is_wider_than_a_phone_or_a_tablet(new_page, make_user, monkeypatch):
    from tabletop.tournaments import rounds
    from tests.helpers.tournaments import finish_round, signed_up

    monkeypatch.setattr("tabletop.web.tournaments.LISTED", 1)  # the list's pager shows
    org = make_user("organiser-with-a-long-name")
    field = [make_user(f"player-with-a-long-name-{n}") for n in range(5)]
    shape = {"format": "swiss", "rounds": 2, "table_size": 2, "max_players": 8}
    open_cup = signed_up(org, field[:1], "dos", **shape)
    signed_up(org, field[1:2], "dos", **shape)
    running = rounds.start_tournament(signed_up(org, field, "dos", **shape), org)
    finish_round(running)
    found: dict[str, str] = {}

    organiser = new_page()
    log_in(organiser, org.username, f"pw-{org.username}")
    for path in (
        "/tournaments/",
        "/tournaments/?signup=2",
        "/tournaments/new/",
        "/tournaments/new/?game=dos",
        f"/tournaments/{open_cup.pk}/",
        f"/tournaments/{running.pk}/",
    ):
        measure(organiser, path, found)

    assert not found, "\n".join(f"{where}: {what}" for where, what in found.items())
