"""Beat on two machines at once: two sweeps side by side, over reminders, digests, timeouts
and rows whose publish was lost, remind once, gather once, time out once and send each email
once (a real worker, a real SMTP server, PostgreSQL)."""

from __future__ import annotations

import threading
from collections import Counter
from datetime import timedelta

import pytest
from django.db import connection

from tabletop.accounts.models import Preferences
from tabletop.mail import tasks
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play import tasks as play_tasks
from tabletop.play.models import Game, Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = [pytest.mark.xdist_group("mail-worker"), pytest.mark.usefixtures("fast_passwords")]

GAMES = 4  # of each sort: reminded, timed out, digested


@pytest.fixture(autouse=True)
def emails_at_once(settings) -> None:
    settings.MAIL_COALESCE_SECONDS = 0


def beat_tick() -> dict:
    """What one machine's beat starts each minute: both sweeps."""
    return {"deadlines": play_tasks.sweep_deadlines(), **tasks.sweep()}


def on_two_machines(work) -> list:
    """`work` twice at once, each in its own thread and database connection."""
    results: list = [None, None]
    start = threading.Barrier(2)

    def run(n: int) -> None:
        start.wait()
        try:
            results[n] = work()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def waiting_deadline(game: Game):
    return game.seats.get(position=game.to_act[0]).deadline


def tables(make_user, prefix: str, **kwargs) -> list[Game]:
    return [
        started_game([make_user(f"{prefix}{n}a"), make_user(f"{prefix}{n}b")], **kwargs)
        for n in range(GAMES)
    ]


def held_for_a_digest(game: Game, moment) -> Outbox:
    seat = game.to_act[0]
    player = user_at(game, seat)
    Preferences.objects.update_or_create(user=player, defaults={"daily_digest": True})
    return Outbox.objects.create(
        kind=Outbox.Kind.TURN, status=Outbox.Status.HELD, not_before=moment, game=game,
        seat=seat, user=player, to=player.email, at_seq=game.seq,
    )  # fmt: skip


def test_two_beats_side_by_side_remind_time_out_gather_and_send_each_email_once(
    make_user, on_postgresql, mailbox, worker, frozen
):
    reminded = tables(make_user, "r", days_per_move=2, reminder_hours=[36])
    late = tables(make_user, "t", days_per_move=1, reminder_hours=[])
    digested = tables(make_user, "d", days_per_move=3, reminder_hours=[])
    mailhelpers.wait_until(lambda: not Outbox.objects.filter(status=Outbox.Status.PENDING))
    frozen.set(max(waiting_deadline(game) for game in late) + timedelta(minutes=1))
    for game in digested:
        held_for_a_digest(game, frozen.now)
    assert min(waiting_deadline(game) for game in reminded) > frozen.now
    # Rows written as a move writes them but whose publish was lost: the sweeps publish them.
    lost = [
        Outbox.objects.create(
            kind=Outbox.Kind.TURN,
            game=game,
            seat=game.to_act[0],
            user=user_at(game, game.to_act[0]),
            to=user_at(game, game.to_act[0]).email,
            at_seq=game.seq,
        )  # fmt: skip
        for game in reminded
    ]
    Outbox.objects.filter(pk__in=[row.pk for row in lost]).update(
        created=frozen.now - timedelta(minutes=5)
    )

    ticks = on_two_machines(beat_tick)

    assert sum(tick["deadlines"] for tick in ticks) == GAMES, ticks
    assert sum(tick["reminders"] for tick in ticks) == GAMES, ticks
    assert sum(tick["digests"] for tick in ticks) == GAMES, ticks
    for game in reminded:
        assert Outbox.objects.filter(game=game, kind=Outbox.Kind.REMINDER).count() == 1
    for game in late:
        game.refresh_from_db()
        assert game.moves.filter(source=Move.Source.TIMEOUT_BOT).exists()
        assert Outbox.objects.filter(game=game, kind=Outbox.Kind.TIMEOUT).count() == 2
        assert store.verify(game) == []
    assert Outbox.objects.filter(kind=Outbox.Kind.DIGEST).count() == GAMES

    mailhelpers.wait_until(lambda: not Outbox.objects.filter(status=Outbox.Status.PENDING), 60)
    on_two_machines(beat_tick)  # and again, with nothing left to do
    mailhelpers.wait_until(lambda: not Outbox.objects.filter(status=Outbox.Status.PENDING), 60)
    sent = Outbox.objects.filter(status=Outbox.Status.SENT, channel=Outbox.Channel.EMAIL)
    received = Counter(mail.message["Message-ID"] for mail in mailbox.received)
    assert set(received.values()) == {1}, received.most_common(3)
    assert sorted(received) == sorted(sent.values_list("message_id", flat=True))
    kinds = Counter(sent.values_list("kind", flat=True))
    assert kinds[Outbox.Kind.REMINDER] == kinds[Outbox.Kind.DIGEST] == GAMES, kinds
    assert kinds[Outbox.Kind.TIMEOUT] == 2 * GAMES, kinds
    assert all(
        Outbox.objects.get(pk=row.pk).status in (Outbox.Status.SENT, Outbox.Status.SKIPPED)
        for row in lost
    )
