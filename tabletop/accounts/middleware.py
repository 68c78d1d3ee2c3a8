"""Every page shows times in the player's own time zone (from their preferences), else UTC;
a session started by an email's log-in link reaches only its game (link_sessions.py).
"""

from __future__ import annotations

import zoneinfo

from django.contrib.auth.views import redirect_to_login
from django.utils import timezone

from tabletop.accounts import link_sessions
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


class LinkSessionMiddleware:
    """Sends a link session that reaches past its game to the log-in page, then back."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if link_sessions.may_reach(request, request.resolver_match):
            return None
        return redirect_to_login(request.get_full_path())
