"""The turn email: a move on the API sends the next player, and only them, an email that
tells what happened, shows their own view and their legal moves, links into the game and
carries a reply address, unsubscribe headers and a Message-ID threaded per game."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tabletop.mail import addresses, tasks
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import LogLine, Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import play_random_steps, started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def trio(make_user):
    return [make_user("ann"), make_user("ben"), make_user("cat")]


def api_turn(game, client_for_seat) -> int:
    """Play the whole turn of the seat to act through the API; the seat that acts next."""
    mover = game.to_act[0]
    while game.to_act == [mover]:
        move = game.rules.legal_moves(game.state, mover)[0]
        response = client_for_seat(mover).post(
            f"/api/games/{game.pk}/moves/", {"move": move, "expected_seq": game.seq}, format="json"
        )
        assert response.status_code == 201, response.json()
        game.refresh_from_db()
    return game.to_act[0]


def client_for(game):
    def client(seat: int) -> APIClient:
        api = APIClient()
        api.force_authenticate(user_at(game, seat))
        return api

    return client


@pytest.mark.xdist_group("mail-worker")
def test_a_move_on_the_api_emails_the_next_player_and_nobody_else(
    trio, mailbox, worker, frozen, settings
):
    game = started_game(trio)
    first = user_at(game, game.to_act[0])
    # Turn emails wait a short window, so that a burst makes one (test_presence_and_bursts.py).
    frozen.advance(seconds=settings.MAIL_COALESCE_SECONDS)
    tasks.sweep()
    mailbox.wait_for(first.email)
    mailbox.clear()

    next_seat = api_turn(game, client_for(game))

    following = user_at(game, next_seat)
    frozen.advance(seconds=settings.MAIL_COALESCE_SECONDS)
    tasks.sweep()
    [mail] = mailbox.wait_for(following.email)
    mailhelpers.wait_until(
        lambda: not Outbox.objects.filter(status=Outbox.Status.PENDING).exists(), 5
    )
    assert [m.rcpt_tos for m in mailbox.received] == [[following.email]]
    message = mail.message
    assert message["Subject"] == f"Gazobu #{game.pk}: your move"
    assert message["To"] == following.email
    legal = [
        game.rules.format_move(move, game.state, next_seat)
        for move in game.rules.legal_moves(game.state, next_seat)
    ]
    for move in legal:
        assert f"  {move}\n" in mail.text
        assert f"<code>{move}</code>" in mail.html
    assert "It is your move in Gazobu" in mail.text
    assert "Since your last turn:" in mail.text
    assert re.search(r"http://localhost:8000/mail/go/\S+/", mail.text)
    token = addresses.find_token([message["Reply-To"]])
    assert addresses.read_token(token) == addresses.ReplyToken(
        game.pk, next_seat, game.seq, addresses.read_token(token).expires
    )
    assert (
        message["List-Unsubscribe"].strip().startswith("<http://localhost:8000/mail/unsubscribe/")
    )
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    # Made at its first claim and kept on the row: a re-send goes out under the same one.
    assert re.fullmatch(r"<tabletop\.\d+\.[0-9a-f]{16}@localhost>", message["Message-ID"])
    row = Outbox.objects.filter(kind=Outbox.Kind.TURN, seat=next_seat).latest("pk")
    assert row.message_id == message["Message-ID"]
    assert message["References"] == f"<tabletop.game.{game.pk}@localhost>"
    assert message["Auto-Submitted"] == "auto-generated"


def test_the_turn_email_shows_the_players_own_view_and_what_the_others_did(trio):
    game = started_game(trio)
    mover = game.to_act[0]
    while game.to_act == [mover]:
        game = play_random_steps(game, 1)
    row = Outbox.objects.filter(kind="turn", seat=game.to_act[0]).latest("pk")
    text = compose(row).body
    seat = game.to_act[0]
    assert game.rules.view_text(game.state, seat) in text
    assert "card names" not in text
    since = text.split("Since your last turn:\n")[1].split("\n\n")[0]
    moved = since.splitlines()
    assert len(moved) == game.seq
    assert any(trio[mover].username in line for line in moved)


def test_a_turn_email_reads_the_seats_and_the_players_last_turn_once(trio):
    """The worker composes an email per turn: the seats (names, deadline, the log's withdrawn
    steps) and the log's latest steps (the seat's own last step, the votes decided and the
    steps taken back since) are read once each, not once for each part of the email that
    needs them."""
    game = started_game(trio)
    mover = game.to_act[0]
    while game.to_act == [mover]:
        game = play_random_steps(game, 1)
    row = Outbox.objects.select_related("game", "user").filter(kind="turn").latest("pk")
    with CaptureQueriesContext(connection) as queries:
        compose(row)
    statements = [query["sql"] for query in queries]
    seats = [sql for sql in statements if 'FROM "play_seat"' in sql]
    last_turns = [sql for sql in statements if 'FROM "play_move"' in sql]
    assert (len(seats), len(last_turns)) == (1, 1), "\n".join(statements)


def test_every_email_of_a_game_keeps_its_message_id_and_thread(trio):
    game = started_game(trio)
    row = Outbox.objects.get(kind="turn", seat=game.to_act[0])
    first, again = compose(row), compose(row)
    assert first.extra_headers["Message-ID"] == again.extra_headers["Message-ID"]
    assert first.extra_headers["References"] == f"<tabletop.game.{game.pk}@localhost>"


def test_the_reply_address_fits_a_local_part_and_refuses_tampering(trio, settings):
    settings.MAIL_REPLY_PREFIX = "play+"
    game = started_game(trio)
    game.pk = 987654321
    address = addresses.reply_address(game, 5, 123456)
    local = address.split("@")[0]
    assert len(local) <= 64
    assert local == local.lower()
    token = addresses.find_token([address])
    assert addresses.read_token(token).seq == 123456
    forged = token.replace("-5-", "-4-", 1)
    with pytest.raises(addresses.BadAddress):
        addresses.read_token(forged)


def test_a_vote_cast_since_a_players_move_does_not_shorten_their_since_your_last_turn(trio):
    """Calling a vote is no turn of one's own: the turn email still lists the moves others
    made between the player's last move and the vote."""
    game = started_game(trio)
    first = game.to_act[0]
    while game.to_act == [first]:
        game = played_by_hand(game)
    second = game.to_act[0]
    game = played_by_hand(game)  # the second player's first step, before the vote
    before_vote = game.seq
    store.call_vote(
        game, user_at(game, first), "extend", {"days": 2, "seat": second}, Move.Source.WEB
    )
    game.refresh_from_db()
    while first not in game.to_act:
        game = played_by_hand(game)
    row = Outbox.objects.filter(kind="turn", seat=first).latest("pk")
    since = compose(row).body.split("Since your last turn:\n")[1].split("\n\n")[0]
    step_before_vote = LogLine.objects.get(game=game, seq=before_vote, viewer=first).text
    assert step_before_vote in since


def played_by_hand(game):
    """One step of the seat to act, as its player would send it from the page."""
    seat = game.to_act[0]
    move = game.rules.legal_moves(game.state, seat)[0]
    store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
    game.refresh_from_db()
    return game
