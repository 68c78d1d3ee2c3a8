"""One email for a burst: what happens to a player in a game within a short window, and no
turn email while the player is at the game.

A turn or timeout row is queued held for MAIL_COALESCE_SECONDS (its `not_before`). A game
played quickly asks the same seat again and again (a Buttons player answers a gold square after
every roll, a DOS turn is many small steps), and each time the store announces a new turn;
held, those rows meet. The email is composed when it goes out, from the game as it is then, so
one email tells everything the held rows would have: the burst's newest timeout row is the one
sent (it tells what a deadline did and shows the situation), else its newest turn row; it goes
when the last row of the burst has been held its window, and the others are skipped as merged
into it. Skipping older turn rows alone would not do: sent at once, each is the newest when it
goes.

A player who has the game open (tabletop.play.presence: the page polls, or they moved in the
last PRESENCE_SECONDS) sees it there: the email is put off until they have gone, and then goes
only if it is still their move. A timeout they saw on the page is not told again.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings

from tabletop.accounts.models import Preferences
from tabletop.mail.models import Outbox
from tabletop.play import clock, presence

KINDS = (Outbox.Kind.TURN, Outbox.Kind.TIMEOUT)


def gathering() -> bool:
    """MAIL_COALESCE_SECONDS=0 sends every row on its own, at once, as before coalescing."""
    return settings.MAIL_COALESCE_SECONDS > 0


def held_until(kind: str) -> datetime | None:
    """When a row of this kind queued now may go out at the earliest (None: at once)."""
    if kind not in KINDS or not gathering():
        return None
    return clock.now() + timedelta(seconds=settings.MAIL_COALESCE_SECONDS)


def burst(row: Outbox):
    """The rows waiting to tell this player about this game, the row itself included."""
    return Outbox.objects.filter(
        kind__in=KINDS,
        channel=Outbox.Channel.EMAIL,
        user_id=row.user_id,
        game_id=row.game_id,
        status=Outbox.Status.PENDING,
    ).order_by("pk")


def email_for(rows: list[Outbox], preferences: Preferences) -> Outbox | None:
    """The row that tells the burst: the newest timeout the player wants, else the newest turn."""
    wanted = [row for row in rows if preferences.wants(row.kind)]
    timeouts = [row for row in wanted if row.kind == Outbox.Kind.TIMEOUT]
    turns = [row for row in wanted if row.kind == Outbox.Kind.TURN]
    return (timeouts or turns or [None])[-1]


def decide(row: Outbox, moment: datetime) -> tuple[str, str, datetime | None] | None:
    """("skip" | "later", why, until) for a turn or timeout row, or None when it may go now."""
    if gathering():
        rows = list(burst(row)) or [row]
        chosen = email_for(rows, Preferences.of(row.user)) or row
        if chosen.pk != row.pk:
            return "skip", f"told in the email of outbox row {chosen.pk}", None
        last = max((other.not_before for other in rows if other.not_before), default=None)
        if last is not None and last > moment:
            return "later", "waiting for the rest of a burst", last
    seen = presence.last_seen(row.user_id, row.game_id)
    if seen is not None and seen.present(moment):
        return "later", "the player has the game open", seen.until
    if row.kind == Outbox.Kind.TIMEOUT and seen_on_the_page(row, seen):
        return "skip", "the player saw it on the game page", None
    return None


def seen_on_the_page(row: Outbox, seen: presence.Seen | None) -> bool:
    """The player looked at the game after this was queued, and it is not their move."""
    game = row.game
    waiting = game is not None and not game.is_over and row.seat in game.to_act
    return seen is not None and seen.seq >= row.at_seq and not waiting


def absorb(row: Outbox) -> int:
    """The row goes out for its whole burst: the others are told in it, so they are skipped."""
    if row.kind not in KINDS or not gathering():
        return 0
    others = burst(row).exclude(pk=row.pk)
    return others.update(
        status=Outbox.Status.SKIPPED, last_error=f"told in the email of outbox row {row.pk}"
    )
