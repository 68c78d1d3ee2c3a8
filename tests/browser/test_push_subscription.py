"""Turning browser notifications on from the settings page in Chromium: the service worker
registers under the Content-Security-Policy, the browser subscribes with the site's VAPID key,
and the server keeps the subscription. Headless Chromium reaches a real push service only
with network access; where it cannot subscribe, the test says so and skips."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tabletop.accounts.models import PushSubscription
from tests.browser.conftest import log_in
from tests.browser.test_csp import watch_for_violations

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

# A VAPID public key (P-256, uncompressed, URL-safe base64); subscribing needs only this half.
PUBLIC_KEY = (
    "BJYFVr5viGXBTHDJHS_-OyyLcUVjCMIEqi7bb34OUj7S8qcNaXjlGrG_FNCGB3whmH0J1EM_vyxEtaDJcDwZjDM"
)


def test_a_player_turns_notifications_on_in_this_browser(
    new_page, make_user, settings, live_server
):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = PUBLIC_KEY, "unused-in-this-test"
    make_user("ann")
    page = new_page()
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    violations = watch_for_violations(page)
    log_in(page, "ann", "pw-ann")
    page.goto("/settings/")
    assert page.get_attribute("#push", "data-push-key") == PUBLIC_KEY

    page.click("#push-on")
    status = page.locator("#push-status")
    expect(status).to_have_text(re.compile(r"\S"), timeout=30_000)
    said = status.text_content()
    registered = page.evaluate(
        "navigator.serviceWorker.getRegistrations().then((all) => all.some((r) => r.active))"
    )
    assert registered, "the service worker did not register"
    assert violations == []
    if said.startswith("This browser could not be subscribed"):
        pytest.skip(f"Chromium has no push service here: {said}")
    assert said == "This browser gets notifications now."
    subscription = PushSubscription.objects.get()
    assert subscription.user.username == "ann" and subscription.endpoint.startswith("https://")

    page.click("#push-off")
    expect(status).to_have_text(re.compile("no more"))
    assert not PushSubscription.objects.exists()


def test_without_vapid_keys_the_settings_page_offers_no_notifications(new_page, make_user):
    make_user("ann")
    page = new_page()
    log_in(page, "ann", "pw-ann")
    page.goto("/settings/")
    assert page.locator("#push").count() == 0
    assert page.locator("#channels-grid th", has_text="Browser").count() == 0
