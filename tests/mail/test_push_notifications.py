"""Browser notifications: the worker pushes a turn through the browser's push service (here a
receiver on loopback standing in for it), encrypted for the browser and signed with the site's
VAPID key; the notification opens the game. A browser the push service says is gone is
forgotten; without VAPID keys nothing is pushed."""

from __future__ import annotations

import pytest

from tabletop.accounts import channels
from tabletop.accounts.models import PushSubscription
from tabletop.mail import tasks
from tabletop.mail.models import Outbox
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import play_random_steps, started_game
from tests.helpers.push import Browser, wants_push
from tests.helpers.webhooks import Receiver

pytest_plugins = ["tests.helpers.mail", "tests.helpers.webhooks", "tests.helpers.push"]
pytestmark = [pytest.mark.xdist_group("mail-worker"), pytest.mark.usefixtures("fast_passwords")]


def until_ann_is_to_act(game):
    while 0 not in game.to_act:
        game = play_random_steps(game, 1)
    return game


def test_a_turn_is_pushed_to_the_browser_and_opens_the_game(
    make_user, vapid, answering, worker, settings
):
    ann, ben = make_user("ann"), make_user("ben")
    browser = Browser()
    channels.subscribe_browser(ann, answering.url, browser.keys())
    wants_push(ann, "turn")
    game = until_ann_is_to_act(started_game([ann, ben]))

    request = answering.wait_for(1)[0]
    assert request.headers["Content-Encoding"] == "aes128gcm"
    assert request.headers["Authorization"].startswith("vapid t=")
    assert settings.VAPID_PUBLIC_KEY in request.headers["Authorization"]
    shown = browser.read(request.body)
    assert shown["title"] == "Your move"
    assert shown["url"].endswith(f"/games/{game.pk}/")
    assert shown["body"].startswith("It is your move in Gazobu")
    row = Outbox.objects.get(channel=Outbox.Channel.PUSH)
    mailhelpers.wait_until(lambda: Outbox.objects.get(pk=row.pk).status == Outbox.Status.SENT)


def test_a_browser_the_push_service_calls_gone_is_forgotten(
    make_user, vapid, loopback_webhooks, transactional_db
):
    gone = Receiver(status=410)
    try:
        ann, ben = make_user("ann"), make_user("ben")
        channels.subscribe_browser(ann, gone.url, Browser().keys())
        wants_push(ann, "chat")
        from tabletop.play import chat

        chat.post(started_game([ann, ben]), ben, "hi", "web")
        tasks.deliver(Outbox.objects.get(channel=Outbox.Channel.PUSH).pk)
        assert len(gone.received()) == 1
        assert not PushSubscription.objects.exists()
    finally:
        gone.stop()


def test_without_vapid_keys_nothing_is_pushed(make_user, answering, transactional_db, settings):
    settings.VAPID_PUBLIC_KEY = settings.VAPID_PRIVATE_KEY = ""
    ann, ben = make_user("ann"), make_user("ben")
    channels.subscribe_browser(ann, answering.url, Browser().keys())
    wants_push(ann, "turn")
    until_ann_is_to_act(started_game([ann, ben]))
    row = Outbox.objects.filter(channel=Outbox.Channel.PUSH).first()
    tasks.deliver(row.pk)
    row.refresh_from_db()
    assert row.status == Outbox.Status.SKIPPED and "VAPID" in row.last_error
    assert answering.received() == []


def test_a_subscription_to_a_private_address_is_refused(client, make_user, vapid, settings):
    settings.WEBHOOK_ALLOW_LOOPBACK = False
    ann = make_user("ann")
    client.force_login(ann)
    body = {"endpoint": "http://10.0.0.5/push/abc", "keys": Browser().keys()}
    answer = client.post("/settings/push/", body, content_type="application/json")
    assert answer.status_code == 400 and "private address" in answer.json()["detail"]
    answer = client.post("/settings/push/", "not json", content_type="application/json")
    assert answer.status_code == 400
    assert not PushSubscription.objects.exists()


def test_the_settings_pages_script_subscribes_and_forgets_a_browser(
    client, make_user, vapid, loopback_webhooks
):
    ann = make_user("ann")
    client.force_login(ann)
    body = {"endpoint": "http://127.0.0.1:9/push/abc", "keys": Browser().keys()}
    answer = client.post("/settings/push/", body, content_type="application/json")
    assert answer.status_code == 201
    assert PushSubscription.objects.get().user == ann
    settings_page = client.get("/api/me/preferences/").json()
    assert settings_page["push_available"] and settings_page["push_browsers"] == 1
    answer = client.delete(
        "/settings/push/", {"endpoint": body["endpoint"]}, content_type="application/json"
    )
    assert answer.json() == {"subscribed": False} and not PushSubscription.objects.exists()
