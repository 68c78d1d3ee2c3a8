"""The API's rate limits: tabletop.accounts.limits as DRF throttles.

They count with the web pages (a game created on either counts against one limit) and refuse
with 429, a Retry-After header and a `detail` that says what to do.
"""

from __future__ import annotations

from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

from tabletop.accounts import limits


class Limit(BaseThrottle):
    """Counts each POST against RATE_LIMITS[action]; other methods pass."""

    action = ""
    refusal = "Too many requests; try again in {wait} seconds."

    def key(self, request: Request) -> str:
        raise NotImplementedError

    def allow_request(self, request: Request, view) -> bool:
        if request.method != "POST":
            return True
        wait = limits.spend(request, self.action, self.key(request))
        if wait:
            raise exceptions.Throttled(wait, self.refusal.format(wait=wait))
        return True


class TokenRequests(Limit):
    """POST /api/auth/token/ per IP, right password or wrong."""

    action = "api-token"
    refusal = "Too many log-in attempts from your network; try again in {wait} seconds."

    def key(self, request: Request) -> str:
        return limits.of_ip(request)


class PasswordGuesses(BaseThrottle):
    """After RATE_LIMITS["password-failures"] wrong passwords for a name (at any door), the
    token is refused for it even with the right password, until the window passes."""

    def allow_request(self, request: Request, view) -> bool:
        if request.method != "POST":
            return True
        name = request.data.get("username") if hasattr(request.data, "get") else None
        if not isinstance(name, str) or not name:
            return True
        wait = limits.wait_for(request, "password-failures", limits.of_name(name))
        if wait:
            raise exceptions.Throttled(
                wait, f"Too many wrong passwords for {name!r}; try again in {wait} seconds."
            )
        return True


class GameCreation(Limit):
    """Games created per player, on the web and through the API together."""

    action = "create-game"
    refusal = "You have created many games in a short time; try again in {wait} seconds."

    def key(self, request: Request) -> str:
        return limits.of_player(request)


# A longer list is refused by the form anyway (CreateGameSerializer.invite).
MOST_INVITATIONS_COUNTED = 10


class Invitations(BaseThrottle):
    """Invitations sent per player, on the web and through the API together: one for a POST
    to a game's invitations, one for each name in a new game's `invite`."""

    refusal = "You have sent many invitations in a short time; try again in {wait} seconds."

    def allow_request(self, request: Request, view) -> bool:
        if request.method != "POST":
            return True
        count = self.invitations_in(request)
        wait = limits.spend(request, "invite", limits.of_player(request), count) if count else 0
        if wait:
            raise exceptions.Throttled(wait, self.refusal.format(wait=wait))
        return True

    @staticmethod
    def invitations_in(request: Request) -> int:
        data = request.data
        invite = data.get("invite") if isinstance(data, dict) else None
        if isinstance(invite, list):
            return min(len(invite), MOST_INVITATIONS_COUNTED)
        return 1 if isinstance(invite, str) else 0
