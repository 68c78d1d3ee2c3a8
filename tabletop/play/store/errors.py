"""The store's refusals: `Refused` and its kinds, each with the HTTP status it maps to.

Apart because every other module raises them and every caller (pages, API, email answers)
catches them: they depend on nothing, so anything may import them.
"""

from __future__ import annotations


class Refused(Exception):
    """A submission the service turns down; `status` is the HTTP status it maps to."""

    status = 400

    def __init__(self, message: str, **context):
        super().__init__(message)
        self.message = message
        self.context = context

    def __str__(self) -> str:
        return self.message


class NotASeat(Refused):
    status = 403


class NotYourTurn(Refused):
    status = 403


class NotInvited(Refused):
    status = 403


class StaleMove(Refused):
    status = 409


class GameNotActive(Refused):
    status = 409


class Illegal(Refused):
    status = 400


class NoSuchGame(Refused):
    status = 404


class NeedsAgreement(Refused):
    """Others have played since, though nothing was revealed: they must agree."""

    status = 409


class NothingToTakeBack(Refused):
    """The seat has no step of its own among the latest: the page offers no Undo at all."""
