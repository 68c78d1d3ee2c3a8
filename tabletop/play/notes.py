"""A player's private note on a game: seen by its author alone, never by anyone else.

A note is not part of the game's record: not in the history, the export or any email.
"""

from __future__ import annotations

import re

from tabletop.play import stamps
from tabletop.play.models import Game, Note
from tabletop.play.store import NotASeat, Refused

MAX_LENGTH = Note.MAX_LENGTH
# Control characters but tab and line feed (a note keeps its lines), and half surrogate pairs.
UNWANTED = re.compile("[\x00-\x08\x0b-\x1f\x7f\ud800-\udfff]")


def clean(text: str) -> str:
    return UNWANTED.sub("", str(text).replace("\r\n", "\n").replace("\r", "\n")).strip()


def note_of(game: Game, user) -> str:
    """The user's own note on the game ("" when they have none)."""
    _check_seat(game, user)
    return Note.objects.filter(game=game, user=user).values_list("text", flat=True).first() or ""


def keep(game: Game, user, text: str) -> Note:
    """Replace the user's note on the game with `text` (empty clears it)."""
    _check_seat(game, user)
    kept = clean(text)
    if len(kept) > MAX_LENGTH:
        raise Refused(
            f"Your note is {len(kept)} characters long; a note holds at most {MAX_LENGTH}."
        )
    note, _ = Note.objects.update_or_create(game=game, user=user, defaults={"text": kept})
    stamps.player_changed(user.pk)  # their eyes only: the game's other polls stay as they are
    return note


def _check_seat(game: Game, user) -> None:
    if game.seat_of(user) is None:
        raise NotASeat("Only the players of a game keep notes on it; you have no seat in it.")
