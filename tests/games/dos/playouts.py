"""DOS's own laws in the random playouts of tests/games/test_playouts.py: whole matches,
every card accounted for at every step, and no view depends on another hand or on the deck."""

from __future__ import annotations

import json
from collections import Counter

from games import Rng
from games.dos import rules
from games.dos.cards import DECK_COUNT, sort_cards
from games.dos.view import view
from tests.helpers.playout import Playouts

PLAYOUTS = [Playouts(games=100), Playouts(games=20, options={"target": 100})]
# The first games of a batch are also played out with every hidden card dealt anew at every
# step, for every viewer: the dearest check, so on a few games only.
VIEWS_CHECKED_GAMES = 5


def cards_in_play(state: dict) -> list[str]:
    """Every face-up or held card: hands, centre row, this turn's matches, penalty, discard."""
    placed = list(state["discard"]) + list(state["centre"])
    for hand in state["hands"]:
        placed += hand
    turn = state["turn"]
    placed += turn["penalty"]
    for made in turn["matches"]:
        placed += [made["target"], *made["cards"]]
    return placed


def all_108_cards_accounted_for(state: dict) -> None:
    placed = cards_in_play(state)
    assert not Counter(placed) - DECK_COUNT, "a card exists more often than the deck holds it"
    assert len(placed) + state["deck_size"] == 108, "a card was lost or invented"
    assert len(rules.deck_cards(state)) == state["deck_size"]
    if rules.is_over(state):
        return
    assert len(state["centre"]) + len(state["turn"]["matches"]) >= 2 or (
        state["turn"]["phase"] != "start"
    ), "the centre row starts every turn with two cards or more"
    assert all(hand == sorted(hand, key=rules.ORDER.__getitem__) for hand in state["hands"])


def redistribute_hidden_cards(state: dict, viewer: int, rng: Rng) -> dict:
    """The same position as far as `viewer` can tell: the cards they cannot see dealt anew."""
    other = json.loads(json.dumps(state))
    turn = other["turn"]
    hidden = list(rules.deck_cards(state))
    for seat, hand in enumerate(other["hands"]):
        if seat != viewer:
            hidden += hand
    if turn["seat"] != viewer:
        hidden += turn["penalty"]
    rng.shuffle(hidden)
    for seat, hand in enumerate(other["hands"]):
        if seat != viewer:
            other["hands"][seat] = [hidden.pop() for _ in hand]
            sort_cards(other["hands"][seat])
    if turn["seat"] != viewer:
        turn["penalty"] = [hidden.pop() for _ in turn["penalty"]]
        sort_cards(turn["penalty"])
    assert len(hidden) == state["deck_size"]
    return other


def views_hide_what_they_should(state: dict, rng: Rng) -> None:
    if rules.is_over(state):
        return
    for viewer in [None, *range(len(state["players"]))]:
        seen = view(state, viewer)
        other = redistribute_hidden_cards(state, viewer, rng)
        assert view(other, viewer) == seen, f"seat {viewer} sees a hidden card"
        if viewer is not None:
            assert seen["hand"] == state["hands"][viewer]


class Checks:
    def __init__(self, players: int, options: dict | None) -> None:
        self.target = (options or {}).get("target", 200)
        self.redealer = Rng(f"hidden-{players}")

    def step(self, n: int, state: dict) -> None:
        all_108_cards_accounted_for(state)
        if n < VIEWS_CHECKED_GAMES:
            views_hide_what_they_should(state, self.redealer)

    def finished(self, finals: list[dict]) -> None:
        for final in finals:
            assert self.target <= max(final["scores"]) < 200 + self.target
            assert final["scores"][final["winner"]] == max(final["scores"])
            assert sum(final["round_points"]) == sum(final["scores"])
