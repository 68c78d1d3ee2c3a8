"""Email waiting to go out, and mail kept locally when no EMAIL_URL is set."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tabletop.accounts.models import Webhook


class Outbox(models.Model):
    """One message to send: an email, a webhook's POST or a browser notification. Written in
    the same transaction as the move that caused it."""

    class Kind(models.TextChoices):
        TURN = "turn"
        REMINDER = "reminder"
        TIMEOUT = "timeout"
        GAME_OVER = "game-over"
        INVITATION = "invitation"
        REPLY = "reply"
        DIGEST = "digest"
        TABLE_CANCELLED = "table-cancelled"
        CHAT = "chat"
        WEBHOOK_OFF = "webhook-off"
        VOTE = "vote"
        COMMENT = "comment"
        TOURNAMENT = "tournament"

    class Channel(models.TextChoices):
        EMAIL = "email"
        WEBHOOK = "webhook", "webhook (the player's, or the table's when no user)"
        PUSH = "push", "browser notification"

    class Status(models.TextChoices):
        PENDING = "pending"
        SENT = "sent"
        FAILED = "failed", "failed (gave up after retries)"
        SKIPPED = "skipped", "not sent (opted out, or no longer true)"
        HELD = "held", "held for the daily digest"
        DIGESTED = "digested", "went out in a daily digest"

    kind = models.CharField(max_length=16, choices=Kind.choices)
    channel = models.CharField(max_length=8, choices=Channel.choices, default=Channel.EMAIL)
    game = models.ForeignKey("play.Game", null=True, blank=True, on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    # The address of an email; empty for the other channels (their target is read when sent).
    to = models.EmailField(blank=True)
    at_seq = models.PositiveIntegerField(default=0)
    context = models.JSONField(default=dict, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    not_before = models.DateTimeField(null=True, blank=True)
    claimed = models.DateTimeField(null=True, blank=True)
    sent = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    message_id = models.CharField(max_length=255, blank=True)

    class Meta:
        indexes = [models.Index(fields=["status", "claimed"], name="outbox_due")]

    def __str__(self) -> str:
        return f"{self.kind} to {self.to} ({self.status})"


class TableWebhook(Webhook):
    """A table's webhook: the whole table's turns, reminders, talk and end, posted where one of
    its seated players chose (their group's chat channel, say). It tells what any player at
    the table may know, never one seat's private view.

    A table may have several, one per player who set one: each belongs to its `owner`, and
    only they or the table's creator change or remove it (`set_by` is who set its address
    last: the owner, or the creator changing it)."""

    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="webhooks")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="table_webhooks"
    )
    set_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "owner"], name="one_table_webhook_per_owner")
        ]

    def __str__(self) -> str:
        return f"{self.owner}'s webhook of {self.game}"


class LocalMail(models.Model):
    """Mail delivered by the embedded default's email backend, shown at /mail/."""

    sender = models.CharField(max_length=300)
    recipients = models.TextField()
    subject = models.CharField(max_length=998)
    message = models.TextField(help_text="The whole message as it would go on the wire.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.subject


class Suppression(models.Model):
    """An address without an account that asked for no more email (it was only invited)."""

    email = models.EmailField(unique=True)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.email


class InboundMail(models.Model):
    """One email received by any way in; its Message-ID makes a second delivery a no-op."""

    class Result(models.TextChoices):
        ACCEPTED = "accepted"
        REFUSED = "refused"
        ANSWERED = "answered", "answered a command"
        IGNORED = "ignored", "ignored (automatic mail)"
        REJECTED = "rejected", "rejected (could not be read; refused for good)"

    message_id = models.CharField(max_length=255, unique=True)
    received = models.DateTimeField(auto_now_add=True)
    channel = models.CharField(max_length=16)
    sender = models.CharField(max_length=300, blank=True)
    subject = models.CharField(max_length=998, blank=True)
    size = models.PositiveIntegerField(default=0)
    game = models.ForeignKey("play.Game", null=True, blank=True, on_delete=models.SET_NULL)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    result = models.CharField(max_length=10, choices=Result.choices)
    detail = models.TextField(blank=True)
    # Whether the sender was written back to: a second delivery is answered only if the first
    # was, so a refused sender learns nothing from sending the same message again.
    answered = models.BooleanField(default=False)

    class Meta:
        ordering = ["-received"]

    def __str__(self) -> str:
        return f"{self.message_id} from {self.sender} ({self.result})"
