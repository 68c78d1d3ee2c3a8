"""Log-in links: the signed way straight into a game from an email, and where pages live.

An email can be forwarded, so its link hands over as little as it can: it logs its holder in
once (a used link is recorded), for MAIL_LINK_MAX_AGE_HOURS, never into a staff account, and it
dies with a password change. The session it starts reaches only that game (link_sessions.py).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.db import IntegrityError, transaction
from django.shortcuts import resolve_url
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext as _

from tabletop.accounts.models import UsedLink

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


def tournament_path(tournament_id: int) -> str:
    try:
        return reverse("tournament", args=[tournament_id])
    except NoReverseMatch:
        return f"/tournaments/{tournament_id}/"


def history_path(game_id: int) -> str:
    try:
        return reverse("history", args=[game_id])
    except NoReverseMatch:
        return f"/games/{game_id}/history/"


def rules_path(slug: str) -> str:
    try:
        return reverse("rules", args=[slug])
    except NoReverseMatch:
        return f"/rules/{slug}/"


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


def may_log_in_by_link(user) -> bool:
    """Staff accounts reach the admin and every game: no email link ever opens them."""
    return not (user.is_staff or user.is_superuser)


def link_max_age() -> timedelta:
    return timedelta(hours=settings.MAIL_LINK_MAX_AGE_HOURS)


def game_link(user, game) -> str:
    """An absolute URL that opens `game`, logging `user` in once if they are a player.

    The nonce keeps two links signed in the same second apart, so using one spends only it.
    """
    if not may_log_in_by_link(user):
        return absolute(game_path(game.pk))
    data = {"u": user.pk, "g": game.pk, "p": password_fingerprint(user)}
    token = signing.dumps({**data, "n": secrets.token_urlsafe(6)}, salt=GO_SALT)
    return absolute(reverse("mail-go", args=[token]))


def open_game_link(token: str) -> tuple:
    """(user, game_id) for a valid game link, used or not; BadLink says why not."""
    try:
        data = signing.loads(token, salt=GO_SALT, max_age=link_max_age())
    except signing.SignatureExpired:
        raise BadLink(_("This link has expired; log in to open the game.")) from None
    except signing.BadSignature:
        raise BadLink(_("This link is not valid; log in to open the game.")) from None
    user = get_user_model().objects.filter(pk=data.get("u"), is_active=True).first()
    if user is None or password_fingerprint(user) != data.get("p"):
        raise BadLink(_("This link is no longer valid; log in to open the game."))
    return user, data.get("g")


def use_game_link(token: str, user) -> bool:
    """Record that a link was used: True the first time, False ever after.

    Uses older than the longest a link lives are forgotten: their links have expired anyway.
    """
    now = timezone.now()
    UsedLink.objects.filter(used__lt=now - link_max_age()).delete()
    digest = hashlib.sha256(token.encode()).hexdigest()
    try:
        with transaction.atomic():
            UsedLink.objects.create(digest=digest, user=user, used=now)
    except IntegrityError:
        return False
    return True
