"""Every page shows times in the player's own time zone (from their preferences), else UTC,
and speaks the player's language (their setting, else the browser's, else English); a session
started by an email's log-in link reaches only its game (link_sessions.py).

The preferences come with the player: the session's backend reads them in the same query
(backends.py), the API's token authentication too, so no page spends a query or a round trip
to the cache on them.
"""

from __future__ import annotations

import zoneinfo

from django.contrib.auth.views import redirect_to_login
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers

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
    return Preferences.of(user).time_zone or "UTC"


class PlayerLanguageMiddleware:
    """Django's LocaleMiddleware without language prefixes in the paths, where the player's
    own setting wins over what the browser asks for."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = preferred_language(request.user) or translation.get_language_from_request(
            request
        )
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
        try:
            response = self.get_response(request)
        finally:
            # The response is rendered by now; the next work in this thread (a task, a test)
            # starts in the default language, not the last visitor's.
            translation.deactivate()
        patch_vary_headers(response, ("Accept-Language",))
        response.headers.setdefault("Content-Language", request.LANGUAGE_CODE)
        return response


def preferred_language(user) -> str:
    """The player's chosen language, "" when they follow their browser."""
    if not getattr(user, "is_authenticated", False):
        return ""
    return Preferences.of(user).language


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
