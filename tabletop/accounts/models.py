"""Who a player is, beyond Django's user: how they want to hear from us, how their clock runs."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# Kinds of email (mail's Outbox.Kind values) that answer something the player just did.
ANSWERS_ALWAYS_SENT = ("reply",)

# The events a player chooses channels for, and the channels. Table talk has no email of its
# own: what was said is told in the next turn email.
EVENTS = ("turn", "reminder", "game_over", "chat", "invitation", "vote", "comment", "tournament")
CHANNELS = ("email", "webhook", "push")
EVENT_NAMES = {
    "turn": _("It is my turn"),
    "reminder": _("Reminders before my deadline"),
    "game_over": _("A game ends"),
    "chat": _("Table talk"),
    "invitation": _("Invitations to new games"),
    "vote": _("Votes at my table, and on my seat"),
    "comment": _("Comments on my finished games"),
    "tournament": _("My tournaments: rounds, new games, drops, the end"),
}
NO_CHANNEL = {("chat", "email")}


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Preferences(models.Model):
    """How and when a player hears from us, and how their clock runs.

    Times of day are the player's local time in `time_zone`; the vacation is whole local days,
    first and last included.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="preferences",
    )
    time_zone = models.CharField(max_length=64, default="UTC")
    # Blank: pages follow the browser's Accept-Language, and emails go in English.
    language = models.CharField(
        _("language"),
        max_length=8,
        blank=True,
        choices=[("", _("The browser's language")), *settings.LANGUAGES],
        help_text=_("Pages and emails in this language."),
    )
    quiet_start = models.TimeField(
        null=True, blank=True, help_text=_("No email from this time of day (your time zone).")
    )
    quiet_end = models.TimeField(null=True, blank=True, help_text=_("...until this time of day."))
    clock_pauses = models.BooleanField(
        default=False,
        help_text=_("Your clock stops during your quiet hours (else it keeps going)."),
    )
    vacation_start = models.DateField(null=True, blank=True)
    vacation_end = models.DateField(
        null=True, blank=True, help_text=_("Your clock stops on these days, both included.")
    )
    daily_digest = models.BooleanField(
        default=False,
        help_text=_("One email a day listing your turns instead of one per turn."),
    )
    digest_hour = models.PositiveSmallIntegerField(
        default=8,
        help_text=_("Hour of the day (0-23, your time zone) the digest goes out."),
    )
    email_turn = models.BooleanField(_("email when it is my turn"), default=True)
    email_reminder = models.BooleanField(_("reminders before my deadline"), default=True)
    email_timeout = models.BooleanField(_("when a seat runs out of time"), default=True)
    email_game_over = models.BooleanField(_("when a game ends"), default=True)
    email_invitation = models.BooleanField(_("invitations to new games"), default=True)
    email_vote = models.BooleanField(_("votes at my table, and on my seat"), default=True)
    email_comment = models.BooleanField(_("comments on my finished games"), default=True)
    email_tournament = models.BooleanField(_("news of my tournaments"), default=True)
    # Other channels are opt-in: email stays the default for everything.
    webhook_turn = models.BooleanField(default=False)
    webhook_reminder = models.BooleanField(default=False)
    webhook_game_over = models.BooleanField(default=False)
    webhook_chat = models.BooleanField(default=False)
    webhook_invitation = models.BooleanField(default=False)
    webhook_vote = models.BooleanField(default=False)
    webhook_comment = models.BooleanField(default=False)
    webhook_tournament = models.BooleanField(default=False)
    push_turn = models.BooleanField(default=False)
    push_reminder = models.BooleanField(default=False)
    push_game_over = models.BooleanField(default=False)
    push_chat = models.BooleanField(default=False)
    push_invitation = models.BooleanField(default=False)
    push_vote = models.BooleanField(default=False)
    push_comment = models.BooleanField(default=False)
    push_tournament = models.BooleanField(default=False)
    # The secret in the address of the player's calendar feed; empty until first shown.
    calendar_token = models.CharField(max_length=64, blank=True, db_index=True)
    unsubscribed = models.BooleanField(
        default=False,
        help_text=_("No email at all (answers to your own emailed moves still come)."),
    )

    class Meta:
        verbose_name_plural = "preferences"

    def __str__(self) -> str:
        return f"preferences of {self.user}"

    @classmethod
    def of(cls, user) -> Preferences:
        """The user's preferences; unsaved defaults until they change any.

        Read with the user where the query asked for them (`select_related`), else here.
        """
        relation = cls._meta.get_field("user").remote_field
        if relation.is_cached(user):
            return relation.get_cached_value(user) or cls(user=user)
        return cls.objects.filter(user=user).first() or cls(user=user)

    def wants(self, kind: str) -> bool:
        """Whether email of this kind ("turn", "reminder", ...) may go to this player at all.

        Answers to the player's own emailed moves always go; everything else stops with
        unsubscribing, and each kind with a field `email_<kind>` can be turned off alone.
        """
        if kind in ANSWERS_ALWAYS_SENT:
            return True
        if self.unsubscribed:
            return False
        field = "email_" + kind.replace("-", "_")
        return getattr(self, field, True)

    def wants_on(self, channel: str, event: str) -> bool:
        """Whether this event ("turn", "game-over", ...) goes to the player on this channel.
        Unsubscribing stops email only: a webhook or push is switched off where it is set."""
        event = event.replace("-", "_")
        if channel == "email":
            return (event, channel) not in NO_CHANNEL and self.wants(event)
        return bool(getattr(self, f"{channel}_{event}", False))

    def channels(self) -> dict[str, dict[str, bool]]:
        """{event: {channel: on}} for every event and the channels it can use."""
        return {
            event: {
                channel: self.wants_on(channel, event)
                for channel in CHANNELS
                if (event, channel) not in NO_CHANNEL
            }
            for event in EVENTS
        }

    def set_channels(self, chosen: dict[str, dict[str, bool]]) -> list[str]:
        """Turn channels on or off ({event: {channel: on}}); the names of the changed fields."""
        changed = []
        for event, channels in chosen.items():
            for channel, on in channels.items():
                setattr(self, f"{channel}_{event}", bool(on))
                changed.append(f"{channel}_{event}")
        return changed

    def calendar_secret(self) -> str:
        """The calendar feed's token, made (and saved) the first time it is asked for."""
        if not self.calendar_token:
            self.calendar_token = new_token()
            self.save()
        return self.calendar_token


class Webhook(models.Model):
    """Where a JSON POST goes: a player's own (`user`), or a table's (mail.TableWebhook).

    Switched off (`switched_off` set) after WEBHOOK_FAILURES_TO_SWITCH_OFF deliveries in a row
    gave up; saving a new URL switches it on again.
    """

    class Format(models.TextChoices):
        JSON = "json", _("JSON, signed (X-Tabletop-Signature)")
        DISCORD = "discord", _("Discord")
        SLACK = "slack", _("Slack")

    url = models.URLField(max_length=1000)
    format = models.CharField(max_length=8, choices=Format.choices, default=Format.JSON)
    secret = models.CharField(max_length=64, default=new_token)
    failures = models.PositiveIntegerField(default=0)
    switched_off = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True)

    class Meta:
        abstract = True

    @property
    def active(self) -> bool:
        return self.switched_off is None


class PlayerWebhook(Webhook):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="webhook"
    )

    def __str__(self) -> str:
        return f"webhook of {self.user}"


class PushSubscription(models.Model):
    """A browser that asked for notifications (Web Push): its push service endpoint and keys."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"push to {self.user}"


class UsedLink(models.Model):
    """A log-in link from an email that has been used: it logs nobody in a second time.

    Only a digest of the link is kept (the link itself would log its holder in), and a row
    outlives its link by no more than MAIL_LINK_MAX_AGE_HOURS.
    """

    digest = models.CharField(max_length=64, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)
    used = models.DateTimeField(db_index=True)

    def __str__(self) -> str:
        return f"link of {self.user} used {self.used:%Y-%m-%d %H:%M}"


class Block(models.Model):
    """`blocker` keeps `blocked` away: no invitation from them, no seat at the blocker's tables,
    none of their table talk read (accounts/blocks.py). The blocked player is never told."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_made"
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="one_block_per_pair"),
            models.CheckConstraint(
                condition=~models.Q(blocker=models.F("blocked")), name="nobody_blocks_themselves"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.blocker} blocks {self.blocked}"
