"""`GET /api/games/`, the list API clients poll: the caller's games, the open tables they are
invited to and the open public tables, and nothing else, found without reading every game of
the site (issue 31: one filter of the three ORed together made PostgreSQL read them all)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tabletop.api.views import listed_games
from tabletop.play import invitations
from tests.helpers.factories import started_game
from tests.helpers.plans import scans_every_row_of

pytestmark = pytest.mark.django_db


def listed_for(user) -> set[int]:
    client = APIClient()
    client.force_authenticate(user)
    response = client.get("/api/games/")
    assert response.status_code == 200
    return {game["id"] for game in response.json()}


def test_the_list_holds_the_callers_games_their_invitations_and_the_open_public_tables(
    make_user,
):
    ann, ben, cat = make_user("ann"), make_user("ben"), make_user("cat")
    playing = started_game([ann, ben])
    others_playing = started_game([ben, cat])
    open_public = invitations.create_table(cat, "gazobu", 2)
    inviting_ann = invitations.create_table(cat, "gazobu", 2, private=True, invitees=["ann"])
    inviting_ben = invitations.create_table(cat, "gazobu", 2, private=True, invitees=["ben"])

    assert listed_for(ann) == {playing.pk, open_public.pk, inviting_ann.pk}
    assert listed_for(ben) == {playing.pk, others_playing.pk, open_public.pk, inviting_ben.pk}
    assert others_playing.pk not in listed_for(ann)


def test_the_list_reads_the_callers_rows_through_indexes_not_every_game(on_postgresql, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    started_game([ann, ben])

    assert not scans_every_row_of(listed_games(ann), "play_game")
