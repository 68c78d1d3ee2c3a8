"""The Webhook column of the settings page's channels reaches nothing without a webhook that is
on: the page says so, and warns when events are ticked in it."""

from __future__ import annotations

import pytest
from django.utils import timezone

from tabletop.accounts.models import PlayerWebhook, Preferences
from tests.accounts.test_settings_page import preferences_form

NOT_SET = "No webhook is set yet, so the Webhook column tells you nothing"
WARNING = "You ticked events in the Webhook column, but no webhook is on"
SWITCHED_OFF = "Your webhook is switched off, so the Webhook column tells you nothing"


@pytest.fixture
def ann(make_user):
    return make_user("ann")


def test_ticking_the_webhook_column_without_a_webhook_warns(client, ann):
    client.force_login(ann)
    answer = client.post("/settings/", preferences_form(webhook_turn="on"), follow=True)
    page = answer.content.decode()
    assert Preferences.objects.get(user=ann).webhook_turn  # kept for when a webhook is set
    assert "Your settings are saved." in page
    assert WARNING in page
    assert 'class="settings-warning" id="webhook-not-set"' in page
    assert NOT_SET in page


def test_without_a_webhook_the_page_says_the_column_needs_one_first(client, ann):
    client.force_login(ann)
    page = client.get("/settings/").content.decode()
    assert NOT_SET in page
    assert WARNING not in page and 'class="settings-warning"' not in page


def test_with_a_webhook_that_is_on_ticking_the_column_warns_of_nothing(client, ann):
    PlayerWebhook.objects.create(user=ann, url="https://hooks.example.com/t")
    client.force_login(ann)
    page = client.post("/settings/", preferences_form(webhook_turn="on"), follow=True)
    page = page.content.decode()
    assert "Your settings are saved." in page
    assert WARNING not in page and NOT_SET not in page and SWITCHED_OFF not in page


def test_a_switched_off_webhook_is_named_beside_the_column(client, ann):
    PlayerWebhook.objects.create(
        user=ann, url="https://hooks.example.com/t", failures=3, switched_off=timezone.now()
    )
    client.force_login(ann)
    page = client.post("/settings/", preferences_form(webhook_game_over="on"), follow=True)
    page = page.content.decode()
    assert SWITCHED_OFF in page and WARNING in page


def test_the_webhooks_help_is_on_the_page_not_in_the_readme(client, ann):
    PlayerWebhook.objects.create(user=ann, url="https://hooks.example.com/t")
    client.force_login(ann)
    page = client.get("/settings/").content.decode()
    assert "README" not in page
    assert "Paste the address below, choose the format and save the webhook." in page
    assert "Compute HMAC-SHA256 of the time, a dot and the request" in page
