"""A finished game is told in the third person: every reader of its log (the moves API, the
history page, the game-over email) reads who moved by name, never "You", with nothing hidden.
During play the others read the mover's name; only the mover may read "You"."""

from __future__ import annotations

import html
import re

import pytest

import games
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import history, store
from tabletop.play.models import LogLine
from tabletop.web import pages
from tests.helpers.factories import play_random_steps, started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

SLUGS = [rules.slug for rules in pages.available_games()]
SECOND_PERSON = re.compile(r"\b[Yy]ou(r)?\b")
NAMES = ("ann", "ben", "cat")


def finished(make_user, slug: str):
    rules = games.get(slug)
    users = [make_user(name) for name in NAMES[: rules.min_players]]
    game = started_game(users, slug)
    while not game.is_over:
        game = play_random_steps(game, 200, seed=f"third-{slug}-{game.seq}")
    return game


def names_of(game) -> list[str]:
    return [user_at(game, seat).username for seat in range(game.players)]


def whole_log(client, game) -> list[dict]:
    """Every line of the log through the moves API, page after page (`Link: rel="next"`): a
    random DOS game can run past the 1,000 lines of the largest page."""
    lines, url = [], f"/api/games/{game.pk}/moves/?limit=1000"
    while url:
        response = client.get(url)
        lines += response.json()
        following = re.match(r'<([^>]+)>; rel="next"', response.get("Link", ""))
        url = following.group(1) if following else None
    return lines


def assert_third_person(line: dict, names: list[str]) -> None:
    assert not SECOND_PERSON.search(line["text"]), line
    assert names[line["seat"]] in line["text"], line


@pytest.mark.parametrize("slug", SLUGS)
def test_the_moves_api_tells_a_finished_game_in_the_third_person_to_everyone(
    make_user, client, slug
):
    game = finished(make_user, slug)
    names = names_of(game)
    client.force_login(user_at(game, 0))
    told = whole_log(client, game)
    assert len(told) == game.seq
    for line in told:
        assert_third_person(line, names)
    # The same lines for everyone; only the times differ (a reader's own steps to the
    # microsecond, everyone else's to the minute).
    client.force_login(user_at(game, 1))
    assert without_times(whole_log(client, game)) == without_times(told)
    client.logout()
    assert without_times(whole_log(client, game)) == without_times(told)


def without_times(lines: list[dict]) -> list[dict]:
    return [{key: value for key, value in line.items() if key != "created"} for line in lines]


@pytest.mark.parametrize("slug", SLUGS)
def test_the_history_page_and_the_game_over_email_name_every_mover(make_user, client, slug):
    game = finished(make_user, slug)
    names = names_of(game)
    lines = history.lines(game, None)
    client.force_login(user_at(game, 0))
    # The page lists the log around the step it shows: step through it a window at a time.
    for seq in range(0, game.seq + 1, 2 * pages.HISTORY_AROUND):
        page = client.get(f"/games/{game.pk}/history/?seq={seq}").content.decode()
        log = page[page.index('id="history-log"') :]
        shown = lines[max(0, seq - pages.HISTORY_AROUND) : seq + pages.HISTORY_AROUND]
        for line in shown:
            assert html.escape(line["text"], quote=True) in log
        assert not SECOND_PERSON.search(log)
    for row in Outbox.objects.filter(kind=Outbox.Kind.GAME_OVER, game=game):
        body = compose(row).body
        ended = body[body.index("How it ended:") : body.index("\nFinal scores:\n")]
        for line in lines[-5:]:
            assert_third_person(line, names)
            assert line["text"] in ended
        assert not SECOND_PERSON.search(ended)


@pytest.mark.parametrize("slug", SLUGS)
def test_during_play_the_others_read_the_movers_name(make_user, client, slug):
    rules = games.get(slug)
    users = [make_user(name) for name in NAMES[: rules.min_players]]
    game = play_random_steps(started_game(users, slug), 12, seed=f"during-{slug}")
    assert not game.is_over
    names = names_of(game)
    for reader in range(game.players):
        for line in history.lines(game, reader):
            if line["seat"] != reader:
                # "you" may still be the reader ("Everyone else draws 1 card (you draw...)").
                assert names[line["seat"]] in line["text"], line
                assert not re.match(r"You\b", line["text"]), line


def test_in_gazobu_only_the_mover_reads_you_while_the_game_goes_on(make_user):
    game = play_random_steps(started_game([make_user("ann"), make_user("ben")]), 6, "you")
    mover = history.lines(game, 0)[0]["seat"]
    assert history.lines(game, mover)[0]["text"].startswith("You ")
    other = history.lines(game, 1 - mover)[0]["text"]
    assert other.startswith(f"{names_of(game)[mover]} ")


@pytest.mark.parametrize("slug", SLUGS)
def test_outside_callers_get_the_lines_they_always_got(make_user, slug):
    """A seat or None is told as before: the store keeps exactly those lines for them, and
    the line told to everyone is a line of its own, written as the game ended."""
    game = finished(make_user, slug)
    rules = game.rules
    stored = {(line.seq, line.viewer): line.text for line in LogLine.objects.filter(game=game)}
    for move, before, after in store.history(game):
        for viewer in store.viewers(game):
            expected = store.tell(game, move, before, after, viewer)
            assert stored[(move.seq, viewer)] == expected
        if move.payload != store.RESIGN:
            everyone = rules.describe(before, move.seat, move.payload, after, games.EVERYONE)
            assert stored[(move.seq, LogLine.EVERYONE)] == everyone


def test_a_finished_games_lines_are_verified_and_rebuilt_like_the_others(make_user):
    game = finished(make_user, "gazobu")
    assert store.verify(game) == []
    LogLine.objects.filter(game=game, seq=2, viewer=LogLine.EVERYONE).update(text="a lie")
    assert store.verify(game) == [
        "the log lines differ from the replay (1 differ, 0 missing, 0 extra)"
    ]
    store.rebuild_projection(game)
    assert store.verify(game) == []
    LogLine.objects.filter(game=game, viewer=LogLine.EVERYONE).delete()
    # Readers tell it by replay meanwhile, just as the lines would.
    assert history.lines(game, 0)[1]["text"] != "a lie"
    assert "missing" in store.verify(game)[0]


def test_a_resignation_that_ends_the_game_is_told_to_everyone_alike(make_user, client):
    game = play_random_steps(started_game([make_user("ann"), make_user("ben")], "dos"), 5)
    store.resign(game, user_at(game, 1), "web")
    game.refresh_from_db()
    assert game.is_over
    told = [line["text"] for line in history.lines(game, None)]
    assert told == [line["text"] for line in history.lines(game, 0)]
    assert told[-1] == "ben resigned."
    assert store.verify(game) == []
