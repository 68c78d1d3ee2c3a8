"""Comments on the steps of a finished game: a thread per step, shown at that step of the history.

Once a game is over, its players may say what they think of any step; on a table that was not
private any logged-in visitor may too, and anyone reads them. A private table's comments are
its players' alone. A comment is no move and no talk: it is written after the game, never
touches the log, and says which step (`seq`, 0 for the deal) it is about. Its author edits or
deletes it; the limits of table talk hold (one line, MAX_LENGTH, the same rate limit).

A player blocked by someone at the table does not comment on that game, and is told so in
words that do not say who; what a player the reader blocks wrote is kept from the reader
(`muted`), as their talk is.

A comment a moderator hid (play/reports.py) keeps its place in its thread and in the record,
without its text, for every reader; its author no longer edits or deletes it, so the mark
stays. The export between servers leaves it out (the other server has no moderator's word
for it); the author's own data export keeps their words, marked hidden, as they are theirs.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext, ngettext

from tabletop.accounts import blocks, limits
from tabletop.play import chat, clock, signals
from tabletop.play.models import Game, StepComment
from tabletop.play.store import GameNotActive, NotASeat, Refused

MAX_LENGTH = StepComment.MAX_LENGTH


class NoSuchComment(Refused):
    status = 404


class NotYours(Refused):
    status = 403


class HiddenByModerator(Refused):
    status = 403


# ---------------------------------------------------------------------------- who may


def may_read(game: Game, user) -> bool:
    """Whether `user` (anyone, logged in or not) reads the game's comments."""
    return game.is_over and (not game.private or game.seat_of(user) is not None)


def why_not_write(game: Game, user) -> str | None:
    """Why `user` may not comment on the game now (None: they may)."""
    if not getattr(user, "is_authenticated", False):
        return gettext("Log in to comment on this game.")
    if not game.is_over:
        return gettext("Comments on the steps are written once the game is over.")
    seated = [seat.user_id for seat in game.seats.all()]
    if game.private and user.pk not in seated:
        return gettext("This table was private: only its players comment on its game.")
    if blocks.anyone_blocks(seated, user):
        # Neutral on purpose: the blocked player never learns who blocked them.
        return gettext("You cannot comment on this game.")
    return None


def refuse_unless_may_write(game: Game, user) -> None:
    why = why_not_write(game, user)
    if why is None:
        return
    if not game.is_over:
        raise GameNotActive(why)
    raise NotASeat(why)


# ---------------------------------------------------------------------------- writing


def write(game: Game, user, seq: int, text: str) -> StepComment:
    """`user` comments on step `seq` of the finished game (0 is the deal)."""
    refuse_unless_may_write(game, user)
    if not 0 <= seq <= game.seq:
        raise Refused(
            gettext("There is no step %(seq)s in this game; its steps are 0 to %(last)s.")
            % {"seq": seq, "last": game.seq}
        )
    said = checked(text, user)
    with transaction.atomic():
        comment = StepComment.objects.create(game=game, seq=seq, user=user, text=said)
        signals.comment_written.send(sender=StepComment, comment=comment)
    return comment


def edit(comment: StepComment, user, text: str) -> StepComment:
    """The author puts new words in their comment; it says it was edited, and when."""
    refuse_unless_author(comment, user)
    refuse_if_hidden(comment)
    refuse_unless_may_write(comment.game, user)
    comment.text = checked(text, user)
    comment.edited = clock.now()
    comment.save(update_fields=["text", "edited"])
    return comment


def delete(comment: StepComment, user) -> None:
    """The author takes their comment away (whatever else has changed, that they may)."""
    refuse_unless_author(comment, user)
    refuse_if_hidden(comment)
    comment.delete()


def refuse_unless_author(comment: StepComment, user) -> None:
    if getattr(user, "pk", None) != comment.user_id:
        raise NotYours(gettext("Only its author changes or deletes a comment."))


def refuse_if_hidden(comment: StepComment) -> None:
    # Deleting it would take the reports and the record's mark with it.
    if comment.hidden:
        raise HiddenByModerator(
            gettext("A moderator hid this comment; it can no longer be edited or deleted.")
        )


def checked(text: str, user) -> str:
    """The text as kept (talk's cleaning), or Refused: empty, too long, too many too fast."""
    said = chat.clean(str(text))
    if not said:
        raise Refused(gettext("There is nothing to say: the comment is empty."))
    if len(said) > MAX_LENGTH:
        raise Refused(
            gettext("Your comment is %(length)s characters long; a comment takes at most %(most)s.")
            % {"length": len(said), "most": MAX_LENGTH}
        )
    # Comments and talk count together: both are one player writing at a table.
    wait = limits.spend(None, "chat", limits.of_user(user))
    if wait:
        minutes = math.ceil(wait / 60)
        raise chat.TooMany(
            ngettext(
                "You have written a lot in a short time; you can write again in %(minutes)s "
                "minute.",
                "You have written a lot in a short time; you can write again in %(minutes)s "
                "minutes.",
                minutes,
            )
            % {"minutes": minutes},
            wait,
        )
    return said


# ---------------------------------------------------------------------------- reading


def find(game: Game, comment_id: int) -> StepComment:
    found = StepComment.objects.filter(game=game, pk=comment_id).select_related("user").first()
    if found is None:
        raise NoSuchComment(
            gettext("There is no comment %(id)s on this game.") % {"id": comment_id}
        )
    return found


def comments_for(game: Game, reader, seq: int | None = None) -> list[StepComment]:
    """The comments `reader` may read (of one step with `seq`), oldest first; those a
    moderator hid keep their place without their text, and those of a player the reader
    blocks are `muted`, their text emptied."""
    if not may_read(game, reader):
        return []
    found = game.comments.select_related("user")
    if seq is not None:
        found = found.filter(seq=seq)
    shown = [without_hidden_text(comment) for comment in found.order_by("seq", "created", "pk")]
    return chat.hide_blocked(shown, reader)


def without_hidden_text(comment: StepComment) -> StepComment:
    # Whoever forgets to ask `comment.hidden` still shows nothing of what was hidden.
    if comment.hidden:
        comment.text = ""
    return comment


@dataclass
class Thread:
    """What the history page shows of the comments at its step: the step's comments, how many
    each step has (for the log), and why the reader may not write (None: they may)."""

    seq: int
    comments: list[StepComment] = field(default_factory=list)
    counts: dict[int, int] = field(default_factory=dict)
    readable: bool = False
    why_not: str | None = None


def thread(game: Game, reader, seq: int) -> Thread:
    if not may_read(game, reader):
        return Thread(seq)
    every = comments_for(game, reader)
    return Thread(
        seq=seq,
        comments=[comment for comment in every if comment.seq == seq],
        counts=dict(Counter(comment.seq for comment in every)),
        readable=True,
        why_not=why_not_write(game, reader),
    )


def of_author(user) -> list[dict]:
    """A player's own comments, for their data export."""
    return [
        {
            "game": comment.game_id,
            "seq": comment.seq,
            "text": comment.text,
            "created": comment.created,
            "edited": comment.edited,
            "hidden_by_a_moderator": comment.hidden,
        }
        for comment in StepComment.objects.filter(user=user).order_by("created", "pk")
    ]


# ---------------------------------------------------------------------------- moving servers


def exported(game: Game) -> list[dict]:
    """The game's comments as an export line carries them: author by name, step, text, time;
    none that a moderator hid."""
    return [
        {
            "author": comment.user.get_username(),
            "seq": comment.seq,
            "text": comment.text,
            "created": comment.created.isoformat(),
            "edited": comment.edited.isoformat() if comment.edited else None,
        }
        for comment in game.comments.filter(hidden__isnull=True)
        .select_related("user")
        .order_by("created", "pk")
    ]


def put_back(game: Game, entries, stand_in: Callable[[str], object]) -> None:
    """Store an imported game's comments; authors are matched by name as its players are,
    `stand_in(name)` making the account of a name this server does not know. Refused (with
    the comment's number) when an entry is not a comment of this game."""
    if entries is None:
        return
    if not isinstance(entries, list):
        raise Refused("The game's comments are not a list.")
    users = get_user_model().objects
    for number, entry in enumerate(entries, 1):
        author, seq, text, created, edited = read_entry(entry, number, game.seq)
        user = users.filter(username=author).first() or stand_in(author)
        comment = StepComment.objects.create(game=game, seq=seq, user=user, text=text)
        # created is set on insert; the comment keeps the time it was written elsewhere.
        StepComment.objects.filter(pk=comment.pk).update(created=created, edited=edited)


def read_entry(entry, number: int, last: int) -> tuple:
    if not isinstance(entry, dict):
        raise Refused(f"Comment {number} is not a JSON object.")
    author, seq, text = entry.get("author"), entry.get("seq"), entry.get("text")
    if not isinstance(author, str) or not author:
        raise Refused(f"Comment {number} names no author.")
    if not isinstance(seq, int) or isinstance(seq, bool) or not 0 <= seq <= last:
        raise Refused(f"Comment {number} is about no step of the game.")
    if not isinstance(text, str) or not chat.clean(text) or len(chat.clean(text)) > MAX_LENGTH:
        raise Refused(f"Comment {number} has no text, or more than {MAX_LENGTH} characters.")
    return author, seq, chat.clean(text), moment(entry.get("created"), number), edited_at(entry)


def moment(text, number: int) -> datetime:
    try:
        found = datetime.fromisoformat(text)
    except (TypeError, ValueError):
        raise Refused(f"Comment {number} has no time it was written.") from None
    if found.tzinfo is None:
        raise Refused(f"Comment {number}'s time names no time zone.")
    return found


def edited_at(entry: dict) -> datetime | None:
    text = entry.get("edited")
    try:
        found = datetime.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None
    return found if found is not None and found.tzinfo is not None else None
