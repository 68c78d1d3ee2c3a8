"""Webhooks: a player's own and a table's get a JSON POST from the real worker on a turn,
reminder, talk and game end, signed or in Discord's or Slack's shape; a receiver that fails
is retried, then given up visibly, then switched off with an email; one that hangs holds up
nothing; private and loopback addresses are refused, when saved and when sent."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from tabletop.accounts import channels, public_urls
from tabletop.accounts.models import PlayerWebhook
from tabletop.mail import outgoing, reminders, tasks
from tabletop.mail.models import Outbox, TableWebhook
from tabletop.play import chat, history, invitations, store
from tabletop.play.models import Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import play_random_steps, started_game, user_at
from tests.helpers.webhooks import wants_webhooks

pytest_plugins = ["tests.helpers.mail", "tests.helpers.webhooks"]
User = get_user_model()
pytestmark = [pytest.mark.xdist_group("mail-worker"), pytest.mark.usefixtures("fast_passwords")]


@pytest.fixture
def pair(make_user):
    return [make_user("ann"), make_user("ben")]


def verified(secret: str, header: str, body: bytes) -> bool:
    """What the README tells a receiver to do with X-Tabletop-Signature."""
    parts = dict(item.split("=", 1) for item in header.split(","))
    expected = hmac.new(
        secret.encode(), parts["t"].encode() + b"." + body, hashlib.sha256
    ).hexdigest()
    fresh = abs(time.time() - int(parts["t"])) < 300
    return fresh and hmac.compare_digest(expected, parts["v1"])


def until_ann_is_to_act(game):
    while 0 not in game.to_act:
        game = play_random_steps(game, 1)
    return game


def webhook_rows(**filters):
    return Outbox.objects.filter(channel=Outbox.Channel.WEBHOOK, **filters)


def test_a_turn_is_posted_to_the_players_webhook_signed_and_telling_no_secret(
    pair, worker, answering
):
    ann, ben = pair
    hook = channels.set_webhook(ann, answering.url)
    wants_webhooks(ann, "turn")
    game = until_ann_is_to_act(started_game(pair, "dos"))

    request = answering.wait_for(1)[0]
    body = request.json
    assert verified(hook.secret, request.headers["X-Tabletop-Signature"], request.body)
    assert request.headers["X-Tabletop-Event"] == "turn"
    assert body["event"] == "turn" and body["player"] == "ann" and body["to"] == "ann"
    assert body["game"]["url"].endswith(f"/games/{game.pk}/")
    assert "/mail/go/" not in request.body.decode()  # never a log-in link
    spectator_lines = [line["text"] for line in history.lines(game, None)]
    assert all(line in spectator_lines for line in body["latest"])
    assert set(body) == {"event", "delivery", "sent", "game", "seat", "player", "waiting_for",
                         "deadline", "latest", "to", "text"}  # fmt: skip
    assert body["deadline"] == game.seats.get(position=0).deadline.isoformat()
    # ben chose no webhook: his turns go by email only.
    assert not webhook_rows(user=ben).exists()


def test_a_signature_made_with_another_secret_does_not_verify(pair, worker, answering):
    hook = channels.set_webhook(pair[0], answering.url)
    wants_webhooks(pair[0], "turn")
    until_ann_is_to_act(started_game(pair))
    request = answering.wait_for(1)[0]
    assert verified(hook.secret, request.headers["X-Tabletop-Signature"], request.body)
    assert not verified("not-" + hook.secret, request.headers["X-Tabletop-Signature"], request.body)
    assert not verified(hook.secret, request.headers["X-Tabletop-Signature"], request.body + b" ")


@pytest.mark.parametrize("form", ["discord", "slack"])
def test_discord_and_slack_get_one_line_in_their_own_shape(pair, worker, answering, form):
    channels.set_webhook(pair[0], answering.url, form)
    wants_webhooks(pair[0], "turn")
    game = until_ann_is_to_act(started_game(pair))
    request = answering.wait_for(1)[0]
    body = request.json
    assert "X-Tabletop-Signature" not in request.headers
    if form == "discord":
        assert set(body) == {"content", "allowed_mentions"}
        assert body["allowed_mentions"] == {"parse": []}
        text = body["content"]
    else:
        assert set(body) == {"text"}
        text = body["text"]
    assert text.startswith("It is your move in Gazobu #") and f"/games/{game.pk}/" in text


def test_a_receiver_answering_500_is_retried_given_up_and_switched_off_with_an_email(
    pair, worker, failing, mailbox, settings
):
    settings.MAIL_SEND_ATTEMPTS = 2
    settings.MAIL_RETRY_SECONDS = 0
    settings.WEBHOOK_FAILURES_TO_SWITCH_OFF = 1
    settings.MAIL_COALESCE_SECONDS = 0
    ann = pair[0]
    channels.set_webhook(ann, failing.url)
    wants_webhooks(ann, "turn")
    game = until_ann_is_to_act(started_game(pair))

    hook = mailhelpers.wait_until(
        lambda: PlayerWebhook.objects.filter(user=ann, switched_off__isnull=False).first()
    )
    assert "500" in hook.last_error
    row = webhook_rows().get()
    assert row.status == Outbox.Status.FAILED
    assert row.attempts == 2 and "answered 500" in row.last_error
    assert len(failing.received()) == 2

    told = mailbox.wait_for(ann.email, 2)
    notice = next(mail for mail in told if mail.message["X-Tabletop-Kind"] == "webhook-off")
    assert "switched it off" in notice.text and failing.url in notice.text

    # Switched off, it hears nothing more; saving it again switches it back on.
    play_random_steps(game, 2)
    assert not webhook_rows(status=Outbox.Status.PENDING).exists()
    channels.set_webhook(ann, failing.url)
    ann.webhook.refresh_from_db()
    assert ann.webhook.active and ann.webhook.failures == 0


def test_a_hanging_receiver_times_out_without_holding_up_the_move(pair, worker, hanging, settings):
    settings.WEBHOOK_TIMEOUT_SECONDS = 0.5
    settings.MAIL_RETRY_SECONDS = 600
    channels.set_webhook(pair[0], hanging.url)
    wants_webhooks(pair[0], "turn", "chat")
    game = started_game(pair)
    mover = user_at(game, game.to_act[0])
    began = time.monotonic()
    for _ in range(3):
        chat.post(game, pair[1], "hello", Move.Source.WEB)
    if mover == pair[1]:
        store.submit(game, mover, game.rules.legal_moves(game.state, 1)[0], game.seq, "web")
    assert time.monotonic() - began < 2

    row = mailhelpers.wait_until(lambda: webhook_rows(attempts=1).first())
    assert row.status == Outbox.Status.PENDING and "timeout" in row.last_error.lower()
    assert row.not_before is not None  # retried after a backoff


def test_one_event_is_posted_once_however_often_its_task_runs(pair, answering, transactional_db):
    channels.set_webhook(pair[0], answering.url)
    wants_webhooks(pair[0], "chat")
    game = started_game(pair)
    chat.post(game, pair[1], "good luck", Move.Source.WEB)
    row = webhook_rows().get()
    tasks.deliver(row.pk)
    tasks.deliver(row.pk)
    tasks.sweep()
    assert [r.json["said"] for r in answering.received()] == ["good luck"]
    row.refresh_from_db()
    assert row.status == Outbox.Status.SENT
    # The one who spoke is not told what they said.
    assert not webhook_rows(user=pair[1]).exists()


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/hook",
        "http://localhost:8000/",
        "http://10.1.2.3/",
        "http://192.168.0.1/",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/",
        "http://[fe80::1]/",
        "http://[::ffff:127.0.0.1]/",
        "ftp://example.com/",
        "https://user:pw@example.com/",
    ],
)
def test_webhooks_to_anything_but_a_public_http_host_are_refused(url, settings):
    settings.WEBHOOK_ALLOW_LOOPBACK = False
    with pytest.raises(public_urls.NotPublic):
        public_urls.check(url)


def test_loopback_allowed_for_tests_still_refuses_private_and_link_local(settings):
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    assert public_urls.check("http://127.0.0.1:9/x?y=1").path == "/x?y=1"
    for url in ("http://10.0.0.1/", "http://169.254.169.254/"):
        with pytest.raises(public_urls.NotPublic):
            public_urls.check(url)


def test_an_address_that_turned_private_is_refused_at_delivery(
    pair, answering, settings, transactional_db
):
    channels.set_webhook(pair[0], answering.url)
    wants_webhooks(pair[0], "chat")
    game = started_game(pair)
    settings.WEBHOOK_ALLOW_LOOPBACK = False  # as if its name now resolved to this machine
    chat.post(game, pair[1], "psst", Move.Source.WEB)
    tasks.deliver(webhook_rows().get().pk)
    row = webhook_rows().get()
    assert row.status == Outbox.Status.PENDING and "loopback" in row.last_error
    assert answering.received() == []


def test_a_seated_player_sets_the_tables_webhook_which_hears_turns_talk_and_the_end(
    pair, make_user, worker, answering
):
    ann, ben = pair
    game = started_game(pair)
    with pytest.raises(store.NotASeat):
        outgoing.set_table_webhook(game, make_user("cat"), answering.url)
    hook = outgoing.set_table_webhook(game, ben, answering.url)
    chat.post(game, ann, "gl hf", Move.Source.WEB)
    answering.wait_for(1)
    while not game.is_over:
        game = play_random_steps(game, 40)
    rows = webhook_rows(user=None)
    mailhelpers.wait_until(lambda: not rows.filter(status=Outbox.Status.PENDING).exists())
    events = [request.json["event"] for request in answering.received()]
    assert events[0] == "chat" and events[-1] == "game-over" and "turn" in events
    assert all(
        verified(hook.secret, r.headers["X-Tabletop-Signature"], r.body)
        for r in answering.received()
    )
    last = answering.received()[-1].json
    assert last["winners"] == [game.seats.get(position=s).user.username
                               for s in game.outcome["winners"]]  # fmt: skip
    turns = [r.json for r in answering.received() if r.json["event"] == "turn"]
    assert all("to" not in turn and turn["text"].startswith("It is ") for turn in turns)
    assert TableWebhook.objects.get(game=game).set_by == ben


def test_a_move_looks_for_webhooks_only_once_someone_has_one(pair, answering):
    from django.core.cache import cache

    cache.delete(outgoing.IN_USE_KEY)
    assert outgoing.in_use() is False
    started_game(pair)
    assert not webhook_rows().exists()
    channels.set_webhook(pair[0], answering.url)
    assert outgoing.in_use() is True
    cache.delete(outgoing.IN_USE_KEY)  # a cache that lost it finds it again
    assert outgoing.in_use() is True


def test_a_reminder_and_an_invitation_reach_the_webhook_of_who_chose_them(
    pair, make_user, answering, frozen, transactional_db
):
    ann, ben = pair
    channels.set_webhook(ann, answering.url)
    wants_webhooks(ann, "reminder", "invitation")
    game = until_ann_is_to_act(started_game(pair, reminder_hours=[2]))
    seat = game.seats.get(position=0)
    frozen.set(seat.deadline - timedelta(hours=2))
    reminders.send_due(frozen.now)
    table = invitations.create_table(ben, "gazobu", 2, {}, private=True, invitees=["ann"])
    for row in webhook_rows(status=Outbox.Status.PENDING):
        tasks.deliver(row.pk)

    told = {request.json["event"]: request.json for request in answering.received()}
    assert set(told) == {"reminder", "invitation"}  # no turn: ann did not choose it
    assert told["reminder"]["text"].startswith("Reminder: it is still your move in Gazobu")
    assert told["invitation"]["invited_by"] == "ben"
    assert told["invitation"]["game"]["id"] == table.pk


# ---------------------------------------------------------------------------- through the API


def test_a_tables_webhook_is_set_read_and_removed_through_the_api(pair, make_user, answering):
    ann, ben = pair
    game = started_game(pair)
    api = {user.username: APIClient() for user in (ann, ben, make_user("cat"))}
    for name, client in api.items():
        client.force_authenticate(User.objects.get(username=name))
    path = f"/api/games/{game.pk}/webhook/"

    assert api["ann"].get(path).status_code == 404
    answer = api["ann"].put(path, {"url": answering.url, "format": "discord"}, format="json")
    assert answer.status_code == 200
    assert answer.json()["url"] == answering.url and answer.json()["secret"]
    seen_by_ben = api["ben"].get(path).json()
    hook_id = TableWebhook.objects.get().pk
    assert seen_by_ben == {
        "id": hook_id, "owner": "ann", "set_by": "ann", "format": "discord", "active": True
    }  # fmt: skip
    assert api["cat"].get(path).status_code == 403
    refused = api["cat"].put(path, {"url": answering.url}, format="json")
    assert refused.status_code == 403 and "seated" in refused.json()["detail"]
    private = api["ann"].put(path, {"url": "http://10.9.8.7/"}, format="json")
    assert private.status_code == 400 and "private address" in private.json()["detail"]
    assert api["ben"].delete(path).status_code == 403  # ann's, and ann created the table
    assert api["ann"].delete(path).json() == {"removed": True}
    assert not TableWebhook.objects.exists()


def test_a_seated_player_sets_the_tables_webhook_on_its_page(client, pair, make_user, answering):
    ann, ben = pair
    game = started_game(pair)
    path = f"/games/{game.pk}/webhook/"
    client.force_login(ben)
    assert path in client.get(f"/games/{game.pk}/").content.decode()
    answer = client.post(path, {"url": answering.url, "format": "slack"})
    assert answer.status_code == 302
    page = client.get(path).content.decode()
    hook = TableWebhook.objects.get(game=game)
    assert "<strong>ben</strong>'s webhook" in page and hook.secret in page

    client.force_login(ann)
    page = client.get(path).content.decode()
    assert "<strong>ben</strong>'s webhook" in page and answering.url not in page
    refused = client.post(path, {"url": "http://172.16.0.1/", "format": "json"})
    assert refused.status_code == 400 and "private address" in refused.content.decode()
    client.post(path, {"action": "remove", "hook": hook.pk})  # ann created the table
    assert not TableWebhook.objects.exists()

    client.force_login(make_user("cat"))
    assert client.get(path).status_code == 403


def test_a_dos_turn_posted_to_a_webhook_never_names_a_card_only_its_player_holds(
    pair, answering, transactional_db
):
    ann = pair[0]
    channels.set_webhook(ann, answering.url)
    wants_webhooks(ann, "turn")
    game = started_game(pair, "dos")
    checked = 0
    for _ in range(40):
        for row in webhook_rows(status=Outbox.Status.PENDING):
            tasks.deliver(row.pk)
        if len(answering.received()) > checked:
            body = answering.received()[-1].body.decode()
            game.refresh_from_db()
            public = json.dumps(game.rules.view(game.state, None)) + json.dumps(
                [line["text"] for line in history.lines(game, None)]
            )
            public += game.title  # the wild card is called DOS, like the game
            hidden = [c for c in game.rules.view(game.state, 0)["hand"] if c not in public]
            assert not [card for card in hidden if card in body], body
            checked = len(answering.received())
        if game.is_over:
            break
        game = play_random_steps(game, 1, seed=f"step-{game.seq}")
    assert checked >= 2


def test_once_webhooks_are_in_use_a_move_nobody_at_its_table_chose_them_for_pays_nothing(
    pair, make_user, answering
):
    channels.set_webhook(make_user("zoe"), answering.url)  # someone else on the site has one
    assert outgoing.in_use() is True
    game = started_game(pair)  # the table is looked at once, as it starts
    with CaptureQueriesContext(connection) as queries:
        game = play_random_steps(game, 6)
    read = [q["sql"] for q in queries]
    tables = ('"accounts_playerwebhook"', '"mail_tablewebhook"', '"accounts_pushsubscription"')
    assert not [sql for sql in read if any(table in sql for table in tables)]
    assert not [sql for sql in read if 'FROM "accounts_preferences"' in sql]
    assert webhook_rows().count() == 0
