"""Account forms: logging in and signing up (allauth's, in our words), and the player's mail
and clock settings."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

from allauth.account import forms as allauth_forms
from django import forms
from django.conf import settings

from tabletop.accounts.models import Preferences
from tabletop.accounts.signals import clock_settings_changed


class LoginForm(allauth_forms.LoginForm):
    """allauth's log-in by username or address, its field still posted as `username`: browsers,
    password managers and scripts have sent that name to /accounts/login/ all along."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["login"].label = "Name or email address"
        self.fields["login"].widget.attrs["autocomplete"] = "username"
        for field in self.fields.values():
            field.widget.attrs.pop("placeholder", None)

    def add_prefix(self, field_name: str) -> str:
        return super().add_prefix("username" if field_name == "login" else field_name)


class SignupForm(allauth_forms.SignupForm):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].help_text = "The name other players see."
        self.fields["email"].help_text = (
            "Turn emails and invitations go here once you have clicked the link we send to it; "
            "a forgotten password is reset through it."
        )
        for field in self.fields.values():
            field.widget.attrs.pop("placeholder", None)


def time_zone_choices() -> list[tuple[str, str]]:
    return [(name, name) for name in sorted(zoneinfo.available_timezones())]


class PreferencesForm(forms.ModelForm):
    """Saving it reschedules the player's running deadlines (vacation and quiet hours move them)."""

    time_zone = forms.ChoiceField(choices=time_zone_choices)

    class Meta:
        model = Preferences
        fields = [
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
            "unsubscribed",
        ]
        widgets = {
            "quiet_start": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "quiet_end": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "vacation_start": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "vacation_end": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    def clean_digest_hour(self) -> int:
        hour = self.cleaned_data["digest_hour"]
        if not 0 <= hour <= 23:
            raise forms.ValidationError("The digest hour is 0 to 23.")
        return hour

    def clean(self) -> dict:
        data = super().clean()
        if bool(data.get("quiet_start")) != bool(data.get("quiet_end")):
            raise forms.ValidationError("Quiet hours need both a start and an end.")
        if data.get("quiet_start") and data["quiet_start"] == data.get("quiet_end"):
            raise forms.ValidationError("Quiet hours must not start and end at the same time.")
        start, end = data.get("vacation_start"), data.get("vacation_end")
        if bool(start) != bool(end):
            raise forms.ValidationError("A vacation needs a first and a last day.")
        if start and end:
            if end < start:
                raise forms.ValidationError("The vacation ends before it starts.")
            longest = settings.MAIL_MAX_VACATION_DAYS
            if end - start >= timedelta(days=longest):
                raise forms.ValidationError(f"A vacation lasts at most {longest} days.")
        return data

    def save(self, commit: bool = True) -> Preferences:
        preferences = super().save(commit)
        if commit:
            clock_settings_changed.send(sender=Preferences, user=preferences.user)
        return preferences


SETTINGS_GROUPS = (
    ("Time zone", "Deadlines and quiet hours are in this zone.", ("time_zone",)),
    (
        "Quiet hours",
        "No email between these times of day.",
        ("quiet_start", "quiet_end", "clock_pauses"),
    ),
    ("Vacation", "Your clock stops while you are away.", ("vacation_start", "vacation_end")),
    (
        "Email",
        "",
        (
            "email_turn",
            "email_reminder",
            "email_timeout",
            "email_game_over",
            "email_invitation",
            "daily_digest",
            "digest_hour",
            "unsubscribed",
        ),
    ),
)


def settings_groups(form) -> list[dict]:
    """The preference fields in the groups a person thinks in; any new field lands in "More"."""
    placed, groups = set(), []
    for title, note, names in SETTINGS_GROUPS:
        fields = [form[name] for name in names if name in form.fields]
        placed.update(names)
        if fields:
            groups.append({"title": title, "note": note, "fields": fields})
    rest = [form[name] for name in form.fields if name not in placed]
    if rest:
        groups.append({"title": "More", "note": "", "fields": rest})
    return groups
