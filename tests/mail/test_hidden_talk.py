"""A line of talk a moderator hides before its webhook post has gone out is never posted;
the other lines still are."""

from __future__ import annotations

from tabletop.mail.models import Outbox, TableWebhook
from tabletop.play import chat, reports
from tabletop.play.models import Move
from tests.helpers.factories import started_game


def test_a_hidden_line_still_waiting_for_the_tables_webhook_is_never_posted(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    TableWebhook.objects.create(
        game=game, owner=ann, set_by=ann, url="https://hooks.example.com/table"
    )
    chat.post(game, ben, "good luck", Move.Source.WEB)
    vile = chat.post(game, ben, "something vile", Move.Source.WEB)
    waiting = Outbox.objects.filter(kind=Outbox.Kind.CHAT, status=Outbox.Status.PENDING)
    assert sorted(row.context["said"] for row in waiting) == ["good luck", "something vile"]

    reports.hide(vile, make_user("mod"))

    assert [row.context["said"] for row in waiting.all()] == ["good luck"]
    [skipped] = Outbox.objects.filter(status=Outbox.Status.SKIPPED)
    assert skipped.context["said"] == "something vile"
