"""The rules page opened from a game leads back to it: the game page's Rules link names the
game, and the rules page shows "Back to the game" to whoever may see that game."""

from __future__ import annotations

import re

from django.test import Client

from tabletop.play import store
from tests.helpers.factories import started_game


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def back_link(html: str) -> str | None:
    found = re.search(r'<a[^>]*href="([^"]*)"[^>]*>← Back to the game', html)
    return found.group(1) if found else None


def test_the_rules_opened_from_a_game_lead_back_to_it(make_user):
    ann = make_user("ann")
    game = started_game([ann, make_user("ben")], slug="dos")
    client = logged_in(ann)
    page = client.get(f"/games/{game.pk}/").content.decode()
    rules_link = re.search(r'href="(/rules/dos/[^"]*)"[^>]*>Rules<', page).group(1)
    assert rules_link == f"/rules/dos/?from={game.pk}"
    rules = client.get(rules_link).content.decode()
    assert back_link(rules) == f"/games/{game.pk}/"
    assert back_link(client.get("/rules/dos/").content.decode()) is None


def test_a_private_game_is_no_way_back_for_someone_who_may_not_see_it(make_user):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 2, {}, fill_with_bots=True, private=True)
    assert back_link(logged_in(ann).get(f"/rules/gazobu/?from={game.pk}").content.decode())
    for stranger in (logged_in(make_user("eve")), Client()):
        page = stranger.get(f"/rules/gazobu/?from={game.pk}")
        assert page.status_code == 200
        assert back_link(page.content.decode()) is None
        assert f"/games/{game.pk}/" not in page.content.decode()


def test_a_way_back_to_nothing_is_simply_left_out(make_user, db):
    client = Client()
    for nonsense in ("abc", "-1", "999999", "9" * 40, ""):
        page = client.get(f"/rules/buttons/?from={nonsense}")
        assert page.status_code == 200
        assert back_link(page.content.decode()) is None
