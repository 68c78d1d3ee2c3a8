"""Who sees a tournament: an open one, everyone; one by invitation, only its organiser, its
players (dropped ones too) and the players invited to it. Its games are private tables, which
play's own rule shows to their players only.

The pages and the API list and find tournaments through these two, so both hide the same.
"""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.utils.translation import gettext

from tabletop.tournaments.models import Tournament


def visible_to(user) -> QuerySet[Tournament]:
    """The tournaments `user` may see (anonymous visitors: the open ones)."""
    shown = Tournament.objects.filter(private=False)
    if not getattr(user, "is_authenticated", False):
        return shown
    return Tournament.objects.filter(
        Q(private=False) | Q(organiser=user) | Q(entries__player=user) | Q(invited=user)
    ).distinct()


def why_hidden(tournament: Tournament, user) -> str | None:
    """Why `user` may not see this tournament; None if they may."""
    if not tournament.private:
        return None
    if not getattr(user, "is_authenticated", False):
        return gettext("This tournament is by invitation: log in as one of its players to see it.")
    if (
        tournament.organiser_id == user.pk
        or tournament.entries.filter(player=user).exists()
        or tournament.invited.filter(pk=user.pk).exists()
    ):
        return None
    return gettext("This tournament is by invitation: only its players see it.")
