"""A deleted account's name: the placeholder its row keeps, and the words a reader reads
instead of it ("a former player", in the reader's language).

The row stays (the games' records name its seats), renamed to a placeholder that, like a bot's
name, holds a middle dot the sign-up form never accepts: no person can take it. Pages, the API
and emails put the reader's words in its place as they are written (FormerPlayerMiddleware,
and mail's composer), so the records stored in English read alike in every language.
"""

from __future__ import annotations

import re
import secrets

from django.utils.translation import gettext

PREFIX = "former·"
# The placeholder as pages write it, and as JSON escapes it (ensure_ascii).
PLACEHOLDER = re.compile(r"former(?:·|\\u00b7)[0-9a-f]{12}")
# Only these answers name people to someone reading them.
READ_AS_TEXT = ("text/html", "application/json", "text/plain")


def placeholder_name() -> str:
    return PREFIX + secrets.token_hex(6)


def is_former_name(name: str) -> bool:
    return name.startswith(PREFIX)


def in_reader_words(text: str) -> str:
    """`text` with every former player's placeholder put as the reader reads it."""
    if "former" not in text:
        return text
    return PLACEHOLDER.sub(gettext("a former player"), text)


class FormerPlayerMiddleware:
    """Every page and API answer names a former player in the reader's language (the
    language middleware has activated it by now); files downloaded keep the placeholder."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        kind = response.get("Content-Type", "")
        if response.streaming or not kind.startswith(READ_AS_TEXT):
            return response
        # A file is data, not reading: an exported log must replay to the digest it carries.
        if response.has_header("Content-Disposition"):
            return response
        if b"former" not in response.content:
            return response
        charset = response.charset or "utf-8"
        response.content = in_reader_words(response.content.decode(charset)).encode(charset)
        return response
