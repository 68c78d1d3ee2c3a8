"""Playing by replying to the turn email: from any mail client, the reply's own lines are
played in order, and the player is answered in the same thread."""

from __future__ import annotations

import smtplib

import pytest
from rest_framework.test import APIClient

from tabletop.mail import inbound, tasks
from tabletop.mail.compose import compose
from tabletop.mail.management.commands.smtpd import controller
from tabletop.mail.models import InboundMail, Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def trio(make_user):
    return [make_user("ann"), make_user("ben"), make_user("cat")]


@pytest.fixture
def receiver():
    """manage.py smtpd's receiver on a free port: the self-hoster's way in."""
    server = controller("127.0.0.1", mailhelpers.free_port(), domain="localhost")
    server.start()
    yield server
    server.stop()


def answer_text() -> str:
    return compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk")).body


def email_moves(game) -> list[Move]:
    return list(game.moves.filter(source=Move.Source.EMAIL))


@pytest.mark.xdist_group("mail-worker")
def test_a_reply_to_the_turn_email_moves_and_the_next_player_is_emailed(
    trio, mailbox, worker, receiver, frozen, settings
):
    game = started_game(trio)
    first = game.to_act[0]
    api = APIClient()
    api.force_authenticate(user_at(game, first))
    while game.to_act == [first]:
        move = game.rules.legal_moves(game.state, first)[0]
        response = api.post(
            f"/api/games/{game.pk}/moves/", {"move": move, "expected_seq": game.seq}, format="json"
        )
        assert response.status_code == 201
        game.refresh_from_db()
    second = game.to_act[0]
    second_player = user_at(game, second)
    # Turn emails wait a short window, so that a burst makes one (test_presence_and_bursts.py).
    frozen.advance(seconds=settings.MAIL_COALESCE_SECONDS)
    tasks.sweep()
    [turn_email] = mailbox.wait_for(second_player.email)

    lines = mailhelpers.whole_turn(game, second)
    reply = mailhelpers.reply_to(turn_email.message, "\n".join(lines) + "\n\nThanks, Ben")
    with smtplib.SMTP(receiver.hostname, receiver.port) as client:
        client.sendmail(second_player.email, [turn_email.message["Reply-To"]], reply)

    game.refresh_from_db()
    assert [move.seat for move in email_moves(game)] == [second] * len(lines)
    third = game.to_act[0]
    assert third not in (first, second)
    frozen.advance(seconds=settings.MAIL_COALESCE_SECONDS)
    tasks.sweep()
    [next_turn] = mailbox.wait_for(user_at(game, third).email)
    assert "It is your move" in next_turn.text
    answers = mailbox.wait_for(second_player.email, count=2)
    answer = answers[-1].message
    assert answer["Subject"] == "Re: " + turn_email.message["Subject"]
    assert answer["In-Reply-To"] == mailhelpers.parsed(reply)["Message-ID"]
    assert f"Played: {len(lines)} steps in Gazobu #{game.pk}." in answers[-1].text
    assert store.verify(game) == []


def test_the_quoted_original_and_the_signature_are_not_read_as_moves(trio):
    game = started_game(trio)
    seat = game.to_act[0]
    lines = mailhelpers.whole_turn(game, seat)
    text = "\n".join(lines) + "\n\n-- \nAnn Example\nSent from my phone"
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    record = inbound.receive(mailhelpers.reply_to(original, text), "test")
    assert record.result == "accepted", record.detail
    assert len(email_moves(game)) == len(lines)


def test_an_html_only_reply_is_read_without_its_quote(trio):
    game = started_game(trio)
    seat = game.to_act[0]
    lines = mailhelpers.whole_turn(game, seat)
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    raw = mailhelpers.reply_to(original, "\n".join(lines), html=True)
    assert mailhelpers.parsed(raw).get_body(("plain",)) is None
    record = inbound.receive(raw, "test")
    assert record.result == "accepted", record.detail
    assert len(email_moves(game)) == len(lines)


def test_a_small_attachment_is_ignored_and_the_move_played(trio):
    game = started_game(trio)
    seat = game.to_act[0]
    [line, *_] = mailhelpers.whole_turn(game, seat)
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    raw = mailhelpers.reply_to(original, line, attachment=b"\xff\xd8" * 1000)
    assert inbound.receive(raw, "test").result == "accepted"


def test_a_stale_reply_still_legal_for_the_same_seat_is_played(trio):
    game = started_game(trio)
    seat = game.to_act[0]
    lines = mailhelpers.whole_turn(game, seat)
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    first_step = game.rules.parse_move(lines[0], game.state, seat)
    store.submit(game, user_at(game, seat), first_step, game.seq, Move.Source.WEB)
    record = inbound.receive(mailhelpers.reply_to(original, "\n".join(lines[1:])), "test")
    assert record.result == "accepted", record.detail
    assert (
        "The game had moved on since the email you answered (from move 0 to move 1), but "
        "your steps were still legal." in answer_text()
    )
    assert len(email_moves(game)) == len(lines) - 1


def test_help_answers_with_the_notation_and_plays_nothing(trio):
    game = started_game(trio)
    seat = game.to_act[0]
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    record = inbound.receive(mailhelpers.reply_to(original, "Help"), "test")
    assert record.result == "answered"
    text = answer_text()
    assert "How to write moves in Gazobu:\n" + game.rules.notation_help() in text
    assert "Your legal moves:\n  take 1\n" in text
    assert game.moves.count() == 0


def test_status_answers_with_where_the_game_stands(trio):
    game = started_game(trio)
    seat = game.to_act[0]
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    record = inbound.receive(mailhelpers.reply_to(original, "status"), "test")
    assert record.result == "answered"
    text = answer_text()
    assert f"Where Gazobu #{game.pk} stands." in text
    assert "What you see now:\n" in text and "Your legal moves:\n  take 1\n" in text
    assert game.moves.count() == 0


def test_resign_by_email_resigns(trio):
    game = started_game(trio)
    seat = game.to_act[0]
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    record = inbound.receive(mailhelpers.reply_to(original, "resign"), "test")
    assert record.result == "accepted"
    assert Move.objects.filter(game=game, seat=seat, payload=store.RESIGN, source="email")
    assert "You have resigned from Gazobu" in answer_text()
    game.refresh_from_db()
    assert seat not in game.to_act


def test_resign_among_moves_is_refused(trio):
    game = started_game(trio)
    seat = game.to_act[0]
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    record = inbound.receive(mailhelpers.reply_to(original, "take 1\nresign"), "test")
    assert record.result == "refused"
    assert 'Write "resign" alone in a reply.' in answer_text()
    assert Game.objects.get(pk=game.pk).seq == 0


def test_a_reply_by_a_second_channel_is_recorded_once(trio):
    game = started_game(trio)
    seat = game.to_act[0]
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    raw = mailhelpers.reply_to(original, mailhelpers.whole_turn(game, seat)[0])
    inbound.receive(raw, "imap")
    inbound.receive(raw, "webhook")
    assert InboundMail.objects.get().channel == "imap"
    assert len(email_moves(game)) == 1
