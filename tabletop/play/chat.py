"""Table talk: short messages the players of a game say at its table.

Talk is no move: it is not logged as one, never touches the projection and never draws from
the game's random stream, so it cannot change a position or a die (which is why it is kept
here and not in the store, the writer of moves and projections). Each message remembers the
seq the game stood at when it was said, so that the record places it between the moves.

Who may read it follows the game's secrecy: talk can give away a hand, so while the game is
on only its seated players read it; anyone may once the game is over. What a player blocked by
the reader said is hidden from that reader (`hidden`, its text kept out), in its place.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections import defaultdict

from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext, ngettext

from tabletop.accounts import blocks, limits
from tabletop.play import signals, stamps
from tabletop.play.models import ChatMessage, Game
from tabletop.play.store import GameNotActive, NotASeat, Refused

MAX_LENGTH = ChatMessage.MAX_LENGTH
# Characters that turn text around or hide it on screen: a message must read as it was said.
BIDI_CONTROLS = re.compile("[\u202a-\u202e\u2066-\u2069]")


class TooMany(Refused):
    """Over the chat rate limit (RATE_LIMITS["chat"]); `wait` is the seconds until it is not."""

    status = 429

    def __init__(self, message: str, wait: int):
        super().__init__(message)
        self.wait = wait


def clean(text: str) -> str:
    """A message as it is kept: one line of plain text, trimmed, whitespace runs (line breaks
    too) as single spaces, without control characters and without half surrogate pairs."""
    kept = []
    for character in text:
        kind = unicodedata.category(character)
        if kind == "Cc":
            kept.append(" " if character.isspace() else "")
        elif kind != "Cs":
            kept.append(character)
    return " ".join(BIDI_CONTROLS.sub("", "".join(kept)).split())


def post(game: Game, user, text: str, source: str) -> ChatMessage:
    """Say `text` at the game's table, as `user` (one of its players) through `source`."""
    seat = game.seat_of(user)
    if seat is None:
        raise NotASeat(
            gettext("Only the players of this game talk at its table; you have no seat in it.")
        )
    now = Game.objects.only("seq", "status").get(pk=game.pk)
    if now.status == Game.Status.CANCELLED:
        raise GameNotActive(gettext("This game was cancelled; nobody sits at its table any more."))
    said = clean(str(text))
    if not said:
        raise Refused(gettext("There is nothing to say: the message is empty."))
    if len(said) > MAX_LENGTH:
        raise Refused(
            gettext(
                "Your message is %(length)s characters long; table talk takes at most "
                "%(most)s at a time."
            )
            % {"length": len(said), "most": MAX_LENGTH}
        )
    wait = limits.spend(None, "chat", limits.of_user(user))
    if wait:
        minutes = math.ceil(wait / 60)
        raise TooMany(
            ngettext(
                "You have said a lot in a short time; you can talk again in %(minutes)s minute.",
                "You have said a lot in a short time; you can talk again in %(minutes)s minutes.",
                minutes,
            )
            % {"minutes": minutes},
            wait,
        )
    with transaction.atomic():
        message = ChatMessage.objects.create(
            game=game, seat=seat, user=user, text=said, at_seq=now.seq, source=source
        )
        stamps.game_changed(game.pk, players=[])  # talk shows on the game's page alone
        signals.talk_said.send(sender=ChatMessage, message=message)
    return message


def may_read(game: Game, viewer: int | None) -> bool:
    """Whether the viewer (a seat, or None for anyone else) reads the game's talk now."""
    return viewer is not None or game.is_over


def messages_for(game: Game, viewer: int | None, reader=None) -> list[ChatMessage]:
    """The talk as `viewer` (a seat, or None) may read it, in the order it was said: the
    record of the table, where a line a moderator hid stays as a line without its text; what
    the players `reader` blocks said is kept from them too (`muted`)."""
    if not may_read(game, viewer):
        return []
    found = with_muting(game.chat.select_related("user"), reader)
    found = list(found.order_by("at_seq", "created", "pk"))
    return hide_blocked([without_hidden_text(message) for message in found], reader)


def with_muting(messages: QuerySet, reader) -> QuerySet:
    """The messages read with whether `reader` (a player, or their id) blocks each one's
    player (`blocked_by_reader`): one query for the talk and its muting."""
    reader_id = getattr(reader, "pk", reader) if getattr(reader, "is_authenticated", True) else None
    if reader_id is None:
        return messages
    return messages.annotate(blocked_by_reader=blocks.is_blocked_by(reader_id))


def without_hidden_text(message: ChatMessage) -> ChatMessage:
    # Whoever forgets to ask `message.hidden` still shows nothing of what was hidden.
    if message.hidden:
        message.text = ""
    return message


def hide_blocked(messages: list[ChatMessage], reader) -> list[ChatMessage]:
    """Each message marked `muted` if `reader` blocks the player who said it, its text
    emptied so that no page or answer can show it by mistake."""
    if all(hasattr(message, "blocked_by_reader") for message in messages):
        muted = {m.user_id for m in messages if m.blocked_by_reader}  # read with them
    else:
        muted = blocks.blocked_ids(reader)
    for message in messages:
        message.muted = message.user_id in muted
        if message.muted:
            message.text = ""
    return messages


def since(game: Game, seat: int | None, after_seq: int) -> list[ChatMessage]:
    """What was said after move `after_seq` (at that seq or later), as `seat` may read it;
    news leaves out what a moderator hid."""
    if not may_read(game, seat):
        return []
    found = game.chat.filter(at_seq__gte=after_seq, hidden__isnull=True).select_related("user")
    return list(found.order_by("at_seq", "created", "pk"))


def between_moves(messages: list[ChatMessage]) -> dict[int, list[ChatMessage]]:
    """The messages by the seq they were said at: those at n come after move n."""
    placed: dict[int, list[ChatMessage]] = defaultdict(list)
    for message in messages:
        placed[message.at_seq].append(message)
    return dict(placed)
