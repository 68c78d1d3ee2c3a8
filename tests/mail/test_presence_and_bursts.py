"""Email that respects presence and never comes in bursts: a player who has the game open gets
no turn email until they have gone (and then only if it is still their move); what happens to
a player in a game within a short window makes one email; reminders are not held back."""

from __future__ import annotations

import json
from collections import Counter
from datetime import timedelta

import pytest
from django.core import mail
from django.db.models import Q

from tabletop.mail import outbox, reminders, tasks
from tabletop.mail.models import Outbox
from tabletop.play import clock, presence, store
from tabletop.play import tasks as play_tasks
from tabletop.play.models import Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import play_random_steps, started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def pair(make_user):
    return [make_user("ann"), make_user("ben")]


def window_over(frozen, settings) -> None:
    frozen.advance(seconds=settings.MAIL_COALESCE_SECONDS + 1)


def due_rows():
    moment = clock.now()
    return Outbox.objects.filter(status=Outbox.Status.PENDING).filter(
        Q(not_before__isnull=True) | Q(not_before__lte=moment)
    )


def send_due() -> None:
    """What the worker does with every row that is due, here and now."""
    for row_id in list(due_rows().values_list("pk", flat=True)):
        claimed = outbox.claim(row_id)
        if claimed is not None:
            outbox.send(claimed)


def settled() -> None:
    """Wait until the worker has taken every row that is due."""
    mailhelpers.wait_until(lambda: not due_rows().exists())


def ask_again_and_again(game, times: int) -> int:
    """Two quick players of Buttons, moving by email: the active one rolls and lays, the other
    answers the gold square each time it is legal. Until one seat has been asked `times` times
    and is asked now; that seat."""
    for _ in range(400):
        game.refresh_from_db()
        for seat in game.to_act:
            if Outbox.objects.filter(kind=Outbox.Kind.TURN, game=game, seat=seat).count() >= times:
                return seat
        seat = game.to_act[0]
        move = next(m for m in game.rules.legal_moves(game.state, seat) if m["kind"] != "order")
        store.submit(game, user_at(game, seat), move, game.seq, Move.Source.EMAIL)
    raise AssertionError(f"nobody was asked {times} times")


def look_at(client, game) -> None:
    """The player's game page polls its panel, as htmx does every few seconds."""
    game.refresh_from_db()
    response = client.get(f"/games/{game.pk}/panel/?version=unknown")
    assert response.status_code == 200


# ---------------------------------------------------------------------------- bursts


@pytest.mark.xdist_group("mail-worker")
def test_four_quick_questions_make_one_email(pair, mailbox, worker, frozen, settings):
    game = started_game(pair, "buttons")
    asked = ask_again_and_again(game, 4)
    player = user_at(game, asked)
    rows = Outbox.objects.filter(kind=Outbox.Kind.TURN, user=player)
    assert rows.count() >= 4

    tasks.sweep()
    assert mailbox.received == []

    window_over(frozen, settings)
    tasks.sweep()
    settled()
    [email] = mailbox.wait_for(player.email)
    assert "It is your move in Buttons" in email.text
    assert len(mailbox.to(player.email)) == 1
    newest = rows.latest("pk")
    assert rows.get(status=Outbox.Status.SENT) == newest
    merged = rows.exclude(pk=newest.pk)
    assert set(merged.values_list("status", flat=True)) == {Outbox.Status.SKIPPED}
    assert {row.last_error for row in merged} == {f"told in the email of outbox row {newest.pk}"}


@pytest.mark.parametrize("slug", ["buttons", "dos"])
def test_a_quick_game_gives_each_player_one_email_at_most(make_user, frozen, settings, slug):
    players = [make_user("ann"), make_user("ben"), make_user("cat")]
    game = play_random_steps(started_game(players, slug), 30)
    assert Outbox.objects.filter(kind=Outbox.Kind.TURN).count() > len(players)

    send_due()
    assert mail.outbox == []
    window_over(frozen, settings)
    send_due()

    told = Counter(message.to[0] for message in mail.outbox)
    assert set(told.values()) == {1}
    waiting = {user_at(game, seat).email for seat in game.to_act}
    assert set(told) == waiting


def test_a_turn_that_comes_after_the_window_is_a_new_email(pair, frozen, settings):
    game = started_game(pair)
    window_over(frozen, settings)
    send_due()
    assert len(mail.outbox) == 1

    mover = game.to_act[0]
    while game.to_act == [mover]:
        game = play_random_steps(game, 1)
    window_over(frozen, settings)
    send_due()
    assert [m.to for m in mail.outbox] == [
        [user_at(game, mover).email],
        [user_at(game, game.to_act[0]).email],
    ]


def test_a_timeout_and_the_turn_it_gives_make_one_email(pair, frozen, settings):
    game = started_game(pair, timeout_policy="bot")
    late = game.to_act[0]
    window_over(frozen, settings)
    send_due()
    mail.outbox.clear()

    frozen.set(game.seats.get(position=late).deadline)
    play_tasks.sweep_deadlines()
    game.refresh_from_db()
    following = game.to_act[0]
    assert following != late
    assert Outbox.objects.filter(seat=following, status=Outbox.Status.PENDING).count() == 2
    window_over(frozen, settings)
    send_due()

    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        [user_at(game, late).email, user_at(game, following).email]
    )
    [told] = [m for m in mail.outbox if m.to == [user_at(game, following).email]]
    assert "ran out of time" in told.subject
    assert "Your legal moves:" in told.body
    turn = Outbox.objects.get(kind=Outbox.Kind.TURN, seat=following, at_seq=game.seq)
    assert turn.status == Outbox.Status.SKIPPED


# ---------------------------------------------------------------------------- presence


@pytest.mark.xdist_group("mail-worker")
def test_no_turn_email_while_the_player_has_the_page_open(
    pair, mailbox, worker, frozen, settings, client
):
    game = started_game(pair)
    player = user_at(game, game.to_act[0])
    client.force_login(player)
    assert client.get(f"/games/{game.pk}/").status_code == 200

    for _ in range(4):
        frozen.advance(minutes=2)
        look_at(client, game)
        tasks.sweep()
        settled()
    assert mailbox.received == []
    row = Outbox.objects.get(kind=Outbox.Kind.TURN)
    assert row.status == Outbox.Status.PENDING
    assert row.not_before == frozen.now + timedelta(seconds=settings.PRESENCE_SECONDS)

    frozen.advance(seconds=settings.PRESENCE_SECONDS - 1)
    tasks.sweep()
    settled()
    assert mailbox.received == []

    frozen.advance(seconds=1)
    tasks.sweep()
    [email] = mailbox.wait_for(player.email)
    assert "It is your move in Gazobu" in email.text
    settled()
    assert len(mailbox.received) == 1


@pytest.mark.xdist_group("mail-worker")
def test_a_turn_email_put_off_while_the_player_was_at_the_game_goes_when_they_have_gone(
    pair, mailbox, worker, settings, client
):
    # Real time, short: the row must be woken by its own task when the player has gone, since
    # no sweep runs here (the minute's sweep used to be what sent it, up to a minute late).
    settings.PRESENCE_SECONDS = 3
    settings.MAIL_COALESCE_SECONDS = 0
    game = started_game(pair)
    mover = game.to_act[0]
    waiting = next(seat for seat in range(game.players) if seat != mover)
    player = user_at(game, waiting)
    client.force_login(player)
    look_at(client, game)

    while waiting not in game.to_act:
        game = play_random_steps(game, 1)
    row = Outbox.objects.filter(kind=Outbox.Kind.TURN, user=player).latest("pk")
    mailhelpers.wait_until(
        lambda: Outbox.objects.filter(pk=row.pk, not_before__isnull=False).exists()
    )
    assert mailbox.to(player.email) == []  # put off while the page is open

    [email] = mailbox.wait_for(player.email)
    assert "It is your move in Gazobu" in email.text
    row.refresh_from_db()
    assert row.status == Outbox.Status.SENT and row.sent >= row.not_before


def test_a_player_who_moves_on_the_page_before_leaving_gets_no_email(
    pair, frozen, settings, client
):
    game = started_game(pair)
    seat = game.to_act[0]
    player = user_at(game, seat)
    client.force_login(player)
    look_at(client, game)
    window_over(frozen, settings)
    send_due()

    move = game.rules.legal_moves(game.state, seat)[0]
    response = client.post(
        f"/games/{game.pk}/move/", {"move": json.dumps(move), "expected_seq": game.seq}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    while seat in game.to_act:
        game = play_random_steps(game, 1)
    frozen.advance(seconds=settings.PRESENCE_SECONDS + 1)
    send_due()

    assert player.email not in [m.to[0] for m in mail.outbox]
    first = Outbox.objects.filter(kind=Outbox.Kind.TURN, user=player).earliest("pk")
    assert first.status == Outbox.Status.SKIPPED


def test_a_move_through_the_api_counts_as_being_at_the_game(pair, frozen):
    from rest_framework.test import APIClient

    game = started_game(pair)
    seat = game.to_act[0]
    api = APIClient()
    api.force_authenticate(user_at(game, seat))
    move = game.rules.legal_moves(game.state, seat)[0]
    response = api.post(
        f"/api/games/{game.pk}/moves/", {"move": move, "expected_seq": game.seq}, format="json"
    )
    assert response.status_code == 201
    seen = presence.last_seen(user_at(game, seat).pk, game.pk)
    assert seen == presence.Seen(frozen.now, response.json()["seq"])


def test_a_move_on_the_page_counts_as_being_at_the_game_with_no_mark_of_its_own(
    pair, frozen, client
):
    """The move is in the log with its time: nothing is written to the cache for it."""
    game = started_game(pair)
    seat = game.to_act[0]
    client.force_login(user_at(game, seat))
    move = game.rules.legal_moves(game.state, seat)[0]
    data = {"move": json.dumps(move), "expected_seq": game.seq}
    assert client.post(f"/games/{game.pk}/move/", data).status_code == 302
    assert presence.last_marked(user_at(game, seat).pk, game.pk) is None
    assert presence.last_seen(user_at(game, seat).pk, game.pk) == presence.Seen(frozen.now, 1)
    frozen.advance(seconds=60)
    client.get(f"/games/{game.pk}/")  # the page marks them: the later of the two counts
    assert presence.last_seen(user_at(game, seat).pk, game.pk) == presence.Seen(frozen.now, 1)


def test_a_move_by_email_does_not_hold_the_next_turn_email_back(pair, frozen, settings):
    game = started_game(pair)
    seat = game.to_act[0]
    store.submit(
        game, user_at(game, seat), game.rules.legal_moves(game.state, seat)[0], None, "email"
    )
    assert presence.last_seen(user_at(game, seat).pk, game.pk) is None


def test_a_timeout_seen_on_the_page_is_not_told_again(pair, frozen, settings, client):
    game = started_game(pair, timeout_policy="bot")
    late = game.to_act[0]
    window_over(frozen, settings)
    send_due()
    mail.outbox.clear()

    frozen.set(game.seats.get(position=late).deadline)
    play_tasks.sweep_deadlines()
    client.force_login(user_at(game, late))
    assert client.get(f"/games/{game.pk}/").status_code == 200
    window_over(frozen, settings)
    send_due()
    frozen.advance(seconds=settings.PRESENCE_SECONDS + 1)
    send_due()

    row = Outbox.objects.get(kind=Outbox.Kind.TIMEOUT, seat=late)
    assert (row.status, row.last_error) == (
        Outbox.Status.SKIPPED,
        "the player saw it on the game page",
    )
    assert user_at(game, late).email not in [m.to[0] for m in mail.outbox]


def test_reminders_reach_a_player_who_has_the_page_open(pair, frozen, settings, client):
    game = started_game(pair, days_per_move=1, reminder_hours=[2])
    seat = game.seats.get(position=game.to_act[0])
    frozen.set(seat.deadline - timedelta(hours=2))
    client.force_login(seat.user)
    look_at(client, game)
    assert reminders.send_due(frozen.now) == 1
    send_due()
    reminder = Outbox.objects.get(kind=Outbox.Kind.REMINDER)
    assert reminder.status == Outbox.Status.SENT
    assert [m.to for m in mail.outbox] == [[seat.user.email]]
    turn = Outbox.objects.get(kind=Outbox.Kind.TURN)
    assert turn.status == Outbox.Status.PENDING
    assert turn.last_error == ""


def test_a_cache_that_is_away_marks_nobody(pair, monkeypatch):
    game = started_game(pair)

    class Away:
        def set(self, *args, **kwargs):
            raise ConnectionError("the cache is away")

        get = set

    monkeypatch.setattr(presence, "cache", Away())
    presence.mark_seen(pair[0], game)
    assert presence.last_seen(pair[0].pk, game.pk) is None
