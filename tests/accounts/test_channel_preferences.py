"""Per event, which channels reach a player (email, webhook, browser), chosen on the settings
page or through `me/preferences/`: email stays the default, and nothing here moves a game."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tabletop.accounts.models import PlayerWebhook, Preferences
from tabletop.play.models import Move
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.webhooks"]

DEFAULTS = {
    "turn": {"email": True, "webhook": False, "push": False},
    "reminder": {"email": True, "webhook": False, "push": False},
    "game_over": {"email": True, "webhook": False, "push": False},
    "chat": {"webhook": False, "push": False},
    "invitation": {"email": True, "webhook": False, "push": False},
    "vote": {"email": True, "webhook": False, "push": False},
    "comment": {"email": True, "webhook": False, "push": False},
    "tournament": {"email": True, "webhook": False, "push": False},
}


@pytest.fixture
def ann(make_user):
    return make_user("ann")


@pytest.fixture
def api(ann) -> APIClient:
    client = APIClient()
    client.force_authenticate(ann)
    return client


def test_email_is_the_default_channel_for_every_event(api):
    answer = api.get("/api/me/preferences/")
    assert answer.status_code == 200
    body = answer.json()
    assert body["channels"] == DEFAULTS
    assert body["webhook"] is None and body["push_available"] is False
    assert "/calendar/" in body["calendar_url"] and body["calendar_url"].endswith(".ics")


def test_a_player_turns_channels_on_and_off_per_event_through_the_api(api, ann):
    answer = api.patch(
        "/api/me/preferences/",
        {"channels": {"turn": {"webhook": True, "email": False}, "chat": {"webhook": True}}},
        format="json",
    )
    assert answer.status_code == 200, answer.json()
    channels = answer.json()["channels"]
    assert channels["turn"] == {"email": False, "webhook": True, "push": False}
    assert channels["chat"]["webhook"] is True and channels["reminder"] == DEFAULTS["reminder"]
    saved = Preferences.objects.get(user=ann)
    assert saved.email_turn is False and saved.webhook_turn and saved.webhook_chat


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"channels": {"moves": {"email": True}}}, "There is no event 'moves'"),
        ({"channels": {"turn": {"pigeon": True}}}, "There is no channel 'pigeon'"),
        ({"channels": {"chat": {"email": True}}}, "Table talk has no email of its own"),
        ({"webhook": {"url": "http://10.0.0.7/hook"}}, "private address"),
        ({"webhook": {"url": "file:///etc/passwd"}}, "starts with https://"),
        ({"webhook": {"url": "https://example.com/", "format": "fax"}}, '"fax" is not a valid'),
    ],
)
def test_a_change_that_cannot_be_made_is_refused_with_why(api, change, said, settings):
    settings.WEBHOOK_ALLOW_LOOPBACK = False
    answer = api.patch("/api/me/preferences/", change, format="json")
    assert answer.status_code == 400
    assert said in str(answer.json())
    assert api.get("/api/me/preferences/").json()["channels"] == DEFAULTS


def test_a_player_sets_and_removes_their_webhook_through_the_api(api, ann, answering):
    answer = api.patch(
        "/api/me/preferences/",
        {"webhook": {"url": answering.url, "format": "slack"}},
        format="json",
    )
    hook = answer.json()["webhook"]
    assert hook["url"] == answering.url and hook["format"] == "slack" and hook["active"]
    assert hook["secret"] == PlayerWebhook.objects.get(user=ann).secret
    answer = api.patch("/api/me/preferences/", {"webhook": None}, format="json")
    assert answer.json()["webhook"] is None and not PlayerWebhook.objects.exists()


def test_preferences_need_a_log_in(db):
    assert APIClient().get("/api/me/preferences/").status_code == 401


def test_changing_channels_moves_no_game(api, ann, make_user):
    game = started_game([ann, make_user("ben")])
    before = (game.seq, Move.objects.count(), game.to_act)
    api.patch("/api/me/preferences/", {"channels": {"turn": {"email": False}}}, format="json")
    game.refresh_from_db()
    assert (game.seq, Move.objects.count(), game.to_act) == before


# ---------------------------------------------------------------------------- the page


def grid_post(**changes) -> dict:
    """The settings form as the page posts it, with the grid's boxes as given."""
    data = {"time_zone": "UTC", "digest_hour": "8", "email_timeout": "on"}
    data.update({f"email_{event}": "on" for event in ("turn", "reminder", "game_over")})
    data["email_invitation"] = "on"
    data.update({name: "on" for name, on in changes.items() if on})
    for name, on in changes.items():
        if not on:
            data.pop(name, None)
    return data


def test_the_settings_page_shows_one_grid_of_events_by_channel(client, ann):
    client.force_login(ann)
    page = client.get("/settings/").content.decode()
    assert "<legend>Channels</legend>" in page
    assert 'aria-label="It is my turn: webhook"' in page
    assert "browser notification" not in page  # no VAPID keys: the option is hidden
    assert "Webhook URL" in page and "/calendar/" in page


def test_the_push_column_shows_only_with_vapid_keys(client, ann, settings):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = "public", "private"
    client.force_login(ann)
    page = client.get("/settings/").content.decode()
    assert 'aria-label="It is my turn: browser notification"' in page
    assert 'data-push-key="public"' in page


def test_ticking_a_webhook_box_on_the_page_saves_it(client, ann):
    client.force_login(ann)
    answer = client.post("/settings/", grid_post(webhook_turn=True, email_reminder=False))
    assert answer.status_code == 302
    saved = Preferences.objects.get(user=ann)
    assert saved.webhook_turn and not saved.email_reminder and saved.email_turn


def test_the_page_refuses_a_webhook_on_a_private_address(client, ann, settings):
    settings.WEBHOOK_ALLOW_LOOPBACK = False
    client.force_login(ann)
    answer = client.post(
        "/settings/",
        {"action": "webhook", "webhook-url": "http://192.168.1.1/", "webhook-format": "json"},
    )
    assert answer.status_code == 400
    assert "private address" in answer.content.decode()
    assert not PlayerWebhook.objects.exists()


def test_the_page_saves_a_webhook_and_shows_its_secret(client, ann, answering):
    client.force_login(ann)
    answer = client.post(
        "/settings/",
        {"action": "webhook", "webhook-url": answering.url, "webhook-format": "discord"},
    )
    assert answer.status_code == 302
    hook = PlayerWebhook.objects.get(user=ann)
    assert hook.format == "discord"
    assert hook.secret in client.get("/settings/").content.decode()
