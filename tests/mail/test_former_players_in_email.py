"""An email names a player who deleted their account "a former player", in the reader's
language, never by the placeholder their account keeps."""

from __future__ import annotations

from tabletop.accounts import deletion
from tabletop.accounts.models import Preferences
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tests.helpers.factories import started_game, user_at


def test_the_turn_email_after_a_deletion_names_a_former_player_in_the_readers_language(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben], "gazobu")
    Preferences.objects.create(user=ben, language="cs")
    if game.seat_of(ben) in game.to_act:  # ann must be waited for, so her step is told to ben
        mover = user_at(game, game.to_act[0])
        store.submit(
            game, mover, game.rules.legal_moves(game.state, game.to_act[0])[0], None, "web"
        )
        game.refresh_from_db()
    Outbox.objects.all().delete()

    deletion.delete_account(ann)

    row = Outbox.objects.filter(user=ben, kind=Outbox.Kind.TURN).latest("pk")
    message = compose(row)
    html = message.alternatives[0][0]
    for text in (message.subject, message.body, html):
        assert "former" not in text
    assert "bývalý hráč" in message.body
