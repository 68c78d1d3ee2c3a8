"""The unsubscribe pages: in the site's layout, a way to the settings, and undo in one click."""

from __future__ import annotations

from django.test import Client

from tabletop.accounts.models import Preferences
from tabletop.mail import subscriptions
from tabletop.mail.models import Suppression


def path_of(link: str) -> str:
    return link.removeprefix("http://localhost:8000")


def test_the_confirmation_page_is_in_the_sites_layout_with_a_way_to_the_settings(make_user):
    ann = make_user("ann")
    page = Client().get(path_of(subscriptions.unsubscribe_link(ann))).content.decode()
    assert '<main id="main"' in page
    assert 'class="topbar"' in page
    assert 'href="/settings/"' in page


def test_a_player_who_unsubscribed_turns_email_back_on_with_one_click(make_user):
    ann = make_user("ann")
    path = path_of(subscriptions.unsubscribe_link(ann))
    client = Client(enforce_csrf_checks=True)
    unsubscribed = client.post(path, {"List-Unsubscribe": "One-Click"}).content.decode()
    assert not Preferences.of(ann).wants("turn")
    assert 'name="undo"' in unsubscribed
    assert 'href="/settings/"' in unsubscribed

    response = client.post(path, {"undo": "1"})

    assert response.status_code == 200
    assert "Email is back on" in response.content.decode()
    assert Preferences.of(ann).wants("turn")


def test_an_address_without_an_account_is_no_longer_suppressed_after_undo(db):
    path = path_of(subscriptions.unsubscribe_link(email="Friend@Example.com"))
    client = Client()
    client.post(path, {"List-Unsubscribe": "One-Click"})
    assert Suppression.objects.filter(email="friend@example.com").exists()

    page = client.post(path, {"undo": "1"}).content.decode()

    assert not Suppression.objects.filter(email="friend@example.com").exists()
    assert 'href="/settings/"' not in page.split("<main", 1)[1]
