"""Play's part when a player deletes their account (accounts' `account_deleted`): their
running seats go to the strong bot as a passed vote gives them, their notes and the
invitations to them go, and their games are told again under their account's new name."""

from __future__ import annotations

from django.db.models import Q

from tabletop.play import stamps, store
from tabletop.play.models import Invitation, Note


def let_the_player_go(sender, user, addresses: list[str], **_) -> None:
    Note.objects.filter(user=user).delete()
    to_them = Invitation.objects.filter(Q(user=user) | Q(user__isnull=True, email__in=addresses))
    stamps.games_changed(to_them.values_list("game_id", flat=True).distinct())
    to_them.filter(accepted__isnull=True).delete()
    # The invitations they took keep their place in the table's story, without the address.
    for invitation in to_them:
        invitation.email = f"former.{invitation.pk}@invalid"
        invitation.save(update_fields=["email"])
    store.hand_seats_to_bot(user)
    store.retell_games_of(user)
