"""The log's own entries, which are no rules moves: resignations, take-backs, the table's
votes (call, ballot, result) and changes to the table's webhooks; how each is recognised and
worded.

Apart because replays, log lines, take-backs and votes all need to tell these entries from the
rules' moves, and none of them should import the others for it.
"""

from __future__ import annotations

from games.texts import Text, tell, tell_plural
from tabletop.play.models import Move, Vote

# The payload of a resignation, and of a forfeit (its source tells them apart).
RESIGN = {"kind": "resign"}
TAKE_BACK = "take-back"


def is_take_back(move: Move) -> bool:
    return isinstance(move.payload, dict) and move.payload.get("kind") == TAKE_BACK


def first_withdrawn(payload: dict) -> int:
    return min(payload["withdraws"])


# The kinds of a vote's entries: its call, each ballot, its result.
VOTE_EVENTS = ("vote", "ballot", "vote-result")


# A table webhook set, changed or removed: {"kind": "webhook", "change": ..., "owner": seat,
# "format": ...}; never its address, which is its owner's to know.
WEBHOOK = "webhook"

# A running game ended from outside its table at a deadline of its own (a tournament round's),
# scored as it stands: {"kind": "adjudicated", "how": "scored", "reason": ...}.
ADJUDICATED = "adjudicated"
TABLE_EVENTS = (*VOTE_EVENTS, WEBHOOK, ADJUDICATED)


def is_table_event(move: Move) -> bool:
    return isinstance(move.payload, dict) and move.payload.get("kind") in TABLE_EVENTS


def is_adjudication(move: Move) -> bool:
    return isinstance(move.payload, dict) and move.payload.get("kind") == ADJUDICATED


def tell_adjudication(move: Move) -> Text:
    """Why a game ended without its table deciding it (its reason names the deadline)."""
    if move.payload.get("reason") == "round-deadline":
        return tell("The tournament round's deadline passed: the game ends, scored as it stands.")
    return tell("The game was ended from outside the table, scored as it stands.")


def is_webhook_change(move: Move) -> bool:
    return isinstance(move.payload, dict) and move.payload.get("kind") == WEBHOOK


def question_text(question: dict, names: list[str]) -> Text:
    """What a vote asks, completing "... asks the table to"."""
    subject = question["subject"]
    if subject == Vote.Subject.EXTEND:
        return tell_plural(
            "give %(name)s %(days)s more day for this turn",
            "give %(name)s %(days)s more days for this turn",
            question["days"],
            name=names[question["seat"]],
            days=question["days"],
        )
    if subject == Vote.Subject.REPLACE:
        return tell("let the computer play %(name)s's seat", name=names[question["seat"]])
    if subject == Vote.Subject.END:
        if question["how"] == "scored":
            return tell("end the game now, scored as it stands")
        return tell("end the game now, abandoned")
    return tell("accept the take-back of %(moves)s", moves=moves_named(question["withdraws"]))


def tell_vote(move: Move, names: list[str]) -> Text:
    payload, who = move.payload, names[move.seat]
    if payload["kind"] == "vote":
        asked = question_text(payload, names)
        if payload.get("at_deadline"):
            return tell(
                "%(name)s's deadline passed; the table is asked whether to %(question)s.",
                name=who,
                question=asked,
            )
        return tell("%(name)s asks the table to %(question)s.", name=who, question=asked)
    if payload["kind"] == "ballot":
        if payload["yes"]:
            return tell(
                "%(name)s votes yes on the vote of move %(seq)s.", name=who, seq=payload["vote"]
            )
        return tell("%(name)s votes no on the vote of move %(seq)s.", name=who, seq=payload["vote"])
    return decided_text(payload["question"], payload["result"], names, payload.get("ended_by", ""))


def decided_text(question: dict, result: str, names: list[str], ended_by: str = "") -> Text:
    """How a vote ended, for everyone at the table: "The vote to ... passed."."""
    asked = question_text(question, names)
    if ended_by == "move":
        return tell(
            "%(name)s moved, so the vote to %(question)s ended.",
            name=names[question["seat"]],
            question=asked,
        )
    if result == Vote.Result.PASSED:
        return tell("The vote to %(question)s passed.", question=asked)
    if result == Vote.Result.FAILED:
        return tell("The vote to %(question)s failed.", question=asked)
    return tell("The vote to %(question)s expired undecided.", question=asked)


def moves_named(seqs: list[int]) -> Text:
    """'move 12', 'moves 12 and 13', 'moves 12 to 14' (a take-back withdraws a run of steps)."""
    if len(seqs) == 1:
        return tell("move %(seq)s", seq=seqs[0])
    if len(seqs) == 2:
        return tell("moves %(first)s and %(last)s", first=seqs[0], last=seqs[-1])
    return tell("moves %(first)s to %(last)s", first=seqs[0], last=seqs[-1])


WEBHOOK_FORMATS = {"json": "JSON", "discord": "Discord", "slack": "Slack"}


def tell_webhook_change(move: Move, names: list[str]) -> Text:
    """'ann set a webhook for the table (Discord).', 'ben removed ann's webhook for the table.'"""
    payload, who = move.payload, names[move.seat]
    owner = payload.get("owner")
    shape = WEBHOOK_FORMATS.get(payload.get("format", ""), "JSON")
    if payload["change"] == "set":
        return tell("%(name)s set a webhook for the table (%(format)s).", name=who, format=shape)
    removed = payload["change"] == "removed"
    if owner == move.seat:
        if removed:
            return tell("%(name)s removed their webhook for the table.", name=who)
        return tell(
            "%(name)s changed their webhook for the table (%(format)s).", name=who, format=shape
        )
    if owner is not None and 0 <= owner < len(names):
        words = {"name": who, "owner": names[owner], "format": shape}
        if removed:
            return tell("%(name)s removed %(owner)s's webhook for the table.", **words)
        return tell("%(name)s changed %(owner)s's webhook for the table (%(format)s).", **words)
    if removed:
        return tell("%(name)s removed another player's webhook for the table.", name=who)
    return tell(
        "%(name)s changed another player's webhook for the table (%(format)s).",
        name=who,
        format=shape,
    )
