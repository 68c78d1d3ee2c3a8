"""The tournament's own append-only log: one TournamentEvent per thing that happened, its seq
the next after the last; never updated or deleted.

Every writer holds the tournament row (`lock`) while it appends, so two writers never take
the same seq; the unique constraint (tournament, seq) makes sure of it regardless.
"""

from __future__ import annotations

from tabletop.tournaments.models import Tournament, TournamentEvent


def lock(tournament_id: int) -> Tournament:
    """The tournament row, locked until the transaction ends."""
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def log_event(tournament: Tournament, kind: str, **data) -> TournamentEvent:
    """Append an event (the caller holds the tournament row)."""
    last = tournament.events.order_by("-seq").values_list("seq", flat=True).first() or 0
    return TournamentEvent.objects.create(tournament=tournament, seq=last + 1, kind=kind, data=data)


def events_of(tournament: Tournament, *kinds: str) -> list[TournamentEvent]:
    found = tournament.events.order_by("seq")
    return list(found.filter(kind__in=kinds) if kinds else found)
