"""Turning browser notifications on from the settings page in Chromium: the service worker
registers under the Content-Security-Policy, the page subscribes with the site's VAPID key,
and the server keeps the subscription, then forgets it.

Headless Chromium subscribes only through its vendor's push service on the internet, which
this machine has no way to; the test stands in for that one service (PushManager's subscribe
and getSubscription, which answer with a subscription as a push service would) and checks
what the page asked it for. The page's script, the service worker, CSRF, the endpoint and
the database are the real ones; delivery itself is tested against a loopback push service in
tests/mail/test_push_notifications.py."""

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
STAND_IN_ENDPOINT = "http://127.0.0.1:9/push/stand-in"

# The browser's push service, stood in for: it keeps what the page asked for and answers
# with a subscription (an endpoint and the browser's keys), as the real one does.
PUSH_SERVICE = """
(() => {
  let current = null;
  const subscription = (endpoint) => ({
    endpoint,
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: "BStandInBrowserPublicKey", auth: "stand-in-auth" },
    }),
    unsubscribe: async () => { current = null; return true; },
  });
  PushManager.prototype.subscribe = async function (options) {
    window.askedForPush = {
      userVisibleOnly: options.userVisibleOnly,
      key: btoa(String.fromCharCode(...new Uint8Array(options.applicationServerKey))),
    };
    current = subscription("ENDPOINT");
    return current;
  };
  PushManager.prototype.getSubscription = async function () { return current; };
})();
""".replace("ENDPOINT", STAND_IN_ENDPOINT)


def standard_base64(url_safe: str) -> str:
    return url_safe.replace("-", "+").replace("_", "/") + "=" * (-len(url_safe) % 4)


def test_a_player_turns_notifications_on_in_this_browser(
    new_page, make_user, settings, live_server
):
    settings.VAPID_PUBLIC_KEY, settings.VAPID_PRIVATE_KEY = PUBLIC_KEY, "unused-in-this-test"
    settings.WEBHOOK_ALLOW_LOOPBACK = True  # the stand-in's endpoint is on this machine
    make_user("ann")
    page = new_page()
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    page.add_init_script(PUSH_SERVICE)
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
    assert said == "This browser gets notifications now."
    asked = page.evaluate("window.askedForPush")
    assert asked == {"userVisibleOnly": True, "key": standard_base64(PUBLIC_KEY)}
    subscription = PushSubscription.objects.get()
    assert (subscription.user.username, subscription.endpoint) == ("ann", STAND_IN_ENDPOINT)
    assert (subscription.p256dh, subscription.auth) == ("BStandInBrowserPublicKey", "stand-in-auth")

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
