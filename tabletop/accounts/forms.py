"""Account forms: logging in and signing up (allauth's, in our words), and the player's mail
and clock settings."""

from __future__ import annotations

from datetime import timedelta

from allauth.account import forms as allauth_forms
from django import forms
from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tabletop.accounts import channels, public_urls, zones
from tabletop.accounts.models import (
    CHANNELS,
    EVENT_NAMES,
    EVENTS,
    NO_CHANNEL,
    PlayerWebhook,
    Preferences,
    Webhook,
)
from tabletop.accounts.signals import clock_settings_changed


class LoginForm(allauth_forms.LoginForm):
    """allauth's log-in by username or address, its field still posted as `username`: browsers,
    password managers and scripts have sent that name to /accounts/login/ all along."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["login"].label = _("Name or email address")
        self.fields["login"].widget.attrs["autocomplete"] = "username"
        for field in self.fields.values():
            field.widget.attrs.pop("placeholder", None)

    def add_prefix(self, field_name: str) -> str:
        return super().add_prefix("username" if field_name == "login" else field_name)


class SignupForm(allauth_forms.SignupForm):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = _("The name other players see.")
        self.fields["email"].help_text = _(
            "Turn emails and invitations go here once you have clicked the link we send to it; "
            "a forgotten password is reset through it."
        )
        self.fields["time_zone"] = TimeZoneField(
            propose_browser_zone=True,
            required=False,
            initial="UTC",
            help_text=gettext_lazy(
                "Deadlines and quiet hours are in this zone; proposed from your browser."
            ),
        )
        for field in self.fields.values():
            field.widget.attrs.pop("placeholder", None)

    def custom_signup(self, request, user) -> None:
        time_zone = self.cleaned_data.get("time_zone") or "UTC"
        Preferences.objects.update_or_create(user=user, defaults={"time_zone": time_zone})


class TimeZoneField(forms.ChoiceField):
    """A select grouped by region with today's offsets (accounts/zones.py); any IANA name is
    accepted, so that a player's old alias stays valid. tabletop.js adds a search box and
    proposes the browser's zone where the select asks for it (data-propose-browser-zone)."""

    def __init__(self, *, propose_browser_zone: bool = False, **kwargs) -> None:
        kwargs.setdefault("label", gettext_lazy("Time zone"))
        kwargs.setdefault("help_text", gettext_lazy("Deadlines and quiet hours are in this zone."))
        super().__init__(choices=zones.grouped_choices, **kwargs)
        self.widget.attrs["data-time-zone"] = ""
        # tabletop.js's words for the search box and the proposal, in the page's language.
        self.widget.attrs.update(
            {
                "data-search-label": gettext_lazy("Search time zones"),
                "data-search-placeholder": gettext_lazy("Search: city, region or UTC+01"),
                "data-use-browser-zone": gettext_lazy("Use your browser's time zone:"),
            }
        )
        if propose_browser_zone:
            self.widget.attrs["data-propose-browser-zone"] = ""

    def show_current(self, current: str) -> None:
        """List the player's present zone even when it is an alias outside the regions."""
        self.choices = zones.grouped_choices(current)

    def valid_value(self, value: str) -> bool:
        return zones.is_known(value)


class PreferencesForm(forms.ModelForm):
    """Saving it reschedules the player's running deadlines (vacation and quiet hours move them)."""

    time_zone = TimeZoneField()

    class Meta:
        model = Preferences
        fields = [
            "language",
            "time_zone",
            "quiet_start",
            "quiet_end",
            "clock_pauses",
            "vacation_start",
            "vacation_end",
            "daily_digest",
            "digest_hour",
            "email_turn",
            "email_reminder",
            "email_timeout",
            "email_game_over",
            "email_invitation",
            "email_vote",
            "email_comment",
            "email_tournament",
            "unsubscribed",
            *(f"{channel}_{event}" for channel in CHANNELS[1:] for event in EVENTS),
        ]
        # The fields' own names read as labels; here in words that can be translated.
        labels = {
            "quiet_start": gettext_lazy("Quiet start"),
            "quiet_end": gettext_lazy("Quiet end"),
            "clock_pauses": gettext_lazy("Clock pauses"),
            "vacation_start": gettext_lazy("Vacation start"),
            "vacation_end": gettext_lazy("Vacation end"),
            "daily_digest": gettext_lazy("Daily digest"),
            "digest_hour": gettext_lazy("Digest hour"),
            "unsubscribed": gettext_lazy("Unsubscribed"),
        }
        widgets = {
            "quiet_start": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "quiet_end": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "vacation_start": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "vacation_end": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    def __init__(self, *args, push_available: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].show_current(self.instance.time_zone)
        if not push_available:
            # Not shown, so not posted: left out, they keep what they were.
            for event in EVENTS:
                self.fields.pop(f"push_{event}")
        names = {
            "email": _("email"),
            "webhook": _("webhook"),
            "push": _("browser notification"),
        }
        for event in EVENTS:
            for channel in CHANNELS:
                field = self.fields.get(grid_field(event, channel))
                if field is not None:
                    field.widget.attrs["aria-label"] = _("%(event)s: %(channel)s") % {
                        "event": EVENT_NAMES[event],
                        "channel": names[channel],
                    }

    def clean_digest_hour(self) -> int:
        hour = self.cleaned_data["digest_hour"]
        if not 0 <= hour <= 23:
            raise forms.ValidationError(_("The digest hour is 0 to 23."))
        return hour

    def clean(self) -> dict:
        data = super().clean()
        if bool(data.get("quiet_start")) != bool(data.get("quiet_end")):
            raise forms.ValidationError(_("Quiet hours need both a start and an end."))
        if data.get("quiet_start") and data["quiet_start"] == data.get("quiet_end"):
            raise forms.ValidationError(_("Quiet hours must not start and end at the same time."))
        start, end = data.get("vacation_start"), data.get("vacation_end")
        if bool(start) != bool(end):
            raise forms.ValidationError(_("A vacation needs a first and a last day."))
        if start and end:
            if end < start:
                raise forms.ValidationError(_("The vacation ends before it starts."))
            longest = settings.MAIL_MAX_VACATION_DAYS
            if end - start >= timedelta(days=longest):
                raise forms.ValidationError(
                    ngettext(
                        "A vacation lasts at most %(count)d day.",
                        "A vacation lasts at most %(count)d days.",
                        longest,
                    )
                    % {"count": longest}
                )
        return data

    def save(self, commit: bool = True) -> Preferences:
        preferences = super().save(commit)
        if commit:
            clock_settings_changed.send(sender=Preferences, user=preferences.user)
        return preferences


SETTINGS_GROUPS = (
    # No legends: the fields' own labels say "Language" and "Time zone", once each.
    ("", "", ("language",)),
    ("", "", ("time_zone",)),
    (
        gettext_lazy("Quiet hours"),
        gettext_lazy("No email between these times of day."),
        ("quiet_start", "quiet_end", "clock_pauses"),
    ),
    (
        gettext_lazy("Vacation"),
        gettext_lazy("Your clock stops while you are away."),
        ("vacation_start", "vacation_end"),
    ),
    (
        gettext_lazy("Email"),
        gettext_lazy("Which events come by email is chosen in the Channels table below."),
        ("email_timeout", "daily_digest", "digest_hour", "unsubscribed"),
    ),
)


def grid_field(event: str, channel: str) -> str:
    return f"{channel}_{event}"


GRID_FIELDS = {
    grid_field(event, channel)
    for event in EVENTS
    for channel in CHANNELS
    if (event, channel) not in NO_CHANNEL
}


def channel_grid(form, push_available: bool) -> dict:
    """The events by the channels they reach the player on: a table of checkboxes. The push
    column shows only where the site can send notifications."""
    shown = [channel for channel in CHANNELS if channel != "push" or push_available]
    rows = []
    for event in EVENTS:
        cells = [
            form[grid_field(event, channel)] if (event, channel) not in NO_CHANNEL else None
            for channel in shown
        ]
        rows.append({"event": EVENT_NAMES[event], "cells": cells})
    return {"channels": shown, "rows": rows}


class WebhookForm(forms.Form):
    """The player's own webhook: an empty URL removes it."""

    url = forms.CharField(
        label=gettext_lazy("Webhook URL"),
        required=False,
        max_length=1000,
        help_text=gettext_lazy(
            "An https:// address on a public host (a Discord or Slack channel's webhook, "
            "or your own). Saving it switches a webhook that was switched off back on."
        ),
    )
    format = forms.ChoiceField(
        label=gettext_lazy("Format"), choices=Webhook.Format.choices, initial=Webhook.Format.JSON
    )

    def __init__(self, *args, user, **kwargs) -> None:
        hook = PlayerWebhook.objects.filter(user=user).first()
        if hook is not None:
            kwargs.setdefault("initial", {"url": hook.url, "format": hook.format})
        super().__init__(*args, prefix="webhook", **kwargs)
        self.user = user

    def clean(self) -> dict:
        data = super().clean()
        url = data.get("url", "").strip()
        if url:
            try:
                channels.check_webhook(url, data.get("format", Webhook.Format.JSON))
            except (ValueError, public_urls.NotPublic) as problem:
                raise forms.ValidationError(str(problem)) from None
        return data

    def save(self) -> PlayerWebhook | None:
        return channels.set_webhook(
            self.user, self.cleaned_data["url"], self.cleaned_data["format"]
        )


def settings_groups(form) -> list[dict]:
    """The preference fields in the groups a person thinks in; any new field lands in "More"."""
    placed, groups = set(GRID_FIELDS), []
    for title, note, names in SETTINGS_GROUPS:
        fields = [form[name] for name in names if name in form.fields]
        placed.update(names)
        if fields:
            groups.append({"title": title, "note": note, "fields": fields})
    rest = [form[name] for name in form.fields if name not in placed]
    if rest:
        groups.append({"title": _("More"), "note": "", "fields": rest})
    return groups
