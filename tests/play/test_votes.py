"""Votes at the table: a question put to the players, decided by a majority of those it does
not concern (all of them to end the game), logged, and carried out through the store."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import clock, store, timeouts
from tabletop.play.models import Game, Move, Vote
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]


@pytest.fixture
def table(make_user) -> Game:
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")])


def waiting(game: Game) -> int:
    return game.to_act[0]


def others(game: Game, seat: int) -> list[int]:
    return [s for s in range(game.players) if s != seat]


def test_extending_a_deadline_passes_on_a_majority_of_the_others(table):
    late = waiting(table)
    caller, second = others(table, late)
    deadline = table.seats.get(position=late).deadline
    vote = store.call_vote(
        table, user_at(table, caller), "extend", {"days": 3, "seat": late}, Move.Source.WEB
    )
    assert vote.voters == [caller, second] and vote.yes == [caller] and vote.is_open
    store.answer_vote(table, user_at(table, second), vote.pk, True, Move.Source.WEB)
    vote.refresh_from_db()
    assert vote.result == "passed"
    assert table.seats.get(position=late).deadline == deadline + timedelta(days=3)
    texts = [line["text"] for line in store_lines(table)]
    assert f"{user_at(table, caller).username} asks the table to give " in texts[0]
    assert texts[-1].startswith("The vote to give") and texts[-1].endswith("passed.")
    assert store.verify(Game.objects.get(pk=table.pk)) == []


def store_lines(game: Game) -> list[dict]:
    from tabletop.play import history

    game.refresh_from_db()
    return history.lines(game, None)


def test_the_player_a_vote_concerns_cannot_answer_it(table, frozen):
    late = waiting(table)
    frozen.past_deadline(table, late)
    caller = others(table, late)[0]
    vote = store.call_vote(
        table, user_at(table, caller), "replace", {"seat": late}, Move.Source.WEB
    )
    with pytest.raises(store.NotASeat, match="about you"):
        store.answer_vote(table, user_at(table, late), vote.pk, False, Move.Source.WEB)


def test_replacing_an_absent_player_lets_the_bot_play_their_turn(table, frozen):
    late = waiting(table)
    frozen.past_deadline(table, late)
    caller, second = others(table, late)
    vote = store.call_vote(
        table, user_at(table, caller), "replace", {"seat": late}, Move.Source.API
    )
    store.answer_vote(table, user_at(table, second), vote.pk, True, Move.Source.API)
    table.refresh_from_db()
    assert table.seats.get(position=late).is_bot
    assert table.moves.filter(seat=late, source=Move.Source.BOT).exists()
    assert late not in table.to_act or table.is_over
    assert store.verify(table) == []


def test_a_vote_fails_once_a_majority_can_no_longer_be_reached(table, frozen):
    late = waiting(table)
    frozen.past_deadline(table, late)
    caller, second = others(table, late)
    vote = store.call_vote(
        table, user_at(table, caller), "replace", {"seat": late}, Move.Source.WEB
    )
    store.answer_vote(table, user_at(table, second), vote.pk, False, Move.Source.WEB)
    vote.refresh_from_db()
    # One yes of two voters is no majority; the no decides it.
    assert vote.result == "failed"
    assert not table.seats.get(position=late).is_bot


def test_ending_the_game_needs_everyone(table):
    ann, ben, cat = (user_at(table, s) for s in range(3))
    vote = store.call_vote(table, ann, "end", {"how": "scored"}, Move.Source.WEB)
    store.answer_vote(table, ben, vote.pk, True, Move.Source.WEB)
    vote.refresh_from_db()
    assert vote.is_open
    store.answer_vote(table, cat, vote.pk, True, Move.Source.WEB)
    table.refresh_from_db()
    assert table.is_over
    assert table.outcome["details"]["ended_by_vote"] == "scored"
    assert table.to_act == []
    assert store.verify(table) == []


def test_an_abandoned_game_has_no_winner(table):
    users = [user_at(table, s) for s in range(3)]
    vote = store.call_vote(table, users[0], "end", {"how": "abandoned"}, Move.Source.WEB)
    for user in users[1:]:
        store.answer_vote(table, user, vote.pk, True, Move.Source.WEB)
    table.refresh_from_db()
    assert table.outcome["winners"] == []
    assert store.verify(table) == []


def test_a_vote_expires_after_its_own_deadline(table, frozen):
    late = waiting(table)
    frozen.past_deadline(table, late)
    caller = others(table, late)[0]
    vote = store.call_vote(
        table, user_at(table, caller), "replace", {"seat": late}, Move.Source.WEB
    )
    assert store.close_expired_votes(clock.now() + timedelta(days=store.VOTE_DAYS + 1)) == 1
    vote.refresh_from_db()
    assert vote.result == "expired"
    assert "expired undecided" in store_lines(table)[-1]["text"]


def test_bad_votes_are_refused_with_a_reason(table):
    ann = user_at(table, 0)
    cases = [
        ("extend", {"days": 9}, "1 to 7 days"),
        ("extend", {"days": "x"}, "whole number"),
        ("replace", {"seat": 7}, "does not exist"),
        ("end", {"how": "later"}, "scored"),
        ("surrender", {}, "one of"),
    ]
    for subject, details, reason in cases:
        with pytest.raises(store.Refused, match=reason):
            store.call_vote(table, ann, subject, details, Move.Source.WEB)
    assert table.moves.count() == 0


def test_a_second_vote_on_the_same_question_is_refused(table, frozen):
    late = waiting(table)
    frozen.past_deadline(table, late)
    caller = user_at(table, others(table, late)[0])
    store.call_vote(table, caller, "replace", {"seat": late}, Move.Source.WEB)
    with pytest.raises(store.Refused, match="voting on this already"):
        store.call_vote(table, caller, "replace", {"seat": late}, Move.Source.WEB)


def test_ask_the_table_opens_a_vote_at_the_deadline_instead_of_acting(make_user, frozen):
    game = started_game(
        [make_user("ann"), make_user("ben"), make_user("cat")], timeout_policy="table"
    )
    late = waiting(game)
    deadline = game.seats.get(position=late).deadline
    frozen.set(deadline + timedelta(minutes=1))
    assert timeouts.apply_due(clock.now()) == 1
    game.refresh_from_db()
    vote = Vote.objects.get(game=game)
    assert vote.subject == "replace" and vote.concerns == late and vote.is_open
    assert late in game.to_act  # nobody moved for them
    assert game.seats.get(position=late).deadline is None  # not due again meanwhile
    assert timeouts.apply_due(clock.now()) == 0
    told = Outbox.objects.get(kind=Outbox.Kind.TIMEOUT, seat=vote.voters[0])
    assert 'the table votes on letting a bot play their seat (reply "vote yes"' in " ".join(
        compose(told).body.split()
    )
    # The table says no: the late player gets another turn's time.
    for seat in vote.voters:
        try:
            store.answer_vote(game, user_at(game, seat), vote.pk, False, Move.Source.WEB)
        except store.Refused:
            break  # decided already
    assert game.seats.get(position=late).deadline is not None
    assert store.verify(Game.objects.get(pk=game.pk)) == []


def test_a_take_back_others_must_accept_is_put_to_them(make_user):
    game = started_game([make_user("ann"), make_user("ben")], slug="buttons")
    taker, other = played_until_someone_else_acted_unseen(game)
    with pytest.raises(store.NeedsAgreement):
        store.take_back(game, user_at(game, taker), game.seq, Move.Source.WEB)
    vote = store.call_vote(game, user_at(game, taker), "take-back", {}, Move.Source.WEB)
    assert vote.voters == [other]
    store.answer_vote(game, user_at(game, other), vote.pk, True, Move.Source.WEB)
    vote.refresh_from_db()
    assert vote.result == "passed"
    game.refresh_from_db()
    last = game.moves.get(seq=game.seq)
    assert last.payload["kind"] == "take-back" and last.source == Move.Source.VOTE
    assert store.verify(game) == []


def played_until_someone_else_acted_unseen(game: Game) -> tuple[int, int]:
    """Buttons steps until one seat's own step is followed by the other's, with nothing
    revealed since (the take-back then needs the other's agreement)."""
    import games
    from games.bots import random_move

    chooser = games.Rng("agreement")
    for _ in range(300):
        seat = chooser.choice(game.to_act)
        move = random_move(game.rules, game.state, seat, chooser)
        store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
        game.refresh_from_db()
        for taker in range(game.players):
            try:
                plan = store.plan_take_back(game, taker)
            except store.Refused:
                continue
            if plan.others:
                return taker, plan.others[0]
    raise AssertionError("no position where a take-back needs agreement")


def test_verify_log_notices_a_vote_that_differs_from_the_log(table):
    late = waiting(table)
    caller = others(table, late)[0]
    vote = store.call_vote(
        table, user_at(table, caller), "extend", {"days": 1, "seat": late}, Move.Source.WEB
    )
    table.refresh_from_db()
    assert store.verify(table) == []
    Vote.objects.filter(pk=vote.pk).update(yes=[], result="passed")
    assert "the votes differ from the log" in store.verify(table)


ROW_FIELDS = ("subject", "details", "caller", "concerns", "voters", "yes", "no", "result")


def vote_rows(game: Game) -> list[dict]:
    return list(game.votes.order_by("seq").values("seq", *ROW_FIELDS, "expires"))


def votes_of_every_kind(table: Game, frozen) -> list[Vote]:
    """A deadline extended (passed), the game's end asked (still open), a replacement refused."""
    late = waiting(table)
    caller, second = others(table, late)
    extend = store.call_vote(
        table, user_at(table, caller), "extend", {"days": 2, "seat": late}, Move.Source.WEB
    )
    store.answer_vote(table, user_at(table, second), extend.pk, True, Move.Source.API)
    end = store.call_vote(table, user_at(table, second), "end", {"how": "scored"}, "web")
    store.answer_vote(table, user_at(table, late), end.pk, True, Move.Source.EMAIL)
    frozen.past_deadline(table, late)
    replace = store.call_vote(table, user_at(table, second), "replace", {"seat": late}, "web")
    store.answer_vote(table, user_at(table, caller), replace.pk, False, Move.Source.WEB)
    table.refresh_from_db()
    return [Vote.objects.get(pk=vote.pk) for vote in (extend, end, replace)]


def test_verify_names_each_lost_or_altered_vote_and_rebuilding_restores_them_exactly(table, frozen):
    extend, end, replace = votes_of_every_kind(table, frozen)
    assert [extend.result, end.result, replace.result] == ["passed", "", "failed"]
    assert store.verify(table) == []
    as_played = vote_rows(table)
    # A corrupted projection (a bad manual edit); nothing in the service writes like this.
    extend.delete()
    Vote.objects.filter(pk=end.pk).update(
        voters=[0], no=[1], expires=end.expires + timedelta(days=5)
    )
    Vote.objects.create(
        game=table, seq=table.seq, subject="end", caller=0, expires=end.expires, details={}
    )
    problems = store.verify(table)
    assert "the votes differ from the log" in problems
    assert f"the vote called at move {extend.seq} has no Vote row" in problems
    altered = next(p for p in problems if p.startswith(f"the vote called at move {end.seq} "))
    assert all(field in altered for field in ("voters", "no", "expires"))
    assert "yes" not in altered and "result" not in altered
    assert f"the Vote row at move {table.seq} is no vote in the log" in problems
    assert not any(f"move {replace.seq}" in problem for problem in problems)

    store.rebuild_projection(table)
    assert vote_rows(table) == as_played
    assert Vote.objects.filter(pk=end.pk).exists(), "a rebuilt vote keeps its id"
    assert store.verify(table) == []


def test_a_vote_the_log_told_before_calls_carried_their_voters_still_verifies_and_rebuilds(
    table, frozen
):
    extend, *_ = votes_of_every_kind(table, frozen)
    call = table.moves.get(seq=extend.seq)
    older = {k: v for k, v in call.payload.items() if k not in ("voters", "expires")}
    Move.objects.filter(pk=call.pk).update(payload=older)  # as calls were logged at first
    assert store.verify(table) == []
    extend.delete()
    assert f"the vote called at move {extend.seq} has no Vote row" in store.verify(table)

    store.rebuild_projection(table)
    rebuilt = Vote.objects.get(game=table, seq=extend.seq)
    assert [getattr(rebuilt, field) for field in ROW_FIELDS] == [
        getattr(extend, field) for field in ROW_FIELDS
    ]
    assert abs(rebuilt.expires - extend.expires) < timedelta(minutes=1)
    assert store.verify(table) == []
