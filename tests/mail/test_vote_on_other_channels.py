"""The player whose seat the table would give to the computer hears of it at once on every
channel they chose for votes: their webhook and their browsers, as well as email. A vote
decided before its notice goes out is not told any more."""

from __future__ import annotations

import pytest

from tabletop.accounts import channels
from tabletop.accounts.models import Preferences
from tabletop.mail import tasks
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at
from tests.helpers.push import Browser, wants_push
from tests.helpers.webhooks import wants_webhooks

pytest_plugins = ["tests.helpers.mail", "tests.helpers.webhooks", "tests.helpers.push"]
pytestmark = [pytest.mark.xdist_group("mail-worker"), pytest.mark.usefixtures("fast_passwords")]


@pytest.fixture
def table(make_user, transactional_db) -> Game:
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")])


def vote_on_the_late_seat(table: Game, frozen) -> tuple[int, int]:
    late = table.to_act[0]
    caller = next(seat for seat in range(table.players) if seat != late)
    frozen.past_deadline(table, late)
    store.call_vote(table, user_at(table, caller), "replace", {"seat": late}, Move.Source.WEB)
    return late, caller


def rows(channel: str, **filters):
    return Outbox.objects.filter(kind=Outbox.Kind.VOTE, channel=channel, **filters)


def test_the_late_player_hears_of_the_vote_on_their_webhook_at_once(table, frozen, answering):
    late_player = user_at(table, table.to_act[0])
    channels.set_webhook(late_player, answering.url)
    wants_webhooks(late_player, "vote")
    late, caller = vote_on_the_late_seat(table, frozen)

    tasks.deliver(rows("webhook", seat=late).get().pk)
    [posted] = answering.received()
    body = posted.json
    assert posted.headers["X-Tabletop-Event"] == "vote"
    assert body["about_you"] is True and body["to"] == late_player.username
    assert body["caller"] == user_at(table, caller).username
    assert body["text"].startswith(
        f"{user_at(table, caller).username} asks the table to let the computer play your seat "
        f"in Gazobu #{table.pk}"
    )
    assert "move before then and the vote ends" in body["text"]


def test_the_late_player_hears_of_the_vote_in_their_browser(table, frozen, answering, vapid):
    late_player = user_at(table, table.to_act[0])
    browser = Browser()
    channels.subscribe_browser(late_player, answering.url, browser.keys())
    wants_push(late_player, "vote")
    late, _ = vote_on_the_late_seat(table, frozen)

    tasks.deliver(rows("push", seat=late).get().pk)
    shown = browser.read(answering.received()[0].body)
    assert shown["title"] == "A vote at your table"
    assert "let the computer play your seat" in shown["body"]
    assert shown["url"].endswith(f"/games/{table.pk}/")


def test_a_voter_who_chose_notifications_is_asked_on_them_too(table, frozen, answering, vapid):
    late = table.to_act[0]
    voter_seat = [seat for seat in range(table.players) if seat != late][1]
    voter = user_at(table, voter_seat)
    browser = Browser()
    channels.subscribe_browser(voter, answering.url, browser.keys())
    wants_push(voter, "vote")
    vote_on_the_late_seat(table, frozen)

    tasks.deliver(rows("push", seat=voter_seat).get().pk)
    shown = browser.read(answering.received()[0].body)
    late_name = user_at(table, late).username
    assert f"to let the computer play {late_name}'s seat" in shown["body"]


def test_nobody_who_chose_only_email_gets_a_webhook_or_a_notification(table, frozen):
    vote_on_the_late_seat(table, frozen)
    assert rows("email").exists()
    assert not Outbox.objects.filter(kind=Outbox.Kind.VOTE).exclude(channel="email").exists()


def test_a_vote_the_late_player_ended_by_moving_is_not_told_any_more(
    table, frozen, answering, vapid
):
    late_player = user_at(table, table.to_act[0])
    channels.subscribe_browser(late_player, answering.url, Browser().keys())
    wants_push(late_player, "vote")
    late, _ = vote_on_the_late_seat(table, frozen)
    table.refresh_from_db()
    step = table.rules.legal_moves(table.state, late)[0]
    store.submit(table, late_player, step, table.seq, Move.Source.WEB)

    row = rows("push", seat=late).get()
    tasks.deliver(row.pk)
    row.refresh_from_db()
    assert row.status == Outbox.Status.SKIPPED and row.last_error == "the vote was decided"
    assert answering.received() == []


def test_the_notice_speaks_the_late_players_language(table, frozen, answering, vapid):
    late_player = user_at(table, table.to_act[0])
    browser = Browser()
    channels.subscribe_browser(late_player, answering.url, browser.keys())
    wants_push(late_player, "vote")
    Preferences.objects.filter(user=late_player).update(language="pl")
    late, _ = vote_on_the_late_seat(table, frozen)

    tasks.deliver(rows("push", seat=late).get().pk)
    shown = browser.read(answering.received()[0].body)
    assert shown["title"] == "Głosowanie przy twoim stole"
    assert "prosi stół, by komputer zagrał za ciebie" in shown["body"]
