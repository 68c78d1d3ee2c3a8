"""A reply "undo" takes back the player's latest steps, as the page's Undo button does."""

from __future__ import annotations

import pytest

from tabletop.mail import inbound
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests import mailhelpers
from tests.factories import started_game, user_at

pytest_plugins = ["tests.mailhelpers"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


def answer_text() -> str:
    return compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk")).body


def reply(game: Game, seat: int, text: str):
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    return inbound.receive(mailhelpers.reply_to(original, text), "test")


def test_undo_by_email_takes_back_a_placement(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    seat = game.to_act[0]
    assert reply(game, seat, "draw\nplace 1").result == "accepted"
    game.refresh_from_db()
    placed_at = game.seq
    record = reply(game, seat, "undo")
    assert record.result == "accepted"
    assert f"You took back move {placed_at} in Gazobu #{game.pk}." in answer_text()
    game.refresh_from_db()
    assert game.moves.get(seq=game.seq).source == Move.Source.EMAIL
    assert len(game.state["drawn"]) == 2


def test_undo_by_email_after_a_draw_is_refused_with_the_reason(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    seat = game.to_act[0]
    store.submit(game, user_at(game, seat), {"kind": "draw"}, 0, Move.Source.WEB)
    assert reply(game, seat, "undo").result == "refused"
    assert "Nothing was taken back: Move 1 cannot be taken back" in answer_text()
    assert Game.objects.get(pk=game.pk).seq == 1


def test_undo_among_moves_is_refused(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    seat = game.to_act[0]
    assert reply(game, seat, "draw\nundo").result == "refused"
    assert 'Write "undo" alone in a reply.' in answer_text()
    assert Game.objects.get(pk=game.pk).seq == 0
