"""Log-in links: the signed way straight into a game from an email, and where pages live.

A game link expires (MAIL_LINK_MAX_AGE_DAYS) and dies with a password change, since it logs
its holder in.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.shortcuts import resolve_url
from django.urls import NoReverseMatch, reverse
from django.utils.crypto import salted_hmac

# The salts keep the names of the module that first signed these links: links already sent
# must keep working.
GO_SALT = "tabletop.mail.links.go"


class BadLink(Exception):
    """A link that was tampered with, has expired, or names something that is gone."""


def absolute(path: str) -> str:
    return settings.SITE_URL + path


def game_path(game_id: int) -> str:
    try:
        return reverse("game", args=[game_id])
    except NoReverseMatch:  # the pages are built alongside; the path is fixed by DESIGN.md
        return f"/games/{game_id}/"


def history_path(game_id: int) -> str:
    try:
        return reverse("history", args=[game_id])
    except NoReverseMatch:
        return f"/games/{game_id}/history/"


def settings_path() -> str:
    try:
        return reverse("settings")
    except NoReverseMatch:
        return "/settings/"


def login_path() -> str:
    try:
        return resolve_url(settings.LOGIN_URL)
    except NoReverseMatch:
        return "/"


def password_fingerprint(user) -> str:
    """Changes when the password does, so a leaked link stops working after a reset."""
    return salted_hmac(GO_SALT, user.password or "-", algorithm="sha256").hexdigest()[:10]


def game_link(user, game) -> str:
    """An absolute URL that logs `user` in and opens `game`."""
    token = signing.dumps(
        {"u": user.pk, "g": game.pk, "p": password_fingerprint(user)}, salt=GO_SALT
    )
    return absolute(reverse("mail-go", args=[token]))


def open_game_link(token: str) -> tuple:
    """(user, game_id) for a valid game link; BadLink says why not."""
    max_age = settings.MAIL_LINK_MAX_AGE_DAYS * 86400
    try:
        data = signing.loads(token, salt=GO_SALT, max_age=max_age)
    except signing.SignatureExpired:
        raise BadLink("This link has expired; log in to open the game.") from None
    except signing.BadSignature:
        raise BadLink("This link is not valid; log in to open the game.") from None
    user = get_user_model().objects.filter(pk=data.get("u"), is_active=True).first()
    if user is None or password_fingerprint(user) != data.get("p"):
        raise BadLink("This link is no longer valid; log in to open the game.")
    return user, data.get("g")
