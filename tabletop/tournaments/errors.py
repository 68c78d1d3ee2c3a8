"""A tournament's refusals, each with the HTTP status it maps to (as the store's refusals:
the pages, the API and emails show their message as it is)."""

from __future__ import annotations

from tabletop.play.store import Refused


class NotInvited(Refused):
    status = 403


class NotOrganiser(Refused):
    status = 403


class Closed(Refused):
    """The tournament is not in the state the request needs (started, full, over)."""

    status = 409
