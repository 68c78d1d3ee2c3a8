"""A player's mail settings decide what reaches them: an unsubscribed player gets no game
mail, yet still hears back about the moves they email; opt-outs are per kind."""

from __future__ import annotations

import pytest

from tabletop.accounts.forms import PreferencesForm
from tabletop.accounts.models import Preferences
from tabletop.mail import inbound, outbox
from tabletop.mail.models import Outbox
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import play_random_steps, started_game

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


def send_all() -> None:
    for row in Outbox.objects.filter(status=Outbox.Status.PENDING):
        claimed = outbox.claim(row.pk)
        if claimed:
            outbox.send(claimed)


def statuses(kind: str) -> set[str]:
    return set(Outbox.objects.filter(kind=kind).values_list("status", flat=True))


def test_an_unsubscribed_player_gets_no_turn_email_but_answers_to_their_replies(
    make_user, mailbox, frozen, settings
):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    seat = game.to_act[0]
    player = game.seats.get(position=seat).user
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    Preferences.objects.create(user=player, unsubscribed=True)
    frozen.advance(seconds=settings.MAIL_COALESCE_SECONDS)  # the turn email's short hold
    send_all()
    assert statuses(Outbox.Kind.TURN) == {Outbox.Status.SKIPPED}

    inbound.receive(mailhelpers.reply_to(original, "status"), "test")
    send_all()
    assert statuses(Outbox.Kind.REPLY) == {Outbox.Status.SENT}
    assert [mail.rcpt_tos for mail in mailbox.received] == [[player.email]]


def test_opting_out_of_game_over_email_keeps_the_others(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    Preferences.objects.create(user=ann, email_game_over=False)
    game = started_game([ann, ben])
    while not game.is_over:
        game = play_random_steps(game, 50)
    send_all()
    rows = Outbox.objects.filter(kind=Outbox.Kind.GAME_OVER)
    assert {row.user.username: row.status for row in rows} == {
        "ann": Outbox.Status.SKIPPED,
        "ben": Outbox.Status.SENT,
    }


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ({"quiet_start": "22:00"}, "Quiet hours need both a start and an end."),
        ({"quiet_start": "22:00", "quiet_end": "22:00"}, "must not start and end at the same"),
        ({"vacation_start": "2027-01-02", "vacation_end": "2027-01-01"}, "ends before it starts"),
        ({"digest_hour": 24}, "The digest hour is 0 to 23."),
        ({"time_zone": "Mars/Olympus"}, "Select a valid choice."),
    ],
)
def test_the_settings_form_refuses_what_makes_no_sense(make_user, data, problem):
    form = PreferencesForm(
        data={"time_zone": "UTC", "digest_hour": 8, **data},
        instance=Preferences.of(make_user("ann")),
    )
    assert not form.is_valid()
    assert problem in str(form.errors)
