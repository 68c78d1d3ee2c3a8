"""Every page shows times in the player's own time zone (from their preferences), else UTC."""

from __future__ import annotations

import zoneinfo

from django.utils import timezone

from tabletop.accounts.models import Preferences


class PlayerTimeZoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        activate_time_zone(request.user)
        return self.get_response(request)


def activate_time_zone(user) -> None:
    try:
        timezone.activate(zoneinfo.ZoneInfo(preferred_time_zone(user)))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        timezone.deactivate()


def preferred_time_zone(user) -> str:
    if not getattr(user, "is_authenticated", False):
        return "UTC"
    preferences = Preferences.objects.filter(user=user).first()
    return str(getattr(preferences, "time_zone", "") or "UTC")
