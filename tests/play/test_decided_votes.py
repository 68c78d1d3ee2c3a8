"""Every decided vote (passed at once, passed, failed, expired) is a line of the log that
everyone at the table reads, the player it concerns and anyone watching included; and it is
what each player has to hear of until their next step."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tabletop.play import ballots, store
from tabletop.play.models import Game, LogLine, Move, Vote
from tests.helpers.factories import started_game, user_at


@pytest.fixture
def pair(make_user) -> Game:
    return started_game([make_user("ann"), make_user("ben")])


@pytest.fixture
def trio(make_user) -> Game:
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")])


def result_lines(game: Game) -> dict[int | None, list[str]]:
    """Each reader's lines of the votes' results."""
    found: dict[int | None, list[str]] = {}
    for row in LogLine.objects.filter(game=game, move__payload__kind="vote-result"):
        found.setdefault(row.viewer, []).append(row.text)
    return found


def test_a_vote_passed_at_once_is_a_line_every_reader_reads(pair):
    late = pair.to_act[0]
    caller = user_at(pair, 1 - late)
    vote = store.call_vote(pair, caller, "extend", {"days": 2, "seat": late}, Move.Source.WEB)
    assert vote.result == "passed"
    name = user_at(pair, late).username
    told = f"The vote to give {name} 2 more days for this turn passed."
    assert result_lines(pair) == {0: [told], 1: [told], None: [told]}


def test_a_failed_vote_is_a_line_every_reader_reads(trio):
    vote = store.call_vote(trio, user_at(trio, 0), "end", {"how": "scored"}, Move.Source.WEB)
    store.answer_vote(trio, user_at(trio, 2), vote.pk, False, Move.Source.WEB)
    told = "The vote to end the game now, scored as it stands failed."
    assert result_lines(trio) == {0: [told], 1: [told], 2: [told], None: [told]}


def test_an_expired_vote_is_a_line_every_reader_reads(trio):
    vote = store.call_vote(trio, user_at(trio, 0), "end", {"how": "scored"}, Move.Source.WEB)
    assert store.close_expired_votes(vote.expires + timedelta(minutes=1)) == 1
    told = "The vote to end the game now, scored as it stands expired undecided."
    assert result_lines(trio) == {0: [told], 1: [told], 2: [told], None: [told]}


def test_a_decided_vote_waits_to_be_heard_of_until_the_players_next_step(pair):
    late = pair.to_act[0]
    caller = user_at(pair, 1 - late)
    store.call_vote(pair, caller, "extend", {"days": 1, "seat": late}, Move.Source.WEB)
    pair.refresh_from_db()
    (decided,) = ballots.decided_since_own_step(pair, late)
    assert decided.result == Vote.Result.PASSED and decided.question["seat"] == late
    step = pair.rules.legal_moves(pair.state, late)[0]
    store.submit(pair, user_at(pair, late), step, pair.seq, Move.Source.WEB)
    assert ballots.decided_since_own_step(pair, late) == []
    assert ballots.waiting_for(user_at(pair, late)) == []
