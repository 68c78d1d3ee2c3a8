"""Table talk by email: `say ...` lines of a reply, and the talk a turn email tells.

A reply line that starts with "say " is said at the game's table (tabletop.play.chat), never
played: a reply may hold moves and say lines together, and the say lines are said whatever
becomes of the moves (talk waits for no turn). Each one the chat refuses is answered with why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext, ngettext

from tabletop.accounts import blocks
from tabletop.play import chat, store
from tabletop.play.models import Game, Move

SAY = re.compile(r"say(?:[\s:]+(?P<text>.*)|)", re.IGNORECASE | re.DOTALL)
MOST_TALK_TOLD = 20


def said_in(line: str) -> str | None:
    """What a reply line says at the table ("say good luck!" -> "good luck!"), or None when
    it is no say line."""
    found = SAY.fullmatch(line.strip())
    return None if found is None else found["text"] or ""


@dataclass
class Talk:
    """What became of a reply's say lines."""

    said: list[str] = field(default_factory=list)
    unsaid: list[dict] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.said or self.unsaid)

    def summary(self) -> str:
        parts = []
        if self.said:
            parts.append(
                gettext("Said at the table: %(lines)s.") % {"lines": lines(len(self.said))}
            )
        if self.unsaid:
            parts.append(
                gettext("Not said at the table: %(lines)s (see below).")
                % {"lines": lines(len(self.unsaid))}
            )
        return " ".join(parts)

    def answer(self) -> dict:
        return {"said": self.said, "unsaid": self.unsaid}


def lines(count: int) -> str:
    return ngettext("%(count)s line", "%(count)s lines", count) % {"count": count}


def say(game: Game, user, reply_lines: list[str]) -> Talk:
    """Say each say line of a reply at the game's table, in order."""
    talk = Talk()
    for number, line in enumerate(reply_lines, 1):
        text = said_in(line)
        if text is None:
            continue
        try:
            talk.said.append(chat.post(game, user, text, Move.Source.EMAIL).text)
        except store.Refused as refusal:
            talk.unsaid.append({"number": number, "text": line, "reason": refusal.message})
    return talk


def said_since(game: Game, seat: int, after_seq: int) -> list[str]:
    """The talk after move `after_seq` as a turn email tells it: "ann: good luck!". What the
    seat's own player said is not told back to them."""
    own = next((s.user_id for s in game.seats_with_players() if s.position == seat), None)
    told = [m for m in chat.since(game, seat, after_seq) if m.user_id != own]
    # Whom the player blocks matters only once someone else has said something.
    muted = blocks.blocked_ids(own) if own is not None and told else set()
    told = [m for m in told if m.user_id not in muted]
    found = told[-MOST_TALK_TOLD:]
    return [f"{message.user.get_username()}: {message.text}" for message in found]
