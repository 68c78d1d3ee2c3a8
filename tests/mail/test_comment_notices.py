"""A comment on a finished game tells its other players: by email at most once a day per game
(linking to the step), on their webhook and in their browser at every comment when they chose
those; never the author, nor a player who blocks the author, nor one who turned it off."""

from __future__ import annotations

import pytest

from tabletop.accounts import blocks, channels
from tabletop.accounts.models import Preferences, PushSubscription
from tabletop.mail import outgoing, subscriptions
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import comments, reports, store
from tabletop.play.models import Move
from tests.helpers.factories import play_random_steps, started_game

pytest_plugins = ["tests.helpers.mail"]


@pytest.fixture
def players(make_user):
    return [make_user("ann"), make_user("ben"), make_user("cat")]


@pytest.fixture
def finished(players):
    game = play_random_steps(started_game(players), 4)
    for leaving in players[1:]:  # with two of three resigned, the game is over
        store.resign(game, leaving, Move.Source.RESIGN)
        game.refresh_from_db()
    assert game.is_over
    return game


def emails(**filters):
    return Outbox.objects.filter(
        kind=Outbox.Kind.COMMENT, channel=Outbox.Channel.EMAIL, **filters
    ).order_by("pk")


def choose(user, **channels_on) -> None:
    preferences, _ = Preferences.objects.get_or_create(user=user)
    preferences.set_channels({"comment": channels_on})
    preferences.save()


def test_the_other_players_get_an_email_linking_to_the_step(players, finished):
    ann, ben, cat = players
    comments.write(finished, ann, 2, "Why <b>not</b> the blue?")
    assert sorted(row.user.username for row in emails()) == ["ben", "cat"]

    message = compose(emails(user=ben).get())
    html = message.alternatives[0][0]
    assert message.subject == f"ann commented on Gazobu #{finished.pk}"
    assert f"/games/{finished.pk}/history/?seq=2" in message.body
    assert '"Why <b>not</b> the blue?"' in message.body
    assert "Why &lt;b&gt;not&lt;/b&gt; the blue?" in html and "<b>not</b>" not in html
    assert "commented on move 2" in message.body


def test_one_email_a_day_per_game_however_many_comments(players, finished, frozen, make_user):
    ann, ben, cat = players
    comments.write(finished, ann, 1, "first")
    comments.write(finished, cat, 2, "second")
    comments.write(finished, ann, 3, "third")
    assert [row.context["comment"] for row in emails(user=ben)] == ["first"]
    # cat heard of ann's first comment; her own comment tells her nothing.
    assert [row.context["comment"] for row in emails(user=cat)] == ["first"]

    other = play_random_steps(started_game([ann, ben]), 2)
    store.resign(other, ben, Move.Source.RESIGN)
    other.refresh_from_db()
    comments.write(other, ann, 1, "another game, another email")
    assert emails(user=ben).count() == 2

    frozen.advance(hours=25)
    comments.write(finished, ann, 4, "a day later")
    assert [row.context["comment"] for row in emails(user=ben, game=finished)] == [
        "first",
        "a day later",
    ]


def test_a_player_who_turned_comment_email_off_is_not_sent_it(players, finished):
    ann, ben, _ = players
    choose(ben, email=False)
    comments.write(finished, ann, 1, "hello")
    row = emails(user=ben).get()
    assert not subscriptions.may_send(row.kind, ben, row.to)


def test_a_visitors_comment_tells_every_player_but_none_who_blocks_them(
    players, finished, make_user
):
    ann, ben, cat = players
    comments.write(finished, make_user("dan"), 1, "what a game")
    assert sorted(row.user.username for row in emails()) == ["ann", "ben", "cat"]
    # A player's block keeps the blocked from commenting at all, so nobody hears from them.
    eve = make_user("eve")
    blocks.block(ben, eve)
    with pytest.raises(store.Refused):
        comments.write(finished, eve, 1, "hello")


def test_webhook_and_push_go_at_every_comment_to_who_chose_them(players, finished, settings):
    settings.WEBHOOK_ALLOW_LOOPBACK = True
    ann, ben, cat = players
    channels.set_webhook(ben, "http://127.0.0.1:9/hook")
    choose(ben, webhook=True)
    PushSubscription.objects.create(
        user=cat, endpoint="http://127.0.0.1:9/push", p256dh="k", auth="a"
    )
    choose(cat, push=True, email=False)

    comments.write(finished, ann, 1, "one")
    comments.write(finished, ann, 2, "two")

    others = Outbox.objects.filter(kind=Outbox.Kind.COMMENT).exclude(channel="email")
    told = sorted((row.user.username, row.channel, row.context["comment"]) for row in others)
    assert told == [
        ("ben", "webhook", "one"),
        ("ben", "webhook", "two"),
        ("cat", "push", "one"),
        ("cat", "push", "two"),
    ]
    row = others.filter(channel="webhook").first()
    body = outgoing.payload(row)
    assert body["event"] == "comment" and body["step"] == 1 and body["comment_by"] == "ann"
    assert body["step_url"].endswith(f"/games/{finished.pk}/history/?seq=1")
    assert body["text"].startswith(f"ann commented on step 1 of Gazobu #{finished.pk}: one")


def test_a_comment_a_moderator_hid_before_its_notice_went_out_is_not_told(
    players, finished, make_user
):
    ann, ben, cat = players
    said = comments.write(finished, ann, 2, "something nobody should read")
    moderator = make_user("mod")
    assert reports.hide_comment(said, moderator)
    assert {row.status for row in emails()} == {Outbox.Status.SKIPPED}
    # A later comment is told as usual.
    comments.write(finished, ben, 3, "a kind word")
    assert emails(status=Outbox.Status.PENDING).exists()
