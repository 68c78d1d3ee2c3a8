"""Refusals to invite someone read in the page's language, like the store's own."""

from __future__ import annotations

from html import unescape

import pytest
from django.test import Client

from tabletop.play import invitations, store

NOBODY = {
    "pl": "Nikt tu nie gra pod nazwą 'nobody'; zaproś tę osobę przez adres e-mail.",
    "cs": "Pod jménem 'nobody' tu nikdo nehraje; pozvi ho e-mailovou adresou.",
}


@pytest.mark.parametrize("language", NOBODY)
def test_inviting_a_name_nobody_plays_under_is_refused_in_the_pages_language(make_user, language):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 3)
    page = Client()
    page.force_login(ann)

    response = page.post(
        f"/games/{game.pk}/invite/", {"invite": "nobody"}, HTTP_ACCEPT_LANGUAGE=language
    )

    assert response.status_code == 400
    assert NOBODY[language] in unescape(response.content.decode())


def test_withdrawing_someone_elses_invitation_is_refused_in_the_pages_language(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = invitations.create_table(ann, "gazobu", 3, {}, invitees=["zoe@example.com"])
    store.join_game(game, ben)
    page = Client()
    page.force_login(ben)

    invitation = game.invitations.get()
    response = page.post(
        f"/games/{game.pk}/invitations/{invitation.pk}/withdraw/", HTTP_ACCEPT_LANGUAGE="cs"
    )

    assert response.status_code == 403
    refusal = "Pozvánky stahuje jen zakladatel tohoto stolu, ann."
    assert refusal in unescape(response.content.decode())
