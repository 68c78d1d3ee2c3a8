"""With the network gone, the service worker answers a page with the offline page it keeps, in
the visitor's language and with the site's own look; back online, "Try again" fetches the
page that was asked for."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WORKER_IN_CHARGE = "navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)"
KEPT = "(path) => caches.match(path).then((answer) => !!answer)"


def test_a_page_asked_for_offline_gets_the_offline_page_in_the_visitors_language(
    browser, live_server
):
    context = browser.new_context(viewport=PHONE, base_url=live_server.url, locale="pl-PL")
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto("/")
        page.wait_for_function(WORKER_IN_CHARGE)

        context.set_offline(True)
        page.goto("/games/open/")
        assert page.locator("h1").inner_text() == "Jesteś offline"
        assert page.url == f"{live_server.url}/games/open/"
        paper = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert paper == "rgb(247, 242, 232)", "the offline page lost its stylesheet"
        assert page.evaluate(KEPT, "/static/web/tabletop.css")

        context.set_offline(False)
        page.get_by_role("link", name="Spróbuj ponownie").click()
        page.wait_for_selector("h1 >> text=Otwarte gry")
        assert page.url == f"{live_server.url}/games/open/"
    finally:
        context.close()
