"""A running game ended from outside its table (a tournament round's deadline): scored as it
stands, logged as one system step that replays, told in every reader's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from tabletop.play import scores, store
from tabletop.play.models import Game, LogLine
from tests.helpers.factories import play_random_steps, started_game

pytestmark = pytest.mark.django_db


def test_an_adjudicated_game_ends_scored_as_it_stands_and_replays(make_user):
    game = play_random_steps(started_game([make_user("ann"), make_user("ben")], "dos"), 6)
    standing = [game.rules.standing(game.state, seat) for seat in range(2)]
    assert store.adjudicate(game.pk, store.ROUND_DEADLINE)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.to_act == []
    assert game.outcome["scores"] == standing
    assert game.outcome["details"] == {"adjudicated": store.ROUND_DEADLINE}
    last = game.moves.last()
    assert last.payload == {"kind": "adjudicated", "how": "scored", "reason": "round-deadline"}
    line = game.log_lines.get(seq=last.seq, viewer=LogLine.EVERYONE)
    assert "deadline passed" in line.text
    assert store.verify(game) == []


def test_adjudicating_a_game_that_is_over_does_nothing(make_user):
    game = started_game([make_user("ann"), make_user("ben")], "dos")
    assert store.adjudicate(game.pk)
    seq = Game.objects.get(pk=game.pk).seq
    assert not store.adjudicate(game.pk)
    assert Game.objects.get(pk=game.pk).seq == seq


def test_the_score_explained_says_the_round_deadline_ended_it_in_polish(make_user):
    game = started_game([make_user("ann"), make_user("ben")], "dos")
    store.adjudicate(game.pk)
    game.refresh_from_db()
    with translation.override("pl"):
        explained = scores.explain(game, ["ann", "ben"])
    assert "Termin rundy turnieju minął" in " ".join(explained.sentences)


def test_a_seat_handed_to_the_bot_plays_on_and_handing_it_twice_changes_nothing(make_user):
    game = started_game([make_user("ann"), make_user("ben")], "dos")
    waiting = game.to_act[0]
    assert store.hand_seat_to_bot(game.pk, waiting)
    game.refresh_from_db()
    assert waiting not in game.to_act or game.is_over
    assert game.seq > 0
    assert not store.hand_seat_to_bot(game.pk, waiting)
