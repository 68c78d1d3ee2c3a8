"""Several seats deciding at once (Buttons' gold square), through the store."""

from __future__ import annotations

import pytest

from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Move
from tests.helpers.factories import started_game, user_at


@pytest.fixture
def game(make_user):
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")], slug="buttons")


def others(game, active: int) -> list[int]:
    return [seat for seat in range(game.players) if seat != active]


def test_a_roll_puts_every_seat_that_may_answer_in_to_act(game):
    active = game.to_act[0]
    store.submit(game, user_at(game, active), {"kind": "roll"}, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    # On empty boards every gold square is legal, so everyone is asked.
    assert sorted(game.to_act) == [0, 1, 2]
    asked = Outbox.objects.filter(game=game, kind="turn", at_seq=1).values_list("seat", flat=True)
    assert sorted(asked) == others(game, active)


def test_the_game_waits_for_the_last_answer_before_it_moves_on(game):
    active = game.to_act[0]
    first, second = others(game, active)
    store.submit(game, user_at(game, active), {"kind": "roll"}, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    store.submit(game, user_at(game, first), {"kind": "decline"}, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    assert sorted(game.to_act) == sorted([active, second])
    lay = next(m for m in game.rules.legal_moves(game.state, active) if m["kind"] == "lay")
    store.submit(game, user_at(game, active), lay, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    assert game.to_act == [second], "the active player's answer alone does not end the question"
    gold = next(m for m in game.rules.legal_moves(game.state, second) if m["kind"] == "lay")
    store.submit(game, user_at(game, second), gold, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    assert game.state["phase"] == "turn", "after the last answer the dice pass on"
    assert len(game.to_act) == 1


def test_a_standing_order_answers_at_once_and_is_logged_as_that_seats_move(game):
    active = game.to_act[0]
    taker, decliner = others(game, active)
    for seat, order in ((taker, "take"), (decliner, "decline")):
        move = {"kind": "order", "order": order}
        store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
        game.refresh_from_db()
    assert game.to_act == [active], "setting a standing order is optional: nobody waits for it"
    logged = store.submit(game, user_at(game, active), {"kind": "roll"}, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    automatic = {move.seat: move for move in logged if move.source == "standing-order"}
    assert automatic[taker].payload["kind"] == "lay"
    assert automatic[decliner].payload == {"kind": "decline"}
    assert game.to_act == [active]
    assert not Outbox.objects.filter(game=game, kind="turn", seat__in=[taker, decliner]).exists()
    assert store.verify(game) == []
