"""Every game: a take-back either goes back to exactly the position before the step, with the
same draws to come, or is refused with the reason; never a different random outcome."""

from __future__ import annotations

from collections import Counter

import pytest

import games
from games.bots import random_move
from games.dr_hrubec.cards import name as hrubec_card_name
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at

SLUGS = ["gazobu", "dos", "dr_gomb", "buttons", "dr_hrubec"]


def step(game: Game, chooser: games.Rng) -> tuple[int, dict]:
    seat = chooser.choice(game.to_act)
    move = random_move(game.rules, game.state, seat, chooser)
    store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    return seat, move


@pytest.mark.parametrize("slug", SLUGS)
def test_taking_back_and_replaying_the_same_steps_gives_the_same_draws(make_user, slug):
    game = started_game([make_user("ann"), make_user("ben"), make_user("cat")], slug=slug)
    chooser = games.Rng(f"take-backs {slug}")
    taken, refused = 0, 0
    for _ in range(150):
        if not game.to_act:
            break
        before, events = games.canonical(game.state), game.random_events
        seat, move = step(game, chooser)
        if not game.to_act:
            break
        after, events_after = games.canonical(game.state), game.random_events
        try:
            store.take_back(game, user_at(game, seat), game.seq, Move.Source.WEB)
        except store.Refused as refusal:
            refused += 1
            assert "cannot be taken back" in str(refusal) or "agreement" in str(refusal)
            continue
        game.refresh_from_db()
        taken += 1
        assert events_after == events, "a step that drew was taken back"
        assert games.canonical(game.state) == before
        store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
        game.refresh_from_db()
        assert games.canonical(game.state) == after
    assert taken + refused
    assert taken, "no step of the game could ever be taken back"
    assert store.verify(game) == []


def card_drawn(game: Game, seat: int, before: dict) -> list[str]:
    """The ways a log line or a message could name the card the seat just drew."""
    if game.slug == "dr_gomb":
        return [game.rules.view(game.state, seat)["held"][0]]
    new = Counter(game.state["hands"][seat]) - Counter(before["hands"][seat])
    return [card for slug in new for card in (slug, hrubec_card_name(slug))]


@pytest.mark.parametrize("slug", ["dr_gomb", "dr_hrubec"])
def test_a_refused_take_back_never_says_what_the_step_showed(make_user, slug):
    refusals = set()
    for n in range(3):
        game = started_game([make_user(f"ann{n}"), make_user(f"ben{n}")], slug=slug)
        seat, before = game.to_act[0], game.state
        store.submit(game, user_at(game, seat), {"kind": "draw"}, game.seq, Move.Source.WEB)
        game.refresh_from_db()
        with pytest.raises(store.Refused) as refusal:
            store.take_back(game, user_at(game, seat), game.seq, Move.Source.WEB)
        told = str(refusal.value)
        assert "cannot be taken back" in told
        assert not any(card.lower() in told.lower() for card in card_drawn(game, seat, before))
        refusals.add(told)
    assert len(refusals) == 1, "the refusal reads differently for different cards"


def take_pile_1_then_discard_to_pile_2(game: Game) -> tuple[int, str]:
    """The first player takes pile 1's top and discards it onto pile 2 (a misclick); the
    position before the discard, as the store projected it."""
    seat = game.to_act[0]
    store.submit(game, user_at(game, seat), {"kind": "take", "pile": 1}, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    before = games.canonical(game.state)
    card = game.rules.view(game.state, seat)["held"][0]
    discard = {"kind": "discard", "card": card, "pile": 2}
    store.submit(game, user_at(game, seat), discard, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    return seat, before


def test_a_dr_gomb_card_taken_from_a_pile_and_misplaced_can_be_taken_back(make_user):
    game = started_game([make_user("ann"), make_user("ben")], slug="dr_gomb")
    assert game.rules_version == game.rules.version == 2
    seat, before = take_pile_1_then_discard_to_pile_2(game)
    store.take_back(game, user_at(game, seat), game.seq, Move.Source.WEB)
    game.refresh_from_db()
    assert games.canonical(game.state) == before
    assert game.to_act == [seat]
    assert store.verify(game) == []


def test_a_dr_gomb_game_started_under_version_1_keeps_its_misplaced_pile_card(make_user):
    """Its positions do not say where the card in hand came from."""
    ann, ben = make_user("ann"), make_user("ben")
    game = store.create_game(ann, "dr_gomb", 2, {})
    Game.objects.filter(pk=game.pk).update(rules_version=1)
    store.join_game(game, ben)
    game.refresh_from_db()
    assert "held_from" not in game.state and "version" not in game.state
    seat, _ = take_pile_1_then_discard_to_pile_2(game)
    with pytest.raises(store.Refused, match="cannot be taken back"):
        store.take_back(game, user_at(game, seat), game.seq, Move.Source.WEB)
    assert store.verify(game) == []
