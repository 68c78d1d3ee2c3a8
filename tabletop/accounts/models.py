"""Who a player is, beyond Django's user: how they want to hear from us, how their clock runs."""

from __future__ import annotations

from django.conf import settings
from django.db import models

# Kinds of email (mail's Outbox.Kind values) that answer something the player just did.
ANSWERS_ALWAYS_SENT = ("reply",)


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
