"""The late player whose seat the table would give to the computer is told at once (never held
for a digest), and a move of theirs, by email like any other, ends the vote."""

from __future__ import annotations

import pytest
from django.core import mail

from tabletop.accounts.models import Preferences
from tabletop.mail import inbound, outbox
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def table(make_user) -> Game:
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")])


def others(game: Game, seat: int) -> list[int]:
    return [s for s in range(game.players) if s != seat]


def test_the_late_player_is_emailed_at_once_when_the_table_votes_on_their_seat(table, frozen):
    late = table.to_act[0]
    caller = others(table, late)[0]
    late_player = user_at(table, late)
    Preferences.objects.create(user=late_player, daily_digest=True, digest_hour=8)
    frozen.past_deadline(table, late)
    store.call_vote(table, user_at(table, caller), "replace", {"seat": late}, Move.Source.WEB)

    row = Outbox.objects.get(kind=Outbox.Kind.VOTE, seat=late)
    assert row.not_before is None
    outbox.send(outbox.claim(row.pk))
    assert Outbox.objects.get(pk=row.pk).status == Outbox.Status.SENT
    [sent] = [message for message in mail.outbox if message.to == [late_player.email]]
    assert sent.subject == (
        f"Gazobu #{table.pk}: the table votes on giving your seat to the computer"
    )
    body = " ".join(sent.body.split())
    assert (
        f"Your deadline in Gazobu #{table.pk} has passed, and "
        f"{user_at(table, caller).username} asks the table to let the computer play your seat."
    ) in body
    assert "Move before the vote passes and the vote ends: your seat stays yours." in body
    assert 'Reply "vote yes"' not in body  # it is not theirs to answer


def test_a_move_by_email_ends_the_vote_and_the_table_hears_why(table, frozen):
    late = table.to_act[0]
    caller = others(table, late)[0]
    frozen.past_deadline(table, late)
    vote = store.call_vote(
        table, user_at(table, caller), "replace", {"seat": late}, Move.Source.WEB
    )
    turn_email = mailhelpers.latest_email(Outbox.Kind.TURN, late)
    lines = "\n".join(mailhelpers.whole_turn(table, late))
    record = inbound.receive(mailhelpers.reply_to(turn_email, lines), "test")
    assert record.result == "accepted"
    vote.refresh_from_db()
    assert vote.result == "failed"

    table.refresh_from_db()
    while caller not in table.to_act:
        seat = table.to_act[0]
        step = table.rules.legal_moves(table.state, seat)[0]
        store.submit(table, user_at(table, seat), step, table.seq, Move.Source.WEB)
        table.refresh_from_db()
    row = Outbox.objects.filter(kind=Outbox.Kind.TURN, seat=caller).latest("pk")
    name = user_at(table, late).username
    told = f"{name} moved, so the vote to let the computer play {name}'s seat ended."
    assert told in " ".join(compose(row).body.split())
