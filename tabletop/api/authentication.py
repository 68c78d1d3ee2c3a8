"""Who calls the API, and in which language they are answered."""

from __future__ import annotations

from django.utils import translation
from rest_framework.authentication import TokenAuthentication
from rest_framework.request import Request

from tabletop.accounts.middleware import preferred_language


class PlayerTokenAuthentication(TokenAuthentication):
    """A token names its player only once the view runs, after the language middleware chose
    the browser's language: the player's own setting wins here, as it does for a session, so
    that the store's refusals read in it."""

    def authenticate(self, request: Request):
        found = super().authenticate(request)
        if found is not None and (language := preferred_language(found[0])):
            translation.activate(language)
            request._request.LANGUAGE_CODE = translation.get_language()
        return found
