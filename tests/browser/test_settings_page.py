"""The settings page in Chromium at a phone's narrowest width: the webhook and calendar
sections are cards like the form's groups, the Save button keeps clear of them, nothing runs
off the side, and the calendar offers Subscribe and Download."""

from __future__ import annotations

from tabletop.accounts.models import Preferences
from tests.browser.conftest import log_in, screenshots

NARROWEST = {"width": 320, "height": 640}


def test_the_settings_sections_are_cards_clear_of_the_save_button_at_320px(new_page, make_user):
    ann = make_user("ann")
    Preferences.objects.update_or_create(user=ann, defaults={"webhook_turn": True})
    page = new_page(NARROWEST)
    log_in(page, "ann", "pw-ann")
    page.goto("/settings/")

    save = page.locator("form.settings-form button.go").bounding_box()
    webhook = page.locator("#channels").bounding_box()
    assert webhook["y"] - (save["y"] + save["height"]) >= 16
    for section in ("#channels", "#calendar"):
        style = page.eval_on_selector(
            section,
            "s => { const c = getComputedStyle(s);"
            " return [c.borderTopStyle, c.backgroundColor, c.paddingLeft]; }",
        )
        assert style[0] == "solid" and style[1] != "rgba(0, 0, 0, 0)" and style[2] != "0px"
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0

    warning = page.locator("#webhook-not-set.settings-warning")
    assert warning.is_visible()
    assert "No webhook is set yet" in warning.inner_text()
    calendar = page.locator("#calendar")
    subscribe = calendar.get_by_role("link", name="Subscribe", exact=True)
    assert subscribe.get_attribute("href").startswith("webcal://")
    download = calendar.get_by_role("link", name="Download", exact=True)
    assert download.get_attribute("href").endswith("?download=1")
    screenshots(page, "settings")
