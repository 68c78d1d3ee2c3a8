"""A reply refused: its verdict, answered to our players only (strangers get no mail)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import translation

from tabletop.mail.inbound.reading import Incoming, Verdict
from tabletop.mail.inbound.screening import silent
from tabletop.mail.models import InboundMail


class Refusal(Exception):
    def __init__(self, verdict: Verdict):
        super().__init__(verdict.message)
        self.verdict = verdict


def refused(message: str, **fields) -> Refusal:
    return Refusal(Verdict(InboundMail.Result.REFUSED, message, **fields))


def to_players_only(incoming: Incoming, message: str) -> Refusal:
    """A refusal answered only when the sender is one of our players: strangers get no mail."""
    if get_user_model().objects.filter(email__iexact=incoming.sender).exists():
        # No seat is named yet: the answer carries its language (see compose.compose).
        return refused(message, answer={"language": translation.get_language()})
    return Refusal(silent(f"{message} (Not answered: {incoming.sender} is no player's address.)"))
