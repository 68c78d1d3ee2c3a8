"""A game the table ended by vote: its page, its history and its game-over email tell it."""

from __future__ import annotations

import pytest

from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import started_game, user_at

SLUGS = ["gazobu", "dos", "dr_gomb", "buttons", "dr_hrubec"]


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def ended(game: Game, how: str) -> Game:
    users = [user_at(game, seat) for seat in range(game.players)]
    vote = store.call_vote(game, users[0], "end", {"how": how}, Move.Source.WEB)
    for user in users[1:]:
        store.answer_vote(game, user, vote.pk, True, Move.Source.WEB)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("how", ["scored", "abandoned"])
def test_a_game_ended_by_the_table_shows_its_end_everywhere(client, make_user, slug, how):
    game = ended(started_game([make_user("ann"), make_user("ben")], slug=slug), how)
    assert game.is_over
    client.force_login(user_at(game, 0))
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200
    assert "The vote to end the game now" in page.content.decode()
    assert client.get(f"/games/{game.pk}/history/").status_code == 200
    rows = Outbox.objects.filter(game=game, kind=Outbox.Kind.GAME_OVER)
    assert rows.count() == 2
    bodies = [" ".join(compose(row).body.split()) for row in rows]
    expected = "scored as it stood" if how == "scored" else "abandon the game: nobody wins"
    assert all(expected in body for body in bodies)
    assert store.verify(game) == []
