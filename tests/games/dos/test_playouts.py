"""DOS played out by random bots: whole matches, every card accounted for, nothing leaked."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games import Rng
from games.dos import rules
from games.dos.cards import DECK_COUNT, sort_cards
from games.dos.view import view
from tests.helpers.playout import play_random_games


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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_hundred_random_matches_to_200_points_end_with_every_card_accounted_for(players):
    finals = play_random_games("dos", players, 300, None, all_108_cards_accounted_for)
    for final in finals:
        assert max(final["scores"]) >= 200
        assert final["scores"][final["winner"]] == max(final["scores"])
        assert sum(final["round_points"]) == sum(final["scores"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_matches_to_100_points_stop_at_the_lower_target(players):
    finals = play_random_games("dos", players, 20, {"target": 100}, all_108_cards_accounted_for)
    assert all(100 <= max(final["scores"]) < 200 + 100 for final in finals)


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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_view_depends_on_another_hand_or_on_the_deck(players):
    rng = Rng(f"hidden-{players}")

    def views_hide_what_they_should(state: dict) -> None:
        all_108_cards_accounted_for(state)
        if rules.is_over(state):
            return
        for viewer in [None, *range(players)]:
            seen = view(state, viewer)
            other = redistribute_hidden_cards(state, viewer, rng)
            assert view(other, viewer) == seen, f"seat {viewer} sees a hidden card"
            if viewer is not None:
                assert seen["hand"] == state["hands"][viewer]

    play_random_games("dos", players, 5, None, views_hide_what_they_should, detailed=0)
