"""Deleting an account on the web: an emailed link first, a page to confirm, then logged out;
the games it played name it "a former player" in each reader's language."""

from __future__ import annotations

import re

import pytest
from django.core import mail

from tabletop.accounts.models import Preferences
from tabletop.play import store
from tests.helpers.factories import play_random_steps, started_game, user_at


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def the_emailed_link() -> str:
    [message] = mail.outbox
    return re.search(r"https?://\S+/settings/delete/\S+/", message.body).group(0)


def test_deleting_an_account_takes_the_emailed_link_and_a_confirmation_then_logs_out(
    client, make_user
):
    ann = make_user("ann")
    client.force_login(ann)

    asked = client.post("/settings/delete/", follow=True)
    assert "emailed you a link" in asked.content.decode()
    assert mail.outbox[0].to == ["ann@example.com"]
    path = the_emailed_link().split("://", 1)[1].split("/", 1)[1]

    shown = client.get("/" + path)
    ann.refresh_from_db()
    assert shown.status_code == 200 and ann.is_active  # opening the link deletes nothing
    assert 'id="confirm-delete-account"' in shown.content.decode()

    done = client.post("/" + path)
    assert done.status_code == 302
    ann.refresh_from_db()
    assert not ann.is_active and ann.username != "ann"
    assert client.get("/settings/").status_code == 302  # logged out
    assert not client.login(username="ann", password="pw-ann")
    assert client.post("/" + path).status_code == 400  # the link is spent


def test_a_deletion_link_that_was_tampered_with_deletes_nothing(client, make_user):
    ann = make_user("ann")
    client.force_login(ann)
    client.post("/settings/delete/")
    path = "/" + the_emailed_link().split("://", 1)[1].split("/", 1)[1]

    response = client.post(path.rstrip("/") + "x/")

    ann.refresh_from_db()
    assert response.status_code == 400 and ann.is_active


def test_the_game_page_names_a_former_player_in_the_readers_language(client, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = play_random_steps(started_game([ann, ben], "gazobu"), 4)
    vote = store.call_vote(game, user_at(game, 0), "end", {"how": "scored"}, "web")
    store.answer_vote(game, user_at(game, 1), vote.pk, True, "web")
    from tabletop.accounts import deletion

    deletion.delete_account(ann)
    Preferences.objects.create(user=ben, language="pl")
    client.force_login(ben)

    for page in (f"/games/{game.pk}/", f"/games/{game.pk}/history/"):
        text = client.get(page).content.decode()
        assert "były gracz" in text
        assert "former·" not in text and ">ann<" not in text


def test_the_exported_log_of_a_former_players_game_still_reruns(client, make_user):
    from tabletop.accounts import deletion
    from tabletop.play.export import rerun

    ann, ben = make_user("ann"), make_user("ben")
    game = play_random_steps(started_game([ann, ben], "gazobu"), 4)
    vote = store.call_vote(game, user_at(game, 0), "end", {"how": "scored"}, "web")
    store.answer_vote(game, user_at(game, 1), vote.pk, True, "web")
    deletion.delete_account(ann)

    document = client.get(f"/games/{game.pk}/history/log.json").json()

    assert document["players"][1] == "ben" and "ann" not in document["players"]
    assert rerun(document) == []
