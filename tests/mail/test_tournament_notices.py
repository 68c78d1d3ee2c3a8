"""A tournament tells its players what it did, on the channels each chose for "tournament":
their new game when a round is seated, a bye, a drop (to the dropped player and the organiser),
the end with the winners; by email through a real SMTP server, and on a webhook."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tabletop.accounts.models import Preferences
from tabletop.mail import tasks
from tabletop.mail.models import Outbox
from tabletop.play import clock
from tabletop.tournaments import drops, rounds
from tests.helpers.tournaments import finish_round, games_of_round, signed_up
from tests.helpers.webhooks import wants_webhooks

pytest_plugins = ["tests.helpers.mail", "tests.helpers.webhooks"]
pytestmark = [pytest.mark.xdist_group("mail-worker"), pytest.mark.usefixtures("fast_passwords")]


def news(user, kind: str = "new-game", channel: str = "email"):
    return Outbox.objects.filter(
        kind=Outbox.Kind.TOURNAMENT, user=user, channel=channel, context__news=kind
    )


def test_each_player_hears_of_their_new_game_with_who_they_play_and_the_round_deadline(
    make_user, transactional_db, mailbox
):
    organiser = make_user("org")
    ann, ben, cat = (make_user(n) for n in ("ann", "ben", "cat"))
    tournament = signed_up(
        organiser, [ann, ben, cat], "dos", format="round_robin", table_size=2, max_players=3
    )
    rounds.start_tournament(tournament, organiser)
    [game] = games_of_round(tournament, 1)
    seated = [seat.user for seat in game.seats.order_by("position")]
    sitting_out = ({ann, ben, cat} - set(seated)).pop()

    first = seated[0]
    tasks.deliver(news(first).get().pk)
    [email] = mailbox.wait_for(first.email)
    assert email.message["Subject"] == "Round 1 of dos cup: your new game"
    assert f"You play against {seated[1].username}." in email.text
    assert f"/games/{game.pk}/" in email.text
    assert "The round ends " in email.text
    assert f"/tournaments/{tournament.pk}/" in email.text

    tasks.deliver(news(sitting_out, "bye").get().pk)
    [bye] = mailbox.wait_for(sitting_out.email)
    assert bye.message["Subject"] == "Round 1 of dos cup: a bye for you"
    assert not news(sitting_out).exists()


def test_a_dropped_player_and_the_organiser_hear_why_on_the_channels_they_chose(
    make_user, transactional_db, answering
):
    from tabletop.accounts import channels

    organiser = make_user("org")
    ann, ben = make_user("ann"), make_user("ben")
    channels.set_webhook(ann, answering.url)
    wants_webhooks(ann, "tournament")
    tournament = signed_up(
        organiser, [ann, ben], "dos", format="round_robin", table_size=2, max_players=2
    )
    rounds.start_tournament(tournament, organiser)
    drops.drop_player(tournament, ann, "never moved", by=organiser)

    assert news(organiser, "dropped").exists() and news(ann, "dropped").exists()
    assert not news(ben, "dropped").exists()
    tasks.deliver(news(ann, "dropped", channel="webhook").get().pk)
    body = [p.json for p in answering.received() if p.json.get("news") == "dropped"][0]
    assert body["event"] == "tournament"
    assert body["tournament"]["id"] == tournament.pk
    assert body["tournament"]["url"].endswith(f"/tournaments/{tournament.pk}/")
    assert (
        body["text"] == f"ann was dropped from dos cup (never moved): {body['tournament']['url']}"
    )


def test_everyone_hears_who_won_and_their_own_place_in_their_language(
    make_user, transactional_db, mailbox
):
    organiser = make_user("org")
    ann, ben = make_user("ann"), make_user("ben")
    Preferences.objects.update_or_create(user=ben, defaults={"language": "pl"})
    tournament = signed_up(
        organiser, [ann, ben], "dos", format="round_robin", table_size=2, max_players=2
    )
    rounds.start_tournament(tournament, organiser)
    finish_round(tournament)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    for player in (ann, ben):
        [row] = news(player, "over")
        assert row.context["winners"]
        tasks.deliver(row.pk)
    [polish] = mailbox.wait_for(ben.email)
    assert "dos cup" in polish.message["Subject"] and "is over" not in polish.message["Subject"]
    place = 1 if ben.pk in tournament.winners else 2
    assert str(place) in polish.text


def test_nobody_chose_to_hear_nothing_is_told_to_them(make_user, transactional_db):
    organiser = make_user("org")
    ann, ben = make_user("ann"), make_user("ben")
    preferences, _ = Preferences.objects.get_or_create(user=ann)
    preferences.email_tournament = False
    preferences.save()
    tournament = signed_up(
        organiser,
        [ann, ben],
        "dos",
        format="round_robin",
        table_size=2,
        max_players=2,
        signup_deadline=clock.now() + timedelta(days=1),
    )
    rounds.start_tournament(tournament, organiser)
    row = news(ann).get()
    tasks.deliver(row.pk)
    row.refresh_from_db()
    assert row.status == Outbox.Status.SKIPPED
