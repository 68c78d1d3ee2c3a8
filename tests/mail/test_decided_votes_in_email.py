"""A decided vote is told in each player's next email, in their language, in a part of its
own (not again among the lines since their last turn): the player it concerned, who never
voted, hears of a vote that passed at once."""

from __future__ import annotations

import pytest

from tabletop.accounts.models import Preferences
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at


@pytest.fixture
def pair(make_user) -> Game:
    return started_game([make_user("ann"), make_user("ben")])


def next_email(game: Game, seat: int, kind: str = "turn") -> str:
    row = Outbox.objects.filter(kind=kind, seat=seat, channel="email").latest("pk")
    return compose(row).body


def test_a_vote_passed_at_once_is_in_the_next_email_of_the_player_it_concerns(pair):
    late = pair.to_act[0]
    caller = user_at(pair, 1 - late)
    store.call_vote(pair, caller, "extend", {"days": 2, "seat": late}, Move.Source.WEB)
    name = user_at(pair, late).username
    told = f"The vote to give {name} 2 more days for this turn passed."
    text = next_email(pair, late)
    assert f"Votes decided since your last move:\n  - {told}\n" in text
    assert text.count(told) == 1  # not among the lines since their last turn too


def test_the_caller_hears_of_it_in_their_next_turn_email_and_then_no_more(pair):
    late = pair.to_act[0]
    caller = 1 - late
    store.call_vote(
        pair, user_at(pair, caller), "extend", {"days": 1, "seat": late}, Move.Source.WEB
    )
    pair.refresh_from_db()
    while caller not in pair.to_act:
        step = pair.rules.legal_moves(pair.state, pair.to_act[0])[0]
        store.submit(pair, user_at(pair, pair.to_act[0]), step, pair.seq, Move.Source.WEB)
        pair.refresh_from_db()
    assert "1 more day for this turn passed." in next_email(pair, caller)
    step = pair.rules.legal_moves(pair.state, caller)[0]
    store.submit(pair, user_at(pair, caller), step, pair.seq, Move.Source.WEB)
    # Both have stepped since: told once, it is not told again.
    assert "Votes decided" not in next_email(pair, late)
    assert "Votes decided" not in next_email(pair, caller)


def test_a_decided_vote_is_told_in_the_players_language(pair):
    late = pair.to_act[0]
    Preferences.objects.update_or_create(user=user_at(pair, late), defaults={"language": "pl"})
    caller = user_at(pair, 1 - late)
    store.call_vote(pair, caller, "extend", {"days": 1, "seat": late}, Move.Source.WEB)
    name = user_at(pair, late).username
    text = next_email(pair, late)
    assert "Głosowania rozstrzygnięte od twojego ostatniego ruchu:" in text
    assert f"Głosowanie, czy dać graczowi {name} 1 dzień więcej na tę turę, przeszło." in text
