"""Who calls the API, and in which language they are answered."""

from __future__ import annotations

from django.db import router
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

from tabletop import prepared
from tabletop.accounts.models import Preferences

# No token has this key (keys are 40 hex digits): the prepared query's stand-in.
STAND_IN_KEY = "stand-in, not a token key"


class PlayerTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, with the player's preferences read with the token.

    A token names its player only once the view runs, after the language middleware chose
    the browser's language: the player's own setting wins here, as it does for a session, so
    that the store's refusals read in it. The token's query is compiled once per thread
    (`prepared`): every API request runs it, and building it cost the ORM more than running.
    """

    def authenticate(self, request: Request):
        found = super().authenticate(request)
        if found is not None and (language := Preferences.of(found[0]).language):
            translation.activate(language)
            request._request.LANGUAGE_CODE = translation.get_language()
        return found

    def authenticate_credentials(self, key: str):
        token = token_with_its_player(key)
        if token is None:
            raise AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise AuthenticationFailed(_("User inactive or deleted."))
        return token.user, token


def token_with_its_player(key: str) -> Token | None:
    if "\x00" in key:  # no key has one, and PostgreSQL refuses it in a text parameter
        return None
    alias = router.db_for_read(Token)
    query = prepared.prepare(
        alias,
        "token with its player",
        lambda: Token.objects.select_related("user", "user__preferences").filter(key=STAND_IN_KEY),
    )
    found = prepared.instances(query, {STAND_IN_KEY: key})
    return found[0] if found else None
