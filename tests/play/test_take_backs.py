"""Take-backs: a player withdraws their latest steps while nothing new has been seen since.

The take-back is itself a logged step; replay skips what it withdrew, so the projection, the
log lines and the snapshots still equal a full replay, and the same steps played again draw
the same cards and dice.
"""

from __future__ import annotations

import copy
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

import games
from games import RandomStream
from games.bots import random_move
from tabletop.play import clock, export, history, store
from tabletop.play.models import Game, Move
from tests.helpers.factories import play_random_steps, started_game, user_at


def mover(game: Game):
    return user_at(game, game.to_act[0])


def play(game: Game, move: dict) -> None:
    store.submit(game, mover(game), move, game.seq, Move.Source.WEB)
    game.refresh_from_db()


def gazobu_turn_half_placed(make_user) -> tuple[Game, dict]:
    """A Gazobu game whose player to act drew two cards and placed one; and the position
    after the draw."""
    game = started_game([make_user("ann"), make_user("ben")])
    play(game, {"kind": "draw"})
    after_draw = copy.deepcopy(game.state)
    card = game.state["drawn"][0]
    play(game, {"kind": "place", "card": card, "column": 1})
    return game, after_draw


def test_a_placement_nobody_learned_from_is_taken_back_at_once(make_user):
    game, after_draw = gazobu_turn_half_placed(make_user)
    taker = mover(game)
    placed_at = game.seq
    store.take_back(game, taker, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    assert games.canonical(game.state) == games.canonical(after_draw)
    assert game.seq == placed_at + 1
    logged = game.moves.get(seq=game.seq)
    assert logged.payload == {"kind": "take-back", "withdraws": [placed_at]}
    assert store.verify(game) == []


def test_a_draw_is_refused_with_the_reason_and_nothing_is_logged(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    play(game, {"kind": "draw"})
    with pytest.raises(store.Refused, match="cannot be taken back: it brought a card"):
        store.take_back(game, mover(game), game.seq, Move.Source.WEB)
    assert game.moves.count() == 1


def test_taking_back_a_placement_and_placing_again_draws_the_same_cards(make_user):
    game, _ = gazobu_turn_half_placed(make_user)
    placed = game.moves.get(seq=game.seq).payload
    position, events = copy.deepcopy(game.state), game.random_events
    store.take_back(game, mover(game), game.seq, Move.Source.WEB)
    game.refresh_from_db()
    play(game, placed)
    assert games.canonical(game.state) == games.canonical(position)
    assert game.random_events == events
    # The rest of the game goes exactly as it would have without the take-back.
    expected = continue_in_memory(game, position, events, steps=12)
    play_random_steps(game, 12, seed="same")
    game.refresh_from_db()
    assert games.canonical(game.state) == games.canonical(expected)
    assert store.verify(game) == []


def continue_in_memory(game: Game, state: dict, events: int, steps: int) -> dict:
    """The steps play_random_steps takes, applied by the rules alone from `state`."""
    rules, state = game.rules, copy.deepcopy(state)
    stream = RandomStream(game.seed, game.random_scheme, events)
    chooser = games.Rng("same")
    for _ in range(steps):
        if not rules.to_act(state):
            break
        seat = chooser.choice(rules.to_act(state))
        move = random_move(rules, state, seat, chooser)
        rng = stream.rng_for(0)
        state = rules.apply(state, seat, copy.deepcopy(move), rng)
        stream.settle(rng)
    return state


def test_a_second_undo_reaching_a_draw_is_refused(make_user):
    game, _ = gazobu_turn_half_placed(make_user)
    store.take_back(game, mover(game), game.seq, Move.Source.WEB)
    game.refresh_from_db()
    with pytest.raises(store.Refused, match="cannot be taken back"):
        store.take_back(game, mover(game), game.seq, Move.Source.WEB)


def test_a_stale_undo_is_refused_with_the_current_seq(make_user):
    game, _ = gazobu_turn_half_placed(make_user)
    with pytest.raises(store.StaleMove) as refused:
        store.take_back(game, mover(game), game.seq - 1, Move.Source.WEB)
    assert refused.value.context["current_seq"] == game.seq


def test_a_player_with_no_move_of_their_own_has_nothing_to_take_back(make_user):
    game, _ = gazobu_turn_half_placed(make_user)
    other = user_at(game, 1 - game.to_act[0])
    with pytest.raises(store.Refused, match="no move of your own"):
        store.take_back(game, other, game.seq, Move.Source.WEB)


def test_the_history_strikes_the_withdrawn_step_and_names_who_took_it_back(make_user):
    game, _ = gazobu_turn_half_placed(make_user)
    placed_at = game.seq
    name = mover(game).username
    store.take_back(game, mover(game), game.seq, Move.Source.WEB)
    game.refresh_from_db()
    lines = {line["seq"]: line for line in history.lines(game, viewer=None)}
    assert lines[placed_at]["withdrawn_by"] == name
    assert lines[placed_at + 1]["text"] == f"{name} took back move {placed_at}."
    assert "withdrawn_by" not in lines[placed_at - 1] or not lines[placed_at - 1]["withdrawn_by"]


def test_a_take_back_does_not_restart_the_clock_of_the_turn(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    turn_began = game.started
    clock.set_now(turn_began + timedelta(days=2))
    try:
        play(game, {"kind": "draw"})
        card = game.state["drawn"][0]
        play(game, {"kind": "place", "card": card, "column": 1})
        play(game, {"kind": "place", "card": game.state["drawn"][0], "column": 2})
        mover_seat = game.moves.get(seq=game.seq).seat
        # The turn passed; taking back its last placement gives it back with the old clock.
        store.take_back(game, user_at(game, mover_seat), game.seq, Move.Source.WEB)
        seat = game.seats.get(position=mover_seat)
        assert seat.deadline == clock.deadline_for(turn_began, game.days_per_move, None)
    finally:
        clock.set_now(None)


def test_a_game_on_the_first_random_scheme_refuses_take_backs(make_user):
    game, _ = gazobu_turn_half_placed(make_user)
    Game.objects.filter(pk=game.pk).update(random_scheme=1)
    game.refresh_from_db()
    with pytest.raises(store.Refused, match="before take-backs existed"):
        store.take_back(game, mover(game), game.seq, Move.Source.WEB)


def test_a_take_back_across_a_snapshot_replays_like_the_log(make_user, monkeypatch):
    monkeypatch.setattr(store, "SNAPSHOT_EVERY", 2)
    game = started_game([make_user("ann"), make_user("ben")], slug="buttons")
    chooser = games.Rng("snapshots")
    for _ in range(200):  # until a person's undoable step lands on a snapshot
        seat = chooser.choice(game.to_act)
        move = random_move(game.rules, game.state, seat, chooser)
        store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
        game.refresh_from_db()
        if game.seq % 2 == 0 and store.can_take_back(game, seat):
            break
    assert game.snapshots.filter(seq=game.seq).exists()
    store.take_back(game, user_at(game, seat), game.seq, Move.Source.WEB)
    game.refresh_from_db()
    assert store.verify(game) == []
    assert games.canonical(store.replay(game)) == games.canonical(game.state)


def test_undo_checked_from_a_snapshot_agrees_with_the_full_replay(make_user, monkeypatch):
    monkeypatch.setattr(store, "SNAPSHOT_EVERY", 3)
    game = started_game([make_user("ann"), make_user("ben")], slug="buttons")
    chooser = games.Rng("snapshot agreement")
    checked = 0
    for _ in range(80):
        seat = chooser.choice(game.to_act)
        move = random_move(game.rules, game.state, seat, chooser)
        store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
        game.refresh_from_db()
        if not game.to_act:
            break
        for taker in range(game.players):
            try:
                full = not store.plan_take_back(game, taker).others
            except store.Refused:
                full = False
            assert store.can_take_back(game, taker) == full or not is_last_mover(game, taker)
            checked += 1
    assert checked


def is_last_mover(game: Game, seat: int) -> bool:
    last = game.moves.order_by("-seq").first()
    return last.seat == seat or last.source not in store.CHOSEN


def test_the_turn_given_back_is_emailed_and_the_next_players_email_plays_nothing(make_user):
    from tabletop.mail import inbound
    from tabletop.mail.models import Outbox
    from tests.helpers import mail as mailhelpers

    game = started_game([make_user("ann"), make_user("ben")])
    mover_seat = game.to_act[0]
    play(game, {"kind": "draw"})
    play(game, {"kind": "place", "card": game.state["drawn"][0], "column": 1})
    play(game, {"kind": "place", "card": game.state["drawn"][0], "column": 2})
    next_seat = game.to_act[0]
    assert next_seat != mover_seat
    their_email = mailhelpers.latest_email(Outbox.Kind.TURN, next_seat)
    turn_emails = Outbox.objects.filter(kind=Outbox.Kind.TURN, seat=mover_seat).count()
    store.take_back(game, user_at(game, mover_seat), game.seq, Move.Source.WEB)
    game.refresh_from_db()
    assert game.to_act == [mover_seat]
    assert Outbox.objects.filter(kind=Outbox.Kind.TURN, seat=mover_seat).count() == turn_emails + 1
    assert game.seats.get(position=next_seat).deadline is None
    record = inbound.receive(mailhelpers.reply_to(their_email, "draw"), "test")
    assert record.result == "refused"
    assert Game.objects.get(pk=game.pk).seq == game.seq


def test_whether_undo_is_offered_reads_only_the_latest_steps_of_a_long_log(make_user):
    """The game page asks at every view; a long game's whole log made it grow with the game."""
    game = play_random_steps(started_game([make_user("ann"), make_user("ben")], "dos"), 120)
    assert game.seq >= 120  # random play of DOS runs long (its bot steps are nobody's own)
    last_mover = game.moves.order_by("-seq").first().seat  # the one whose page asks
    with CaptureQueriesContext(connection) as queries:
        assert store.can_take_back(game, last_mover) is False
    reads = [q["sql"] for q in queries if 'FROM "play_move"' in q["sql"]]
    assert reads
    assert all("LIMIT" in sql or '"seq" >' in sql for sql in reads), reads
    with pytest.raises(store.Refused, match="among the last 64 steps"):
        store.plan_take_back(game, last_mover)


def test_a_finished_game_with_a_take_back_and_a_vote_reruns_from_its_downloaded_log(make_user):
    """The fairness check anyone runs (`replay_log`, the history page's button) replays the
    export with the log's take-backs and table events, as the store does."""
    game, _ = gazobu_turn_half_placed(make_user)
    store.take_back(game, mover(game), game.seq, Move.Source.WEB)
    game.refresh_from_db()
    store.call_vote(game, user_at(game, 1), "extend", {"days": 2}, Move.Source.WEB)
    game = play_random_steps(Game.objects.get(pk=game.pk), 500)
    assert game.is_over
    document = export.export(game)
    assert any(entry["move"].get("kind") == "take-back" for entry in document["moves"])
    assert export.rerun(document) == []
