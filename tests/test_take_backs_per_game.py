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
from tests.factories import started_game, user_at

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
