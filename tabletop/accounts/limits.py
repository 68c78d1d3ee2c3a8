"""Rate limits on everything guessable or costly, so that nobody can guess passwords, flood
strangers with email or fill the database from a script.

allauth counts its own doors (log-in, wrong passwords, sign-up, password reset, log-in codes)
under ACCOUNT_RATE_LIMITS; this module counts tabletop's (RATE_LIMITS: the API token, game
creation, invitations, wrong passwords at any door) with django-ratelimit. Both count in the
cache, which is Redis when REDIS_URL is set, so that every process counts together. Over a
limit the answer is 429 with Retry-After: a page here, JSON in the API (tabletop/api/throttles.py).
"""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Callable
from functools import wraps

from allauth.account import app_settings as allauth_settings
from allauth.account.adapter import get_adapter
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_ratelimit.core import get_usage

# Pages of allauth that it refuses with its own 429, and the limit (of ACCOUNT_RATE_LIMITS)
# each one counts; the longest window of that limit is what Retry-After promises.
ALLAUTH_ACTIONS = {
    "login": "login",
    "account_login": "login",
    "signup": "signup",
    "account_signup": "signup",
    "account_reset_password": "reset_password",
    "account_reset_password_from_key": "reset_password_from_key",
    "account_request_login_code": "request_login_code",
    "account_email": "manage_email",
    "account_change_password": "change_password",
}
# allauth's form error when a limit on attempts (wrong passwords, codes asked for) is reached.
TOO_MANY_ATTEMPTS = "too_many_login_attempts"
# Retry-After when nothing better is known.
DEFAULT_WAIT = 60


def client_ip(request: HttpRequest) -> str:
    """The client's address as allauth sees it (ALLAUTH_TRUSTED_PROXY_COUNT), IPv6 by its /64:
    one IPv6 host holds a whole /64 and could otherwise take a fresh address per guess."""
    ip = get_adapter(request).get_client_ip(request)
    try:
        parsed = ipaddress.ip_address(ip)
    except ValueError:
        return ip
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False).network_address)
    return ip


def of_ip(request: HttpRequest) -> str:
    return "ip:" + client_ip(request)


def of_player(request: HttpRequest) -> str:
    return of_user(request.user)


def of_user(user) -> str:
    """A player, whichever door they came through (a page, the API, an emailed reply)."""
    return f"player:{user.pk}"


def of_name(name: str) -> str:
    """A log-in name (username or address) as typed, whatever its case."""
    return "name:" + (name or "").strip().lower()


# ---------------------------------------------------------------------------- counting


def usage(request: HttpRequest | None, action: str, key: str, increment: bool) -> dict | None:
    return get_usage(
        request,
        group=action,
        key=lambda group, request: key,
        rate=settings.RATE_LIMITS[action],
        increment=increment,
    )


def spend(request: HttpRequest | None, action: str, key: str, times: int = 1) -> int:
    """Count `times` of `action` by `key`: 0 when allowed, else the seconds until it is.

    `request` may be None where there is none (an emailed reply): the count is by key alone."""
    wait = 0
    for _ in range(times):
        counted = usage(request, action, key, increment=True)
        if counted is not None and counted["should_limit"]:
            wait = seconds_left(counted)
    return wait


def wait_for(request: HttpRequest, action: str, key: str) -> int:
    """The seconds until `key` may do `action` again (0: now), without counting this look."""
    counted = usage(request, action, key, increment=False)
    if counted is None or counted["count"] < counted["limit"]:
        return 0
    return seconds_left(counted)


def seconds_left(counted: dict) -> int:
    return counted["time_left"] if counted["time_left"] > 0 else DEFAULT_WAIT


def count_password_failure(sender, credentials: dict, request=None, **kwargs) -> None:
    """Django's user_login_failed, sent by every door that checks a password: the log-in page
    (adapter.py) and the API's token (tabletop/api/throttles.py) ask this count first."""
    name = credentials.get("username") or credentials.get("email") or ""
    if request is not None and name:
        spend(request, "password-failures", of_name(name))


# ---------------------------------------------------------------------------- refusing


def too_many(request: HttpRequest, wait: int) -> HttpResponse:
    """The page for a request over a limit: 429, and when to try again."""
    minutes = math.ceil(wait / 60)
    context = {"minutes": minutes, "seconds": wait}
    response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response


def limit(action: str, key: Callable[[HttpRequest], str] = of_player) -> Callable:
    """Refuse a view's POSTs beyond RATE_LIMITS[action] per `key` (the player by default)."""

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def limited(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            if request.method == "POST":
                wait = spend(request, action, key(request))
                if wait:
                    return too_many(request, wait)
            return view(request, *args, **kwargs)

        return limited

    return decorate


def allauth_wait(request: HttpRequest, action: str | None = None) -> int:
    """Retry-After for a limit of allauth: the longest window of its rates (allauth keeps
    no end of the window to ask)."""
    match = getattr(request, "resolver_match", None)
    if action is None and match is not None:
        action = ALLAUTH_ACTIONS.get(match.view_name)
    rates = allauth_settings.RATE_LIMITS.get(action or "") or ""
    windows = [window_seconds(rate) for rate in rates.split(",") if rate.strip()]
    return max(windows, default=DEFAULT_WAIT)


def window_seconds(rate: str) -> int:
    """ "10/15m/key" -> 900."""
    period = rate.strip().split("/")[1]
    unit = {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[-1]]
    return int(float(period[:-1] or 1) * unit)


def allauth_refusal(request: HttpRequest) -> HttpResponse:
    """allauth's 429 (ROOT_URLCONF.handler429) as our page, with Retry-After."""
    return too_many(request, allauth_wait(request))


def refuse_too_many_attempts(
    request: HttpRequest, form, response: HttpResponse, action: str
) -> HttpResponse:
    """allauth refuses attempts beyond a limit as a form error; say it with 429 as well."""
    if form.has_error("__all__", TOO_MANY_ATTEMPTS) or any(
        form.has_error(name, TOO_MANY_ATTEMPTS) for name in form.fields
    ):
        response.status_code = 429
        response["Retry-After"] = str(allauth_wait(request, action))
    return response
