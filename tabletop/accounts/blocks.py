"""Blocking: a player keeps another away from them.

The blocked player cannot invite the blocker, take a seat at a table the blocker set or sits
at, and what they say at a table is hidden from the blocker (with a note saying so). Play asks
here before seating or inviting, and the pages and the API before showing talk; every refusal
is worded so that the blocked player never learns who blocked them.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db.models import Exists, OuterRef

from tabletop.accounts.models import Block


def block(blocker, blocked) -> Block:
    """`blocker` blocks `blocked` (blocking twice changes nothing); nobody blocks themselves."""
    if blocker.pk == blocked.pk:
        raise ValueError("A player cannot block themselves.")
    found, _ = Block.objects.get_or_create(blocker=blocker, blocked=blocked)
    return found


def unblock(blocker, blocked_id: int) -> bool:
    """Lift `blocker`'s block of the player with this id; whether there was one."""
    deleted, _ = Block.objects.filter(blocker=blocker, blocked_id=blocked_id).delete()
    return bool(deleted)


def has_blocked(blocker, blocked) -> bool:
    """Whether `blocker` blocks `blocked` (either may be anonymous: then no)."""
    if not _is_player(blocker) or not _is_player(blocked):
        return False
    return Block.objects.filter(blocker=blocker, blocked=blocked).exists()


def blocked_ids(user) -> set[int]:
    """The ids of the players `user` (a player or their id) blocks; none for an anonymous
    visitor."""
    blocker_id = user if isinstance(user, int) else user.pk if _is_player(user) else None
    if blocker_id is None:
        return set()
    return set(Block.objects.filter(blocker_id=blocker_id).values_list("blocked_id", flat=True))


def is_blocked_by(blocker_id: int):
    """Whether `blocker_id` blocks the player of the row (its `user_id`), as an expression a
    query of things players said can annotate: their talk is then read with its muting."""
    return Exists(Block.objects.filter(blocker_id=blocker_id, blocked_id=OuterRef("user_id")))


def anyone_blocks(blocker_ids: Iterable[int | None], blocked) -> bool:
    """Whether any of these players (ids; None is skipped) blocks `blocked`."""
    ids = {pk for pk in blocker_ids if pk is not None}
    if not ids or not _is_player(blocked):
        return False
    return Block.objects.filter(blocker_id__in=ids, blocked=blocked).exists()


def blockers_of(user, among: Iterable[int]) -> set[int]:
    """Of the players with these ids, the ones who block `user`."""
    return set(
        Block.objects.filter(blocked=user, blocker_id__in=list(among)).values_list(
            "blocker_id", flat=True
        )
    )


def blocked_by(user) -> list:
    """The players `user` blocks, by name."""
    return list(
        get_user_model()
        .objects.filter(pk__in=Block.objects.filter(blocker=user).values("blocked_id"))
        .order_by("username")
    )


def _is_player(user) -> bool:
    return user is not None and getattr(user, "is_authenticated", True) and user.pk is not None
