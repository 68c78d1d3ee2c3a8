"""No page shows a seat's hidden cards to anyone else.

Every page (game page, its live panel, the history at several moves, the dashboard) is read as
each seat, as a logged-in player without a seat and as an anonymous visitor, at several points of
a game of every kind. Two checks on each page:

- The cards drawn on the page are exactly the cards that viewer may see at that move, counted
  from the rules *state* (not from the view the page was built from): the public zones plus the
  viewer's own hand. A page showing another seat's hand, the deck or the talon shows more.
- No log line that the rules tell only to its mover (what they drew, which doctor they chose...)
  appears on another viewer's page.
"""

from __future__ import annotations

import copy
import html as entities
import re
from collections import Counter

import pytest

import games
from games.dr_gomb import cards as gomb_cards
from tabletop.play import store
from tabletop.play.models import Game
from tabletop.web import pages
from tests.helpers.factories import play_random_steps, started_game

CARD = re.compile(r'data-card="([^"]*)"(?: data-count="(\d+)")?')


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def shown_cards(html: str) -> Counter:
    shown = Counter()
    for card, count in CARD.findall(html):
        shown[card] += int(count or 1)
    return shown


# ---------------------------------------------------------------------------- what each viewer
# may see, per game, counted from the state


def gazobu_visible(state: dict, viewer: int | None) -> Counter:
    seen = Counter(card for column in state["columns"] for card in column)
    seen.update(state["drawn"])
    if viewer is not None:
        seen.update(state["hands"][viewer])
    return seen


def dos_visible(state: dict, viewer: int | None) -> Counter:
    seen = Counter(state["centre"])
    for match in (state["turn"] or {}).get("matches", []):
        seen.update([*match["cards"], match["target"]])
    if viewer is not None:
        seen.update(state["hands"][viewer])
    return seen


def dr_gomb_visible(state: dict, viewer: int | None, *, tops_named: bool = True) -> Counter:
    named, open_cards = gomb_cards.NAME_OF, state["mode"] == "basic"

    def shown(code: str, number_seen: bool) -> str:
        return named[code] if open_cards or number_seen else gomb_cards.COLOUR_NAME[code[0]]

    def on_top(code: str) -> str:  # broken and surprise buttons are always named
        return shown(
            code, tops_named or gomb_cards.KIND_OF[code] in (gomb_cards.BROKEN, gomb_cards.SURPRISE)
        )

    seen = Counter()
    for sequences in state["sequences"]:
        for sequence in sequences.split("/"):
            *covered, top = gomb_cards.cards(sequence) or [None]
            seen.update(shown(code, False) for code in covered)
            seen.update([on_top(top)] if top else [])
    seen.update(named[pile[-2:]] for pile in state["piles"] if pile)
    if viewer == state["turn"]:
        seen.update(on_top(code) for code in gomb_cards.cards(state["held"]))
    seen.update(named[code] for code in gomb_cards.cards(state["breaking"]))
    for code in gomb_cards.cards(state["out"]):
        seen[named[code] if open_cards or code[1] == "!" else gomb_cards.COLOUR_NAME[code[0]]] += 1
    return seen


def dr_hrubec_visible(state: dict, viewer: int | None) -> Counter:
    seen = Counter(card for team in state["teams"] for card in team)
    seen.update(card for card in state["tables"] if card)
    seen.update(state["waiting"])
    seen.update(card for pile in state["cured"] for card in pile)
    seen.update(card for pile in state["morgue"] for card in pile)
    seen.update(state["discard"][-1:])
    if state["ongoing"]:
        seen[state["ongoing"]] += 1
    if viewer is not None:
        seen.update(state["hands"][viewer])
    return seen


def buttons_visible(state: dict, viewer: int | None) -> Counter:
    return Counter()  # Buttons has no cards to hide; its boards are public


VISIBLE = {
    "gazobu": gazobu_visible,
    "dos": dos_visible,
    "dr_gomb": dr_gomb_visible,
    "dr_hrubec": dr_hrubec_visible,
    "buttons": buttons_visible,
}


def visible_then(slug: str, past: dict, now: dict, viewer: int | None) -> Counter:
    """What an earlier position shows today. In Dr. Gomb's normal mode a number seen then may be
    covered by now, so an earlier position that does not look like today's shows the tops and
    the hand by colour only (RULINGS: covered numbers stay secret in history too)."""
    if slug != "dr_gomb" or past["mode"] == "basic":
        return VISIBLE[slug](past, viewer)
    rules = games.get(slug)
    looks_like_now = rules.view(past, viewer) == rules.view(now, viewer)
    return dr_gomb_visible(past, viewer, tops_named=looks_like_now)


# ---------------------------------------------------------------------------- the log


def log_as_read_by(game: Game, viewer: int | None) -> tuple[list[str], list[str]]:
    """The lines `viewer` may read, and the other seats' own lines that tell them more.

    A line the rules tell its mover differently from everyone else (what they drew, the doctor
    they chose) is private: another seat's version of it must never reach this viewer.
    """
    rules = game.rules
    readable, private = [], []
    for move, before, after in store.history(game):
        if move.payload == store.RESIGN:
            continue
        readable.append(rules.describe(before, move.seat, move.payload, after, viewer))
        for other in range(game.players):
            if other == viewer:
                continue
            told = rules.describe(before, move.seat, move.payload, after, other)
            if told not in (
                rules.describe(before, move.seat, move.payload, after, None),
                readable[-1],
            ):
                private.append(told)
    # Told in the second person, two moves can read alike ("You place the Yoo under column
    # 1."); a line the viewer may read anyway gives nothing away.
    return readable, [line for line in private if not any(line in own for own in readable)]


def state_at(game: Game, seq: int) -> dict:
    return copy.deepcopy(store.replay(game, upto=seq))


# ---------------------------------------------------------------------------- the walk


def check_page(html: str, expected: Counter, private: list[str], where: str) -> None:
    assert shown_cards(html) == expected, where
    text = entities.unescape(html)
    for line in private:
        assert line not in text, f"{where} shows another seat's own log line: {line}"


TABLES = [(rules.slug, {}) for rules in pages.available_games()]
if "dr_gomb" in games.slugs() and pages.rules_for("dr_gomb"):
    # Normal mode hides the numbers under each sequence's top card from everyone.
    TABLES.append(("dr_gomb", {"mode": "normal"}))


@pytest.mark.parametrize(("slug", "options"), TABLES)
def test_no_page_shows_another_seats_hidden_cards(client, make_user, slug, options):
    rules = games.get(slug)
    users = [make_user(f"{slug[:4]}{n}") for n in range(min(3, rules.max_players))]
    outsider = make_user(f"{slug[:4]}watcher")
    game = started_game(users, slug, options)
    readers = [*((seat, user) for seat, user in enumerate(users)), (None, outsider), (None, None)]

    checked = 0
    for steps in (0, 4, 12, 25):
        game = play_random_steps(game, steps, seed=f"secrets-{slug}-{steps}")
        if game.status != Game.Status.ACTIVE:
            break
        earlier = game.seq // 2
        for viewer, user in readers:
            client.logout()
            if user is not None:
                client.force_login(user)
            now = VISIBLE[slug](state_at(game, game.seq), viewer)
            pages_to_read = {
                f"/games/{game.pk}/": now,
                f"/games/{game.pk}/panel/": now,
                f"/games/{game.pk}/history/": now,
                f"/games/{game.pk}/history/?seq={earlier}": visible_then(
                    slug, state_at(game, earlier), state_at(game, game.seq), viewer
                ),
                "/": Counter(),
            }
            readable, private = log_as_read_by(game, viewer)
            for url, expected in pages_to_read.items():
                html = client.get(url).content.decode()
                check_page(html, expected, private, f"{slug} {url} as {user or 'a visitor'}")
                assert game.seed not in html, "the seed stays secret until the game is over"
                checked += 1
            history = entities.unescape(client.get(f"/games/{game.pk}/history/").content.decode())
            assert all(line in history for line in readable), "the log as this viewer reads it"
    assert checked >= 3 * len(readers) * 5


def test_a_finished_game_shows_every_hand_and_the_seed(client, make_user):
    game = started_game([make_user("fin1"), make_user("fin2")], "gazobu")
    game = play_random_steps(game, 500, seed="to-the-end")
    assert game.is_over
    html = client.get(f"/games/{game.pk}/history/").content.decode()
    assert game.seed in html
    for hand in game.state["hands"]:
        for card in hand:
            assert f'data-card="{card}"' in html
