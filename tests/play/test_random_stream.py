"""Randomness comes only from the secret seed, and steps that draw nothing cannot steer it.

Under random scheme 2 the k-th step that draws anything draws from the k-th rng of the game's
stream; a standing order, a chat or a vote in between changes no die and no card. Games
started under scheme 1 (every step had the rng of its seq) keep it and replay as they were.
"""

from __future__ import annotations

import json

import pytest

import games
from tabletop.play import store
from tabletop.play.export import export, rerun
from tabletop.play.models import Game, Move
from tests.helpers.factories import play_random_steps, started_game, user_at


@pytest.fixture
def players(make_user):
    return [make_user("ann"), make_user("ben")]


def buttons_game_at_a_roll(players) -> Game:
    """A started Buttons game whose active player is about to roll."""
    game = started_game(players, "buttons", {"layout": "1a"})
    assert game.state["phase"] == "turn"
    return game


def roll_after(game: Game, free_orders: list[str]) -> dict:
    """The dice of the active player's roll after the other seat logs `free_orders` first."""
    active = game.state["active"]
    other = 1 - active
    for order in free_orders:
        store.submit(game, user_at(game, other), {"kind": "order", "order": order}, None, "api")
    game.refresh_from_db()
    store.submit(game, user_at(game, active), {"kind": "roll"}, None, "api")
    game.refresh_from_db()
    return game.state["roll"]


def twin_games(players, make_user, scheme: int = 2) -> tuple[Game, Game]:
    """Two Buttons games with the same (fixed) secret seed, for players of the same names."""
    first = buttons_game_at_a_roll(players)
    second = buttons_game_at_a_roll([make_user("cat"), make_user("dan")])
    second.seats.filter(position=0).update(user=first.seats.get(position=0).user)
    second.seats.filter(position=1).update(user=first.seats.get(position=1).user)
    seed = "a fixed seed, so that the comparison under scheme 1 is no gamble"
    Game.objects.filter(pk__in=[first.pk, second.pk]).update(
        seed=seed, seed_sha256=games.seed_digest(seed), random_scheme=scheme, random_events=0
    )
    for game in (first, second):
        store.rebuild_projection(Game.objects.get(pk=game.pk))
    return Game.objects.get(pk=first.pk), Game.objects.get(pk=second.pk)


def test_new_games_draw_from_the_stream_of_random_events(players):
    game = started_game(players, "buttons")
    assert game.random_scheme == games.LATEST_RANDOM_SCHEME == 2
    assert game.random_events == 1  # the deal at setup


def test_a_standing_order_before_a_roll_does_not_change_the_dice(players, make_user):
    plain, ordered = twin_games(players, make_user)
    assert plain.state == ordered.state
    dice = roll_after(plain, [])
    # Peek, change an order, peek again: under scheme 1 each free step gave other dice.
    assert roll_after(ordered, ["take", "decline", "ask"]) == dice


def test_under_scheme_1_free_steps_changed_the_dice(players, make_user):
    """The hole scheme 2 closes, kept as a witness: old games still behave so."""
    plain, ordered = twin_games(players, make_user, scheme=1)
    assert roll_after(plain, []) != roll_after(ordered, ["take", "decline", "ask"])


def test_steps_that_draw_nothing_do_not_advance_the_stream(players):
    game = buttons_game_at_a_roll(players)
    other = 1 - game.state["active"]
    before = game.random_events
    store.submit(game, user_at(game, other), {"kind": "order", "order": "take"}, None, "api")
    game.refresh_from_db()
    assert game.random_events == before
    store.submit(game, user_at(game, game.state["active"]), {"kind": "roll"}, None, "api")
    game.refresh_from_db()
    assert game.random_events == before + 1


def test_a_game_started_under_scheme_1_keeps_its_dice_and_replays(players):
    """An old game (from before scheme 2) still draws step n from the rng of seq n."""
    game = buttons_game_at_a_roll(players)
    Game.objects.filter(pk=game.pk).update(random_scheme=1, random_events=0)
    store.rebuild_projection(Game.objects.get(pk=game.pk))
    game = Game.objects.get(pk=game.pk)
    scheme_1_setup = game.rules.setup(["ann", "ben"], game.options, games.step_rng(game.seed, 0))
    assert game.state == scheme_1_setup
    dice = roll_after(game, [])
    expected = game.rules.apply(
        scheme_1_setup, game.state["active"], {"kind": "roll"}, games.step_rng(game.seed, 1)
    )
    assert dice == expected["roll"]
    play_random_steps(game, 40)
    assert store.verify(Game.objects.get(pk=game.pk)) == []


@pytest.mark.parametrize("scheme", [1, 2])
def test_the_downloaded_log_names_its_scheme_and_replays_with_the_rules_alone(players, scheme):
    game = started_game(players, "dos")
    Game.objects.filter(pk=game.pk).update(random_scheme=scheme)
    store.rebuild_projection(Game.objects.get(pk=game.pk))
    game = play_random_steps(Game.objects.get(pk=game.pk), 10_000, seed="to the end")
    game.refresh_from_db()
    assert game.is_over
    document = json.loads(json.dumps(export(game)))
    assert document["random_scheme"] == scheme
    assert rerun(document) == []


def test_verify_log_notices_a_random_event_count_that_differs(players):
    game = play_random_steps(started_game(players, "gazobu"), 6)
    Game.objects.filter(pk=game.pk).update(random_events=99)
    problems = store.verify(Game.objects.get(pk=game.pk))
    assert "random_events differs from the replay" in problems
    store.rebuild_projection(Game.objects.get(pk=game.pk))
    assert store.verify(Game.objects.get(pk=game.pk)) == []


def test_a_refused_step_draws_nothing_from_the_stream(players):
    game = buttons_game_at_a_roll(players)
    before = game.random_events
    with pytest.raises(store.Refused):
        store.submit(game, user_at(game, game.state["active"]), {"kind": "lay"}, None, "api")
    game.refresh_from_db()
    assert game.random_events == before
    assert not Move.objects.filter(game=game).exists()
