"""Outgoing webhooks: a JSON POST to a player's webhook, or to a table's, for each event.

(The inbound email webhook of a provider is webhooks.py; this is the other direction.)

The rows go through the outbox like emails (channel "webhook"): written by mail's listeners in
the move's transaction, claimed by a worker after commit, retried with backoff, FAILED after
MAIL_SEND_ATTEMPTS, so a slow or dead receiver never holds up a move. A webhook whose events
are given up WEBHOOK_FAILURES_TO_SWITCH_OFF times in a row is switched off and its owner told
by email; saving its URL again switches it back on. This module speaks to the receivers; the
outbox, above it, writes the rows (`outbox.queue_for_table`) and sends the owner's email.

What a POST tells is what anyone at the table may know, whoever reads the channel it lands in:
the game, whose move it is and until when, the log as a spectator reads it, the table talk
(seated players read it anyway), the result once the game is over. Never a seat's private
view or hand, and never the signed log-in link of an email, only the game page's address.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import time

import urllib3
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from tabletop.accounts import channels, links, moments, public_urls
from tabletop.accounts.models import (
    PlayerWebhook,
    Preferences,
    PushSubscription,
    Webhook,
    new_token,
)
from tabletop.mail import questions
from tabletop.mail.models import Outbox, TableWebhook
from tabletop.play import clock, history, store

log = logging.getLogger(__name__)

USER_AGENT = "tabletop-webhook/1"
LINES_TOLD = 3
# Events a table's webhook receives (invitations are a person's business).
TABLE_EVENTS = (Outbox.Kind.TURN, Outbox.Kind.REMINDER, Outbox.Kind.GAME_OVER, Outbox.Kind.CHAT)


class DeliveryFailed(Exception):
    """The receiver could not be reached or did not answer 2xx; the message says which."""


# ---------------------------------------------------------------------------- who listens

# Whether anyone on the site has a webhook or a subscribed browser: until someone has, a move
# pays no query at all for these channels. Set (for good) when one is saved; on a cache that
# lost it, found again with one query.
IN_USE_KEY = "tabletop:channels-in-use"


def in_use() -> bool:
    found = cache.get(IN_USE_KEY)
    if found is None:
        found = any_channel_set_up()
        cache.set(IN_USE_KEY, found, None if found else IN_USE_RECHECK_SECONDS)
    return found


IN_USE_RECHECK_SECONDS = 3600


def any_channel_set_up() -> bool:
    hooks = PlayerWebhook.objects.values("pk").union(
        TableWebhook.objects.values("pk"), PushSubscription.objects.values("pk")
    )
    return hooks.exists()


def mark_in_use(sender, **_) -> None:
    """post_save of a webhook or a browser subscription: moves look for listeners from now."""
    cache.set(IN_USE_KEY, True, None)


def table_webhook_key(game_id: int) -> str:
    return f"tabletop:table-webhook:{game_id}"


def has_table_webhook(game) -> bool:
    """Whether the table has a webhook (on or off), from the cache where it can: most tables
    have none, and their moves then pay no query to learn it. Kept by set and remove below;
    a cache that lost it asks the database once an hour."""
    found = cache.get(table_webhook_key(game.pk))
    if found is None:
        found = TableWebhook.objects.filter(game=game).exists()
        cache.set(table_webhook_key(game.pk), found, IN_USE_RECHECK_SECONDS)
    return found


# ---------------------------------------------------------------------------- a table's webhooks

# A table may hear several webhooks, one per player who set one. Each is its owner's: only they
# or the table's creator change or remove it, and every change is a line of the table's log
# (store.log_webhook_change), written in the transaction that makes it.


class NotYours(store.Refused):
    """Someone else's webhook, and the table is not yours either."""

    status = 403


def table_webhooks(game) -> list[TableWebhook]:
    """The table's webhooks, oldest first."""
    return list(TableWebhook.objects.filter(game=game).select_related("owner", "set_by", "game"))


def own_table_webhook(game, user) -> TableWebhook | None:
    return TableWebhook.objects.filter(game=game, owner=user).select_related("owner").first()


def may_change(hook: TableWebhook, user) -> bool:
    """The owner and the table's creator change or remove a table's webhook; nobody else."""
    return user.pk in (hook.owner_id, hook.game.created_by_id)


def refuse_unless_may_change(hook: TableWebhook, user) -> None:
    if may_change(hook, user):
        return
    raise NotYours(
        gettext(
            "This webhook is %(owner)s's: only %(owner)s or the table's creator, %(creator)s, "
            "may change or remove it. You may add a webhook of your own for the table."
        )
        % {
            "owner": hook.owner.get_username(),
            "creator": hook.game.created_by.get_username(),
        }
    )


def set_table_webhook(
    game,
    user,
    url: str,
    form: str = Webhook.Format.JSON,
    hook: TableWebhook | None = None,
    source: str = "web",
) -> TableWebhook:
    """A seated player sets their own webhook for the table, or replaces it; with `hook`, its
    owner or the table's creator changes that one. store.Refused when they may not or the
    URL may not be used."""
    refuse_unless_seated(game, user)
    if game.status in (game.Status.FINISHED, game.Status.CANCELLED):
        raise store.GameNotActive(gettext("This game is over; a webhook would hear nothing more."))
    if hook is not None:
        refuse_unless_may_change(hook, user)
    try:
        channels.check_webhook(url.strip(), form)
    except ValueError as problem:  # NotPublic is one
        raise store.Refused(str(problem)) from None
    owner = hook.owner if hook is not None else user
    with transaction.atomic():
        existed = TableWebhook.objects.filter(game=game, owner=owner).exists()
        change = "changed" if existed else "set"
        store.log_webhook_change(game, user, change, owner, form, source)
        hook, _ = TableWebhook.objects.update_or_create(
            game=game,
            owner=owner,
            defaults={
                "url": url.strip(),
                "format": form,
                "set_by": user,
                "secret": new_token(),
                "failures": 0,
                "switched_off": None,
                "last_error": "",
            },
        )
    cache.set(table_webhook_key(game.pk), True, IN_USE_RECHECK_SECONDS)
    return hook


def remove_table_webhook(game, user, hook: TableWebhook | None = None, source: str = "web") -> bool:
    """A seated player removes their own webhook for the table; with `hook`, its owner or the
    table's creator removes that one. Whether there was one to remove."""
    refuse_unless_seated(game, user)
    hook = hook if hook is not None else own_table_webhook(game, user)
    if hook is None:
        return False
    refuse_unless_may_change(hook, user)
    with transaction.atomic():
        store.log_webhook_change(game, user, "removed", hook.owner, hook.format, source)
        removed, _ = TableWebhook.objects.filter(pk=hook.pk).delete()
        left = TableWebhook.objects.filter(game=game).exists()
    cache.set(table_webhook_key(game.pk), left, IN_USE_RECHECK_SECONDS)
    return bool(removed)


def refuse_unless_seated(game, user) -> None:
    if game.seat_of(user) is None:
        raise store.NotASeat(gettext("Only the players seated at this table set its webhook."))


# ---------------------------------------------------------------------------- the target


def target_of(row: Outbox) -> Webhook | None:
    """The webhook this row goes to, as it is now (None: removed or switched off). A table's
    row names its webhook; one queued before tables had several goes to the table's first."""
    if row.context.get("table"):
        hooks = TableWebhook.objects.filter(game_id=row.game_id)
        if row.context.get("hook") is not None:
            hooks = hooks.filter(pk=row.context["hook"])
        found = hooks.order_by("pk").first()
    else:
        found = PlayerWebhook.objects.filter(user_id=row.user_id).first()
    return found if found is not None and found.active else None


def why_not_sent(row: Outbox) -> str:
    """Why this webhook row is no longer to be sent ("" when it is)."""
    if target_of(row) is None:
        return "the webhook was removed or switched off"
    if row.user is not None and not Preferences.of(row.user).wants_on("webhook", row.kind):
        return "the player no longer wants this event on their webhook"
    return no_longer_true(row)


def no_longer_true(row: Outbox) -> str:
    """Why what the row tells is no longer so ("" while it is): the turn passed, or the vote
    it asks about was decided. Told late, it would send the player to a page with nothing to
    do."""
    game = row.game
    turn_like = row.kind in (Outbox.Kind.TURN, Outbox.Kind.REMINDER)
    if turn_like and (game is None or game.is_over or row.seat not in game.to_act):
        return "no longer this seat's turn"
    if row.kind == Outbox.Kind.VOTE:
        open_vote = game is not None and game.votes.filter(pk=row.context.get("vote"), result="")
        if not open_vote or not open_vote.exists():
            return "the vote was decided"
    return ""


# ---------------------------------------------------------------------------- the payload


def payload(row: Outbox) -> dict:
    """What the POST tells: the event, the game and what anyone at the table may know."""
    game = row.game
    body: dict = {"event": row.kind, "delivery": row.pk, "sent": timezone.now().isoformat()}
    if game is not None:
        names = [seat.user.get_username() for seat in game.seats.select_related("user")]
        body["game"] = {
            "id": game.pk,
            "title": game.title,
            "url": links.absolute(links.game_path(game.pk)),
            "players": names,
            "seq": game.seq,
        }
        body.update(EVENT_PARTS[row.kind](row, game, names))
    if row.kind == Outbox.Kind.TOURNAMENT:
        body.update(tournament_parts(row))
    if row.user is not None:
        body["to"] = row.user.get_username()
    with in_the_language_of(row.user), in_the_time_zone_of(row.user):
        body["text"] = describe(body, for_table=bool(row.context.get("table")))
    return body


def in_the_time_zone_of(user) -> timezone.override:
    """A player's own webhook and notifications write times in their zone; a table's, read
    by players of every zone, in UTC (named as such)."""
    zone = Preferences.of(user).time_zone if user is not None else moments.UTC
    return timezone.override(moments.zone_named(zone))


def in_the_language_of(user) -> translation.override:
    """A player's own webhook, notifications and email answers speak their language (built
    while it is active, they are plain text in the row); a table's webhook, read by players
    of any language, and mail from no player speak the site's (English)."""
    language = Preferences.of(user).language if user is not None else ""
    return translation.override(language or settings.LANGUAGE_CODE)


def turn_parts(row: Outbox, game, names: list[str]) -> dict:
    seat = game.seats.filter(position=row.seat).first()
    deadline = seat.deadline if seat is not None else None
    lines = history.lines(game, None, after_seq=row.at_seq - LINES_TOLD, upto=row.at_seq)
    return {
        "seat": row.seat,
        "player": names[row.seat] if row.seat is not None else None,
        "waiting_for": [names[waiting] for waiting in game.to_act],
        "deadline": deadline.isoformat() if deadline else None,
        "latest": [line["text"] for line in lines],
    }


def game_over_parts(row: Outbox, game, names: list[str]) -> dict:
    outcome = game.outcome or {"scores": [], "winners": []}
    return {
        "scores": dict(zip(names, outcome["scores"], strict=False)),
        "winners": [names[seat] for seat in outcome["winners"]],
        "history_url": links.absolute(links.history_path(game.pk)),
    }


def chat_parts(row: Outbox, game, names: list[str]) -> dict:
    return {"said_by": row.context.get("said_by", ""), "said": row.context.get("said", "")}


def invitation_parts(row: Outbox, game, names: list[str]) -> dict:
    return {"invited_by": row.context.get("invited_by", "")}


def vote_parts(row: Outbox, game, names: list[str]) -> dict:
    """The question put to the table; `about_you` when it is the receiver's own seat that
    the table would give to the computer (they can end the vote by moving)."""
    asked = game.votes.get(pk=row.context["vote"])
    return {
        "caller": names[asked.caller],
        "question": {"subject": asked.subject, **asked.details},
        "about_you": row.seat is not None and row.seat == asked.concerns,
        "vote_ends": asked.expires.isoformat(),
    }


def comment_parts(row: Outbox, game, names: list[str]) -> dict:
    told = ("comment_by", "comment", "step", "step_url")
    return {name: row.context.get(name) for name in told}


def tournament_parts(row: Outbox) -> dict:
    """What the tournament did (its news: new-game, bye, dropped, over, cancelled) and the
    words the row keeps for it; the same a player reads in the email."""
    told = row.context
    parts = {
        "tournament": {
            "id": told["tournament"],
            "name": told["tournament_name"],
            "url": told["tournament_url"],
        },
        "news": told["news"],
    }
    kept = ("round", "rounds", "opponents", "round_deadline", "dropped", "reason", "winners")
    parts.update({name: told[name] for name in kept if name in told})
    return parts


EVENT_PARTS = {
    Outbox.Kind.TURN: turn_parts,
    Outbox.Kind.REMINDER: turn_parts,
    Outbox.Kind.GAME_OVER: game_over_parts,
    Outbox.Kind.CHAT: chat_parts,
    Outbox.Kind.INVITATION: invitation_parts,
    Outbox.Kind.VOTE: vote_parts,
    Outbox.Kind.COMMENT: comment_parts,
}


def describe(body: dict, for_table: bool) -> str:
    """One line for a chat channel."""
    game = body.get("game", {})
    name = f"{game.get('title', 'tabletop')} #{game.get('id', '')}"
    url = game.get("url", "")
    event = body["event"]
    if event in (Outbox.Kind.TURN, Outbox.Kind.REMINDER):
        return turn_line(body, name, url, for_table)
    if event == Outbox.Kind.GAME_OVER:
        winners = ", ".join(body.get("winners", [])) or gettext("nobody")
        return gettext("%(name)s is over; won by %(winners)s: %(url)s") % {
            "name": name,
            "winners": winners,
            "url": body.get("history_url", url),
        }
    if event == Outbox.Kind.CHAT:
        return gettext("%(who)s at %(name)s: %(said)s") % {
            "who": body.get("said_by"),
            "name": name,
            "said": body.get("said"),
        }
    if event == Outbox.Kind.INVITATION:
        return gettext("%(who)s invites you to %(name)s: %(url)s") % {
            "who": body.get("invited_by"),
            "name": name,
            "url": url,
        }
    if event == Outbox.Kind.VOTE:
        return vote_line(body, name, url)
    if event == Outbox.Kind.TOURNAMENT:
        return tournament_line(body, url)
    if event == Outbox.Kind.COMMENT:
        return gettext("%(who)s commented on step %(step)s of %(name)s: %(said)s %(url)s") % {
            "who": body.get("comment_by"),
            "step": body.get("step"),
            "name": name,
            "said": body.get("comment"),
            "url": body.get("step_url") or url,
        }
    return f"{event} in {name}: {url}"


def tournament_line(body: dict, game_url: str) -> str:
    """One line of a tournament's news: 'Round 2 of Winter cup: your new game against ben
    and cat (the round ends ...): <url>', a bye, a drop, the end, the calling off."""
    words = {
        "name": body["tournament"]["name"],
        "url": body["tournament"]["url"],
        "round": body.get("round"),
        "ends": moments.moment(body["round_deadline"]) if body.get("round_deadline") else "",
    }
    news = body["news"]
    if news == "new-game":
        words.update(url=game_url, opponents=", ".join(body.get("opponents", [])))
        return (
            gettext(
                "Round %(round)s of %(name)s: your new game against %(opponents)s "
                "(the round ends %(ends)s): %(url)s"
            )
            % words
        )
    if news == "bye":
        return gettext("Round %(round)s of %(name)s: you sit this round out (a bye): %(url)s") % (
            words
        )
    if news == "dropped":
        words.update(who=body.get("dropped"), reason=body.get("reason"))
        return gettext("%(who)s was dropped from %(name)s (%(reason)s): %(url)s") % words
    if news == "over":
        words["winners"] = ", ".join(body.get("winners", [])) or gettext("nobody")
        return gettext("%(name)s is over; won by %(winners)s: %(url)s") % words
    return gettext("%(name)s was called off: %(url)s") % words


def vote_line(body: dict, name: str, url: str) -> str:
    """'ann asks the table to give your seat to the computer in DOS #4 (the vote ends ...);
    move before then and the vote ends: <url>', or any other question put to the table."""
    words = {
        "caller": body.get("caller"),
        "name": name,
        "url": url,
        "ends": moments.moment(body["vote_ends"]),
    }
    if body.get("about_you"):
        return (
            gettext(
                "%(caller)s asks the table to let the computer play your seat in %(name)s "
                "(the vote ends %(ends)s); move before then and the vote ends: %(url)s"
            )
            % words
        )
    names = body.get("game", {}).get("players", [])
    words["question"] = questions.question_text(body["question"], names)
    return (
        gettext("%(caller)s asks the table in %(name)s to %(question)s (until %(ends)s): %(url)s")
        % words
    )


def turn_line(body: dict, name: str, url: str, for_table: bool) -> str:
    """'It is your move in Gazobu #3 (deadline Wed 2 Dec, 11:00 (Europe/Warsaw)): <url>', or
    a table's 'It is ann's move ...', or a reminder's 'Reminder: it is still ...'."""
    until = (
        gettext(" (deadline %(deadline)s)") % {"deadline": moments.moment(body["deadline"])}
        if body.get("deadline")
        else ""
    )
    words = {"name": name, "until": until, "url": url, "player": body.get("player")}
    reminder = body["event"] == Outbox.Kind.REMINDER
    if for_table and reminder:
        return (
            gettext("Reminder: it is still %(player)s's move in %(name)s%(until)s: %(url)s") % words
        )
    if for_table:
        return gettext("It is %(player)s's move in %(name)s%(until)s: %(url)s") % words
    if reminder:
        return gettext("Reminder: it is still your move in %(name)s%(until)s: %(url)s") % words
    return gettext("It is your move in %(name)s%(until)s: %(url)s") % words


def formatted(body: dict, form: str) -> dict:
    """The body in the receiver's format: Discord and Slack show `text`; JSON gets it all."""
    if form == Webhook.Format.DISCORD:
        # No @everyone or role pings out of what a player said at the table.
        return {"content": body["text"][:2000], "allowed_mentions": {"parse": []}}
    if form == Webhook.Format.SLACK:
        escaped = body["text"].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return {"text": escaped}
    return body


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """X-Tabletop-Signature: "t=<unix time>,v1=<hex HMAC-SHA256 of '<t>.<body>'>"."""
    signed = f"{timestamp}.".encode() + body
    digest = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return f"t={timestamp},v1={digest}"


# ---------------------------------------------------------------------------- sending


def send(row: Outbox, hook: Webhook) -> None:
    """POST the row's event; DeliveryFailed unless the receiver answers 2xx in time."""
    body = json.dumps(formatted(payload(row), hook.format), separators=(",", ":")).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Tabletop-Event": row.kind,
        "X-Tabletop-Delivery": str(row.pk),
    }
    if hook.format == Webhook.Format.JSON:
        headers["X-Tabletop-Signature"] = signature(hook.secret, int(time.time()), body)
    post(hook.url, body, headers)


def post(url: str, body: bytes, headers: dict) -> None:
    """POST to the URL's checked public address (never a redirect: it could lead inside)."""
    try:
        target = public_urls.check(url)
    except public_urls.NotPublic as refusal:
        raise DeliveryFailed(str(refusal)) from None
    timeout = urllib3.Timeout(total=settings.WEBHOOK_TIMEOUT_SECONDS)
    pool_options = {"timeout": timeout, "retries": False, "maxsize": 1}
    if target.scheme == "https":
        pool = urllib3.HTTPSConnectionPool(
            target.address,
            target.port,
            server_hostname=target.host,
            assert_hostname=target.host,
            **pool_options,
        )
    else:
        pool = urllib3.HTTPConnectionPool(target.address, target.port, **pool_options)
    host = target.host if target.port in (80, 443) else f"{target.host}:{target.port}"
    try:
        with pool:
            answer = pool.urlopen(
                "POST",
                target.path,
                body=body,
                headers={**headers, "Host": host},
                redirect=False,
                preload_content=True,
            )
    except urllib3.exceptions.HTTPError as error:
        raise DeliveryFailed(f"{url} could not be reached: {type(error).__name__}") from None
    if not 200 <= answer.status < 300:
        raise DeliveryFailed(f"{url} answered {answer.status}")


def succeeded(hook: Webhook) -> None:
    if hook.failures:
        type(hook).objects.filter(pk=hook.pk).update(failures=0, last_error="")


def gave_up(row: Outbox, error: str) -> Webhook | None:
    """A delivery given up after every attempt counts against its webhook; too many in a row
    switch it off. The webhook (as it was before this failure) when this one switched it off,
    so that the outbox tells its owner; else None."""
    hook = target_of(row)
    if hook is None:
        return None
    model = type(hook)
    model.objects.filter(pk=hook.pk).update(failures=hook.failures + 1, last_error=error[:2000])
    if hook.failures + 1 < settings.WEBHOOK_FAILURES_TO_SWITCH_OFF:
        return None
    switched = model.objects.filter(pk=hook.pk, switched_off__isnull=True).update(
        switched_off=clock.now()
    )
    if not switched:
        return None
    log.warning("webhook %s switched off after %s failed events", hook, hook.failures + 1)
    return hook


def owner_of(hook: Webhook) -> AbstractBaseUser:
    """Who hears that a webhook was switched off: a table's owner, a player their own."""
    return hook.owner if isinstance(hook, TableWebhook) else hook.user
