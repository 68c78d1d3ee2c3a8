"""Choosing another language on the settings page: the page that follows, its confirmation
included, speaks the language chosen, not the one left."""

from __future__ import annotations

import pytest

from tabletop.accounts.models import Preferences
from tests.accounts.test_settings_page import preferences_form


@pytest.fixture
def ola(make_user):
    ola = make_user("ola")
    Preferences.objects.update_or_create(user=ola, defaults={"language": "pl"})
    return ola


def test_the_confirmation_of_a_new_language_speaks_the_language_chosen(client, ola):
    client.force_login(ola)
    assert "Ustawienia" in client.get("/settings/").content.decode()
    answer = client.post("/settings/", preferences_form(language="cs"), follow=True)
    page = answer.content.decode()
    assert "Nastavení uloženo." in page
    assert "Ustawienia zapisane." not in page
    assert answer["Content-Language"] == "cs"


def test_going_back_to_the_browsers_language_confirms_in_the_browsers_language(client, ola):
    client.force_login(ola)
    answer = client.post(
        "/settings/", preferences_form(language=""), follow=True, HTTP_ACCEPT_LANGUAGE="cs"
    )
    page = answer.content.decode()
    assert "Nastavení uloženo." in page
    assert "Ustawienia zapisane." not in page
