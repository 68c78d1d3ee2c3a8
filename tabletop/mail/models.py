"""Email waiting to go out, and mail kept locally when no EMAIL_URL is set."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Outbox(models.Model):
    """One email to send. Written in the same transaction as the move that caused it."""

    class Kind(models.TextChoices):
        TURN = "turn"
        REMINDER = "reminder"
        TIMEOUT = "timeout"
        GAME_OVER = "game-over"
        INVITATION = "invitation"
        REPLY = "reply"
        DIGEST = "digest"

    class Status(models.TextChoices):
        PENDING = "pending"
        SENT = "sent"
        FAILED = "failed", "failed (gave up after retries)"
        SKIPPED = "skipped", "not sent (opted out, or no longer true)"
        HELD = "held", "held for the daily digest"
        DIGESTED = "digested", "went out in a daily digest"

    kind = models.CharField(max_length=12, choices=Kind.choices)
    game = models.ForeignKey("play.Game", null=True, blank=True, on_delete=models.CASCADE)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE
    )
    to = models.EmailField()
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


class Preferences(models.Model):
    """How and when a player hears from us, and how their clock runs.

    Times of day are the player's local time in `time_zone`; the vacation is whole local days,
    first and last included.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="mail_preferences",
    )
    time_zone = models.CharField(max_length=64, default="UTC")
    quiet_start = models.TimeField(
        null=True, blank=True, help_text="No email from this time of day (your time zone)."
    )
    quiet_end = models.TimeField(null=True, blank=True, help_text="...until this time of day.")
    clock_pauses = models.BooleanField(
        default=False, help_text="Your clock stops during your quiet hours (else it keeps going)."
    )
    vacation_start = models.DateField(null=True, blank=True)
    vacation_end = models.DateField(
        null=True, blank=True, help_text="Your clock stops on these days, both included."
    )
    daily_digest = models.BooleanField(
        default=False, help_text="One email a day listing your turns instead of one per turn."
    )
    digest_hour = models.PositiveSmallIntegerField(
        default=8, help_text="Hour of the day (0-23, your time zone) the digest goes out."
    )
    email_turn = models.BooleanField("email when it is my turn", default=True)
    email_reminder = models.BooleanField("reminders before my deadline", default=True)
    email_timeout = models.BooleanField("when a seat runs out of time", default=True)
    email_game_over = models.BooleanField("when a game ends", default=True)
    email_invitation = models.BooleanField("invitations to new games", default=True)
    unsubscribed = models.BooleanField(
        default=False, help_text="No email at all (answers to your own emailed moves still come)."
    )

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"preferences of {self.user}"

    @classmethod
    def of(cls, user) -> Preferences:
        """The user's preferences; unsaved defaults until they change any."""
        return cls.objects.filter(user=user).first() or cls(user=user)

    def wants(self, kind: str) -> bool:
        """Whether email of this kind (an Outbox.Kind) may go to this player at all."""
        if kind in (Outbox.Kind.REPLY, Outbox.Kind.DIGEST):
            return kind == Outbox.Kind.REPLY or not self.unsubscribed
        if self.unsubscribed:
            return False
        field = "email_" + kind.replace("-", "_")
        return getattr(self, field, True)


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

    class Meta:
        ordering = ["-received"]

    def __str__(self) -> str:
        return f"{self.message_id} from {self.sender} ({self.result})"
