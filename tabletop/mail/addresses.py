"""Signed reply-to addresses: each turn email's own address for moving by reply.

The local part names the game, the seat and the seq the email was written at, and the day
the address stops working, followed by an HMAC of all four under SECRET_KEY:

    m<game>-<seat>-<seq>-<expires>-<mac>@REPLY_DOMAIN       (numbers in base 36)

Lower case only (some servers fold case), well inside the 64 characters RFC 5321 allows for a
local part. MAIL_REPLY_PREFIX ("play+" for a plus-addressed mailbox) goes in front.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass
from datetime import date, timedelta

from django.conf import settings

from tabletop.play import clock

LOCAL_PART_LIMIT = 64
EPOCH = date(2020, 1, 1)
TOKEN = re.compile(r"m([0-9a-z]+)-([0-9a-z]+)-([0-9a-z]+)-([0-9a-z]+)-([a-z2-7]{16})")


class BadAddress(Exception):
    """A reply address that was altered or is not one of ours."""


class ExpiredAddress(BadAddress):
    """A genuine reply address past its last day."""

    def __init__(self, expires: date):
        super().__init__(f"expired on {expires.isoformat()}")
        self.expires = expires


@dataclass(frozen=True)
class ReplyToken:
    game_id: int
    seat: int
    seq: int
    expires: date


def base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, rest = divmod(number, 36)
        text = digits[rest] + text
        if not number:
            return text


def mac(body: str) -> str:
    key = hashlib.sha256(("tabletop.mail.addresses" + settings.SECRET_KEY).encode()).digest()
    digest = hmac.new(key, body.encode(), hashlib.sha256).digest()[:10]
    return base64.b32encode(digest).decode().lower()


def reply_address(game, seat: int, seq: int) -> str:
    """The address a reply to an email written at `seq` goes to."""
    expires = clock.now().date() + timedelta(
        days=game.days_per_move + settings.MAIL_REPLY_GRACE_DAYS
    )
    fields = [game.pk, seat, seq, (expires - EPOCH).days]
    body = "m" + "-".join(base36(value) for value in fields)
    local = f"{settings.MAIL_REPLY_PREFIX}{body}-{mac(body)}"
    if len(local) > LOCAL_PART_LIMIT:
        raise ValueError(f"reply address local part too long: {local!r}")
    return f"{local}@{settings.REPLY_DOMAIN}"


def find_token(addresses: list[str]) -> str | None:
    """The first thing in these addresses that looks like one of our reply tokens."""
    for address in addresses:
        local = address.rsplit("@", 1)[0].lower()
        found = TOKEN.search(local)
        if found:
            return found.group(0)
    return None


def read_token(token: str) -> ReplyToken:
    """The game, seat and seq a token names; BadAddress if it is altered or expired."""
    found = TOKEN.fullmatch(token.lower())
    if not found:
        raise BadAddress("not a reply address of ours")
    body = token.lower().rsplit("-", 1)[0]
    if not hmac.compare_digest(mac(body), found.group(5)):
        raise BadAddress("altered")
    game_id, seat, seq, days = (int(found.group(n), 36) for n in range(1, 5))
    expires = EPOCH + timedelta(days=days)
    if clock.now().date() > expires:
        raise ExpiredAddress(expires)
    return ReplyToken(game_id, seat, seq, expires)
