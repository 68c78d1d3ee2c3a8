"""A session started by an email's log-in link reaches only the games its links opened.

An email can be forwarded or read over a shoulder: until the player logs in with their
password, such a session may view and play its games (their pages under /games/<id>/ and their
API) and reach the pages that log in or out; everything else asks for the password. Any other
log-in ends the restriction. Pages are matched by URL name, since accounts imports none of the
rooms that serve them.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import ResolverMatch

SESSION_KEY = "link_games"

# Views of one game, each taking it as `game_id`.
GAME_VIEWS = frozenset(
    {
        "game",
        "game-panel",
        "move",
        "resign",
        "rematch",
        "history",
        "export",
        "api-game",
        "api-moves",
        "api-state",
        "api-rematch",
    }
)

# Views that do not act as the player: the way to a proper log-in, and signed email links.
OPEN_VIEWS = frozenset(
    {
        "login",
        "logout",
        "signup",
        "password_reset",
        "password_reset_done",
        "password_reset_confirm",
        "password_reset_complete",
        "account_request_login_code",
        "account_confirm_login_code",
        "account_reset_password",
        "account_reset_password_done",
        "account_reset_password_from_key",
        "account_reset_password_from_key_done",
        "account_confirm_email",
        "mail-go",
        "mail-unsubscribe",
    }
)


def start(request: HttpRequest, game_id: int) -> None:
    """Mark the session just logged in by a link: it reaches this game only."""
    request.session[SESSION_KEY] = [game_id]


def allow_game(request: HttpRequest, game_id: int) -> None:
    """A link session that used a fresh link of its own player reaches that game as well."""
    games = request.session.get(SESSION_KEY)
    if games is not None and game_id not in games:
        request.session[SESSION_KEY] = [*games, game_id]


def end(sender, request: HttpRequest | None = None, **kwargs) -> None:
    """On every log-in (django's user_logged_in); the link log-in marks its session after it."""
    if request is not None and hasattr(request, "session"):
        request.session.pop(SESSION_KEY, None)


def linked_games(request: HttpRequest) -> list[int] | None:
    """The games a link session may reach; None for any other session."""
    if not request.user.is_authenticated:
        return None
    return request.session.get(SESSION_KEY)


def may_reach(request: HttpRequest, match: ResolverMatch) -> bool:
    games = linked_games(request)
    if games is None or match.view_name in OPEN_VIEWS:
        return True
    return match.view_name in GAME_VIEWS and match.kwargs.get("game_id") in games
