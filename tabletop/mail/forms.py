"""The player's mail and clock settings, as a form the settings page shows."""

from __future__ import annotations

import zoneinfo
from datetime import timedelta

from django import forms
from django.conf import settings

from tabletop.mail.models import Preferences


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
            from tabletop.play import store

            store.reschedule(preferences.user)
        return preferences
