"""A newcomer running the site locally signs up, follows the flash to the local outbox, reads
the confirmation email there and clicks its link: it opens on the origin they browse, logged in,
and confirms the address. The outbox's pages pass axe at both widths."""

from __future__ import annotations

import re

import pytest

from tabletop.accounts import addresses
from tests.browser.conftest import screenshots, sign_up
from tests.browser.test_accessibility import check_here

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def test_the_link_in_a_sign_up_email_in_the_outbox_confirms_the_address_on_the_same_origin(
    new_page, live_server, settings, django_user_model
):
    settings.DEBUG = True
    settings.EMAIL_BACKEND = "tabletop.mail.backends.LocalOutboxBackend"
    settings.SITE_URL = live_server.url  # `make run` serves the origin its emails link to
    page = new_page()
    sign_up(page, "dora")
    found: dict[str, list[str]] = {}

    page.click("text=Read it in the local outbox.")
    page.wait_for_url("**/mail/")
    check_here(page, "the local outbox", found)
    screenshots(page, "local-outbox")
    page.click("text=Confirm your address for tabletop")
    page.wait_for_url(re.compile(r".*/mail/\d+/$"))
    check_here(page, "an email in the local outbox", found)
    screenshots(page, "local-outbox-email")
    assert not found, found

    email = page.frame_locator("iframe.mail-html")
    email.locator("text=Confirm my address").click()
    page.wait_for_url(re.compile(r".*/accounts/confirm-email/[^/]+/$"))
    assert page.url.startswith(live_server.url + "/")
    assert "dora" in page.inner_text(".topnav")  # still logged in: the same origin
    page.click("form.stacked button")
    page.wait_for_selector("text=dora@example.com is confirmed")
    assert addresses.is_verified(django_user_model.objects.get(username="dora"))
