"""Every page shows times in the player's own time zone (from their preferences), else UTC,
and speaks the player's language (their setting, else the browser's, else English); a session
started by an email's log-in link reaches only its game (link_sessions.py).
"""

from __future__ import annotations

import logging
import zoneinfo

from django.contrib.auth.views import redirect_to_login
from django.core.cache import cache
from django.utils import timezone, translation
from django.utils.cache import patch_vary_headers

from tabletop.accounts import link_sessions
from tabletop.accounts.models import Preferences

log = logging.getLogger(__name__)

# A preferences change bypassing save() (a queryset update) shows after this long at most.
TIME_ZONE_SECONDS = 3600


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
    """From the cache while it holds it: the live panel's polls answer "nothing changed" in
    two queries (the user and the game), which leaves none for the preferences."""
    if not getattr(user, "is_authenticated", False):
        return "UTC"
    return kept_preference(user, "time_zone") or "UTC"


# The preferences every page reads, kept in the cache per player: {name: default}.
KEPT = {"time_zone": "UTC", "language": ""}


def kept_preference(user, name: str) -> str:
    """One preference of the player's, from the cache while it holds it, else read and kept."""
    return kept_preferences(user)[name]


# Where a request's user holds the preferences it read: the time zone, the language and the
# page all ask, and a poll answering "nothing changed" can afford one cache round trip for them.
READ_ON_THE_USER = "_kept_preferences"


def kept_preferences(user) -> dict[str, str]:
    """The preferences every page reads, in one cache round trip per request (kept on the user
    object, which lives for one request), read from the database if the cache lacks any."""
    read = getattr(user, READ_ON_THE_USER, None)
    if read is None:
        read = read_kept_preferences(user)
        setattr(user, READ_ON_THE_USER, read)
    return read


def read_kept_preferences(user) -> dict[str, str]:
    keys = {name: preference_key(name, user.pk) for name in KEPT}
    try:
        cached = cache.get_many(list(keys.values()))
    except Exception:  # noqa: BLE001 - a cache that is away costs a query, not the page
        cached = {}
    if all(key in cached for key in keys.values()):
        return {name: cached[key] for name, key in keys.items()}
    found = Preferences.objects.filter(user=user).values(*KEPT).first() or {}
    read = {name: str(found.get(name) or default) for name, default in KEPT.items()}
    try:
        cache.set_many({keys[name]: value for name, value in read.items()}, TIME_ZONE_SECONDS)
    except Exception:  # noqa: BLE001
        log.warning("could not keep the preferences of player %s", user.pk)
    return read


def preference_key(name: str, user_id: int) -> str:
    return f"{name.replace('_', '-')}:{user_id}"


def forget_kept_preferences(sender, instance: Preferences, **kwargs) -> None:
    """On every save or deletion of preferences: the next page reads them afresh."""
    if Preferences.user.is_cached(instance):
        # The same request may show a page after the change (the settings page).
        instance.user.__dict__.pop(READ_ON_THE_USER, None)
    try:
        cache.delete_many([preference_key(name, instance.user_id) for name in KEPT])
    except Exception:  # noqa: BLE001 - then the old ones show until TIME_ZONE_SECONDS pass
        log.warning("could not forget the preferences of player %s", instance.user_id)


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
    """The player's chosen language, "" when they follow their browser. From the cache while it
    holds it, like the time zone: a panel poll reads no preferences."""
    if not getattr(user, "is_authenticated", False):
        return ""
    return kept_preference(user, "language")


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
