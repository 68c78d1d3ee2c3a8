"""The outbox: rows written inside the move's transaction, sent by a worker after commit.

Each row is claimed before it is sent (`UPDATE ... WHERE claimed IS NULL`), so two workers
never send it twice; a failed send releases the claim with a backoff and ends, after
MAIL_SEND_ATTEMPTS, in the visible FAILED state. The beat sweep re-publishes rows whose
publish was lost, whose backoff is over, or whose worker died holding the claim. Turn and
timeout rows are held a short window first and go out one email per burst, never while the
player has the game open (coalescing.py).

Mail's arrows run one way through here: tasks, digests, reminders, listeners and inbound
replies queue rows; this module writes, publishes and sends them (`deliver` is the worker's
task); the transports under it (compose for email, outgoing for webhooks, push for browsers)
only write and send a message and never queue one.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from urllib.parse import urlencode

from celery import shared_task
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Case, F, Q, Value, When
from django.urls import reverse

from tabletop import prepared
from tabletop.accounts import addresses, blocks, channels
from tabletop.accounts.models import Preferences, Webhook
from tabletop.mail import coalescing, connections, outgoing, push, subscriptions
from tabletop.mail.compose import compose, new_message_id
from tabletop.mail.models import Outbox, TableWebhook
from tabletop.play import clock

log = logging.getLogger(__name__)

# A worker that died holding a claim: its row is published again by the first sweep (every
# minute) after this, so it goes out within two minutes. A send that outlasts it (an SMTP
# server slower than EMAIL_TIMEOUT's 20 s per step) may go twice, under one Message-ID.
CLAIM_EXPIRES = timedelta(seconds=45)
PUBLISH_GRACE = timedelta(minutes=1)
SWEEP_BATCH = 500
# A row put off this briefly (its player has the game open, a burst is being gathered) is
# woken by a task of its own when the wait ends, rather than at the next minute's sweep; a
# longer wait (quiet hours) is left to the sweep, not to a task the broker keeps for hours.
WAKE_WITHIN = timedelta(minutes=10)


# ---------------------------------------------------------------------------- queueing


def queue(kind: str, game, user, seat: int | None = None, **context) -> Outbox | None:
    """One email to a player, sent once the surrounding transaction commits."""
    if not user.email:
        return None
    return queue_to(user.email, kind, game, user, seat, **context)


def queue_to(to: str, kind: str, game=None, user=None, seat=None, **context) -> Outbox:
    row = Outbox.objects.create(
        kind=kind,
        game=game,
        seat=seat,
        user=user,
        to=to,
        at_seq=game.seq if game is not None else 0,
        context=context,
        not_before=coalescing.held_until(kind),
    )
    if row.not_before is None:
        transaction.on_commit(lambda: publish(row.pk))
    # else the sweep publishes it once its window is over (coalescing.py)
    return row


def queue_for_seats(kind: str, game, seats: list, **context) -> list[Outbox]:
    """One email to each of these seats' players, written in one insert (a sweep tells many
    games' players at once); sent once the surrounding transaction commits."""
    rows = [
        Outbox(
            kind=kind,
            game=game,
            seat=seat.position,
            user=seat.user,
            to=seat.user.email,
            at_seq=game.seq,
            context=dict(context),
            not_before=coalescing.held_until(kind),
        )
        for seat in seats
        if seat.user.email
    ]
    if rows:
        prepared.insert(rows, with_keys=True)  # on a move's path: SQL built once per thread
    for row in rows:
        if row.not_before is None:
            transaction.on_commit(partial(publish, row.pk))
    # else the sweep publishes it once its window is over (coalescing.py)
    return rows


def queue_turns(game, newly_waiting: list[int]) -> None:
    """A turn email for each seat that newly has to act, and a POST or a notification where
    its player chose those too; the table's webhook hears whose turn it is."""
    seats = [seat for seat in game.seats_with_players() if seat.position in newly_waiting]
    queue_for_seats(Outbox.Kind.TURN, game, seats)
    queue_other_channels(Outbox.Kind.TURN, game, seats)
    queue_for_table(Outbox.Kind.TURN, game, [seat.position for seat in seats])


def queue_game_over(game) -> None:
    seats = game.seats_with_players()
    queue_for_seats(Outbox.Kind.GAME_OVER, game, seats)
    queue_other_channels(Outbox.Kind.GAME_OVER, game, seats)
    queue_for_table(Outbox.Kind.GAME_OVER, game, [None])


def queue_reminder(seat) -> None:
    """A reminder to the seat's player, by every channel they chose; and to the table's webhook."""
    game = seat.game
    queue(Outbox.Kind.REMINDER, game, seat.user, seat.position, deadline=seat.deadline.isoformat())
    queue_other_channels(Outbox.Kind.REMINDER, game, [seat])
    queue_for_table(Outbox.Kind.REMINDER, game, [seat.position])


def queue_chat(message) -> None:
    """Table talk goes to the other players' webhooks and browsers if they asked, and to the
    table's webhook. (By email it is told in the next turn email.)"""
    if not outgoing.in_use():
        return
    game = message.game
    seated = [seat for seat in game.seats_with_players() if seat.user_id != message.user_id]
    # Whoever blocks the speaker does not read what they said, so is not told of it either.
    muted = blocks.blockers_of(message.user, [seat.user_id for seat in seated])
    others = [seat for seat in seated if seat.user_id not in muted]
    said = {"said_by": message.user.get_username(), "said": message.text}
    queue_other_channels(Outbox.Kind.CHAT, game, others, **said)
    queue_for_table(Outbox.Kind.CHAT, game, [message.seat], **said)


def forget_talk(message) -> None:
    """A moderator hid a line of talk: the webhook and push rows still waiting to tell it stay
    unsent (the next turn email no longer tells it either: play.chat.since leaves it out)."""
    Outbox.objects.filter(
        kind=Outbox.Kind.CHAT,
        game=message.game_id,
        status=Outbox.Status.PENDING,
        context__said_by=message.user.get_username(),
        context__said=message.text,
    ).update(status=Outbox.Status.SKIPPED)


def queue_other_channels(kind: str, game, seats: list, **context) -> None:
    """The webhook and push rows for these seats' players (only those who chose them)."""
    queue_for_channels(kind, game, {seat.position: seat.user for seat in seats}, **context)


def queue_for_channels(kind: str, game, users_by_seat: dict, **context) -> list[Outbox]:
    """A row for each player (by seat; None for no seat) on each channel other than email
    that they chose for this event and have set up. One query finds them all, so a move pays
    the same whatever the size of its table."""
    if not users_by_seat or not outgoing.in_use():
        return []
    if not channels.anyone_might_choose(kind, users_by_seat.values()):
        return []
    chosen = channels.chosen(kind, [user.pk for user in users_by_seat.values()])
    rows = [
        Outbox(
            kind=kind,
            channel=channel,
            game=game,
            seat=seat,
            user=user,
            at_seq=game.seq if game is not None else 0,
            context=dict(context),
        )
        for seat, user in users_by_seat.items()
        for channel in sorted(chosen.get(user.pk, ()))
    ]
    Outbox.objects.bulk_create(rows)
    for row in rows:
        transaction.on_commit(partial(publish, row.pk))
    return rows


def queue_for_table(kind: str, game, seats: list[int | None], **context) -> list[Outbox]:
    """A POST to each of the table's webhooks that is on, for each seat the event is about."""
    if kind not in outgoing.TABLE_EVENTS or not seats or not outgoing.in_use():
        return []
    if not outgoing.has_table_webhook(game):
        return []
    hooks = TableWebhook.objects.filter(game=game, switched_off__isnull=True)
    hook_ids = list(hooks.values_list("pk", flat=True))
    if not hook_ids:
        return []
    rows = Outbox.objects.bulk_create(
        Outbox(
            kind=kind,
            channel=Outbox.Channel.WEBHOOK,
            game=game,
            seat=seat,
            at_seq=game.seq,
            context={"table": True, "hook": hook_id, **context},
        )
        for hook_id in hook_ids
        for seat in seats
    )
    for row in rows:
        transaction.on_commit(partial(publish, row.pk))
    return rows


def queue_timeout(game, late_seat: int, source: str, moves: list) -> None:
    """Tell every seat what the deadline did: the late player too, so they know."""
    logged = [move.seq for move in moves]
    queue_for_seats(
        Outbox.Kind.TIMEOUT,
        game,
        game.seats_with_players(),
        late_seat=late_seat,
        source=source,
        logged=logged,
    )


def queue_vote(game, vote) -> None:
    """Ask each player who votes and has not answered yet (the caller's yes is counted); and
    tell the player whose seat the table would give to the computer, at once (a vote email is
    never held for a digest), so that they can move before it passes."""
    asked = [vote_seat for vote_seat in vote.voters if vote_seat not in vote.yes + vote.no]
    if vote.subject == vote.Subject.REPLACE and vote.concerns is not None:
        asked.append(vote.concerns)
    seats = [seat for seat in game.seats_with_players() if seat.position in asked]
    queue_for_seats(Outbox.Kind.VOTE, game, seats, vote=vote.pk)
    queue_other_channels(Outbox.Kind.VOTE, game, seats, vote=vote.pk)


def queue_invitation(invitation) -> Outbox:
    """The invitation's sign-up link carries a signed token of the address it went to and of
    the invitation: signing up through it proves the address, so the new player's game email
    goes there at once, and seats them in the seat the invitation holds."""
    game = invitation.game
    player = invitation.user or (
        get_user_model().objects.filter(email__iexact=invitation.email).first()
    )
    game_url = reverse("game", args=[game.pk])
    token = addresses.invitation_token(invitation.email, invitation.pk)
    signup_query = {"next": game_url, "invitation": token}
    if player is not None:
        invited_by = {"invited_by": invitation.invited_by.get_username()}
        queue_for_channels(Outbox.Kind.INVITATION, game, {None: player}, **invited_by)
    return queue_to(
        invitation.email,
        Outbox.Kind.INVITATION,
        game,
        player,
        name=player.get_username() if player else "",
        invited_by=invitation.invited_by.get_username(),
        players_seated=[seat.user.get_username() for seat in game.seats.select_related("user")],
        join_url=settings.SITE_URL + game_url,
        signup_url=f"{settings.SITE_URL}{reverse('signup')}?{urlencode(signup_query)}",
    )


def queue_table_cancelled(game) -> None:
    """Tell the seated players (not the creator, who cancelled it) and everyone whose
    invitation still held a seat that the table will not be played."""
    cancelled_by = game.created_by.get_username()
    told = {"cancelled_by": cancelled_by}
    for seat in game.seats.select_related("user"):
        if seat.user_id != game.created_by_id:
            queue(Outbox.Kind.TABLE_CANCELLED, game, seat.user, seat.position, **told)
    for invitation in game.invitations.holding_seats().select_related("user"):
        queue_to(
            invitation.email,
            Outbox.Kind.TABLE_CANCELLED,
            game,
            invitation.user,
            was_invited=True,
            **told,
        )


def publish(row_id: int) -> None:
    """Hand the row to a worker; if the broker is down the sweep picks the row up later."""
    try:
        deliver.delay(row_id)
    except Exception:  # noqa: BLE001 - any broker failure; the row stays pending
        log.warning("could not publish outbox row %s; the sweep will send it", row_id)


# ---------------------------------------------------------------------------- sending


# The worker's task lives here, beside `publish` and the retries that hand rows to it: sending
# a row may queue rows (a retry, the email that tells an owner their webhook is off), and each
# of those is published to this task again, so the task, the queueing and the sending are one
# loop that no module boundary can cut one way. tasks.py, where Celery looks, names it too;
# its registered name is the one workers and queued messages already know.
@shared_task(name="tabletop.mail.tasks.deliver", ignore_result=True)
def deliver(row_id: int) -> None:
    """Send the row unless another worker holds it or it is no longer pending."""
    row = claim(row_id)
    if row is not None:
        send(row)


def claim(row_id: int) -> Outbox | None:
    """Take the row for this worker; exactly one claimant changes it."""
    moment = clock.now()
    taken = (
        Outbox.objects.filter(pk=row_id, status=Outbox.Status.PENDING)
        .filter(Q(claimed__isnull=True) | Q(claimed__lt=moment - CLAIM_EXPIRES))
        .filter(Q(not_before__isnull=True) | Q(not_before__lte=moment))
        .update(claimed=moment, message_id=kept_message_id(row_id))
    )
    if not taken:
        return None
    return Outbox.objects.select_related("game", "user__preferences").get(pk=row_id)


def kept_message_id(row_id: int) -> Case:
    """The row's Message-ID as the first claim made it; made now if this is the first."""
    return Case(When(message_id="", then=Value(new_message_id(row_id))), default=F("message_id"))


@dataclass
class Plan:
    """What to do with a claimed row now: send it, skip it, or put it off until `until`."""

    action: str  # "send", "skip", "later", "hold"
    reason: str = ""
    until: datetime | None = None


def plan(row: Outbox, moment: datetime) -> Plan:
    """Decide by the player's settings and the game as it is now, not as it was when queued."""
    if not subscriptions.may_send(row.kind, row.user, row.to):
        return Plan("skip", "the player does not want this kind of email")
    if not may_reach(row):
        return Plan("skip", "the address is not verified yet")
    if row.kind in (Outbox.Kind.TURN, Outbox.Kind.REMINDER) and not still_to_act(row):
        return Plan("skip", "no longer this player's turn")
    if row.user is None or row.kind == Outbox.Kind.REPLY:
        return Plan("send")
    if row.kind in coalescing.KINDS and (put_off := coalescing.decide(row, moment)):
        return Plan(*put_off)
    preferences = Preferences.of(row.user)
    if row.kind == Outbox.Kind.TURN and preferences.daily_digest:
        return Plan("hold", "for the daily digest", clock.next_digest_time(preferences, moment))
    quiet = clock.quiet_period_around(preferences, moment)
    if quiet:
        return Plan("later", "quiet hours", quiet[1])
    return Plan("send")


def may_reach(row: Outbox) -> bool:
    """Game email goes only to an address its player has proven to own: else anyone could
    sign up under a stranger's address and have our mail sent there. Answers to the player's
    own emailed moves go back where the moves came from; an invitation to an address with no
    account goes out, and its sign-up link is how that address gets proven."""
    if row.kind == Outbox.Kind.REPLY or row.user is None:
        return True
    return addresses.is_verified(row.user, row.to)


def still_to_act(row: Outbox) -> bool:
    game = row.game
    return game is not None and not game.is_over and row.seat in game.to_act


def send(row: Outbox) -> None:
    """Send a claimed row, or record why not; an SMTP failure schedules a retry."""
    if row.channel != Outbox.Channel.EMAIL:
        send_elsewhere(row)
        return
    moment = clock.now()
    decision = plan(row, moment)
    if decision.action == "skip":
        finish(row, Outbox.Status.SKIPPED, last_error=decision.reason)
        return
    if decision.action in ("send", "hold"):
        coalescing.absorb(row)  # the rest of its burst is told in this email
    if decision.action in ("later", "hold"):
        status = Outbox.Status.HELD if decision.action == "hold" else Outbox.Status.PENDING
        Outbox.objects.filter(pk=row.pk).update(
            status=status, claimed=None, not_before=decision.until
        )
        if decision.action == "later":
            wake_when_due(row.pk, decision.until - moment)
        return
    try:
        message = compose(row)
        connections.send(message)
    except Exception as error:  # noqa: BLE001 - whatever failed, the row must say so
        failed(row, error)
        return
    finish(row, Outbox.Status.SENT, sent=moment, message_id=message.extra_headers["Message-ID"])


def send_elsewhere(row: Outbox) -> None:
    """A webhook's POST or a browser notification: no quiet hours, no bursts (a chat app or a
    browser has its own do-not-disturb), sent at once unless no longer true."""
    channel = outgoing if row.channel == Outbox.Channel.WEBHOOK else push
    why_not = channel.why_not_sent(row)
    if why_not:
        finish(row, Outbox.Status.SKIPPED, last_error=why_not)
        return
    target = channel.target_of(row)
    try:
        channel.send(row, target)
    except Exception as error:  # noqa: BLE001 - whatever failed, the row must say so
        failed(row, error)
        return
    channel.succeeded(target)
    finish(row, Outbox.Status.SENT, sent=clock.now())


def finish(row: Outbox, status: str, **fields) -> None:
    Outbox.objects.filter(pk=row.pk).update(status=status, attempts=row.attempts + 1, **fields)


def failed(row: Outbox, error: Exception) -> None:
    attempts = row.attempts + 1
    text = f"{type(error).__name__}: {error}"[:2000]
    if attempts >= settings.MAIL_SEND_ATTEMPTS:
        log.error("giving up on outbox row %s after %s attempts: %s", row.pk, attempts, text)
        Outbox.objects.filter(pk=row.pk).update(
            status=Outbox.Status.FAILED, attempts=attempts, last_error=text
        )
        if row.channel == Outbox.Channel.WEBHOOK:
            switched_off = outgoing.gave_up(row, text)
            if switched_off is not None:
                queue_webhook_off(row, switched_off, text)
        return
    delay = backoff(attempts)
    log.warning("outbox row %s failed (%s); retrying in %s", row.pk, text, delay)
    Outbox.objects.filter(pk=row.pk).update(
        attempts=attempts, last_error=text, claimed=None, not_before=clock.now() + delay
    )
    transaction.on_commit(lambda: deliver_later(row.pk, delay))


def queue_webhook_off(row: Outbox, hook: Webhook, error: str) -> None:
    """Tell the owner of a webhook this failure switched off (a table's, in its game)."""
    for_table = isinstance(hook, TableWebhook)
    queue(
        Outbox.Kind.WEBHOOK_OFF,
        row.game if for_table else None,
        outgoing.owner_of(hook),
        url=hook.url,
        failures=hook.failures + 1,
        error=error[:500],
        table=for_table,
    )


def backoff(attempts: int) -> timedelta:
    """Doubling from MAIL_RETRY_SECONDS, at most an hour."""
    return timedelta(seconds=min(3600, settings.MAIL_RETRY_SECONDS * 2 ** (attempts - 1)))


def wake_when_due(row_id: int, wait: timedelta) -> None:
    """Deliver a row put off briefly as soon as its wait is over (after this commits)."""
    if wait <= WAKE_WITHIN:
        transaction.on_commit(lambda: deliver_later(row_id, wait))


def deliver_later(row_id: int, delay: timedelta) -> None:
    """A task to deliver the row once `delay` is over: a retry's backoff, or a short hold."""
    try:
        deliver.apply_async((row_id,), countdown=delay.total_seconds())
    except Exception:  # noqa: BLE001 - the sweep publishes the row once it is due
        log.warning("could not schedule the delivery of outbox row %s", row_id)


def republish_due(moment: datetime) -> int:
    """Publish again every pending row that nobody is sending: a lost publish, a finished
    backoff or quiet hours, a worker that died holding the claim."""
    due = (
        Outbox.objects.filter(status=Outbox.Status.PENDING)
        .filter(Q(not_before__isnull=True) | Q(not_before__lte=moment))
        .filter(
            Q(claimed__isnull=True, created__lt=moment - PUBLISH_GRACE)
            | Q(claimed__isnull=True, not_before__isnull=False)
            | Q(claimed__lt=moment - CLAIM_EXPIRES)
        )
    )
    row_ids = list(due.values_list("pk", flat=True)[:SWEEP_BATCH])
    for row_id in row_ids:
        publish(row_id)
    return len(row_ids)
