"""The log's own entries, which are no rules moves: resignations, take-backs, the table's
votes (call, ballot, result) and changes to the table's webhooks; how each is recognised and
worded.

Apart because replays, log lines, take-backs and votes all need to tell these entries from the
rules' moves, and none of them should import the others for it.
"""

from __future__ import annotations

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
TABLE_EVENTS = (*VOTE_EVENTS, WEBHOOK)


def is_table_event(move: Move) -> bool:
    return isinstance(move.payload, dict) and move.payload.get("kind") in TABLE_EVENTS


def is_webhook_change(move: Move) -> bool:
    return isinstance(move.payload, dict) and move.payload.get("kind") == WEBHOOK


def question_text(question: dict, names: list[str]) -> str:
    """What a vote asks, as the log and the pages put it."""
    subject = question["subject"]
    if subject == Vote.Subject.EXTEND:
        days = question["days"]
        return f"give {names[question['seat']]} {days} more day{'s' * (days != 1)} for this turn"
    if subject == Vote.Subject.REPLACE:
        return f"let the computer play {names[question['seat']]}'s seat"
    if subject == Vote.Subject.END:
        return (
            "end the game now, scored as it stands"
            if question["how"] == "scored"
            else "end the game now, abandoned"
        )
    return f"accept the take-back of {moves_named(question['withdraws'])}"


def tell_vote(move: Move, names: list[str]) -> str:
    payload, who = move.payload, names[move.seat]
    if payload["kind"] == "vote":
        asked = question_text(payload, names)
        if payload.get("at_deadline"):
            return f"{who}'s deadline passed; the table is asked whether to {asked}."
        return f"{who} asks the table to {asked}."
    if payload["kind"] == "ballot":
        answer = "yes" if payload["yes"] else "no"
        return f"{who} votes {answer} on the vote of move {payload['vote']}."
    asked = question_text(payload["question"], names)
    if payload.get("ended_by") == "move":
        return f"{who} moved, so the vote to {asked} ended."
    outcome = {"passed": "passed", "failed": "failed", "expired": "expired undecided"}
    return f"The vote to {asked} {outcome[payload['result']]}."


def moves_named(seqs: list[int]) -> str:
    """'move 12', 'moves 12 and 13', 'moves 12 to 14' (a take-back withdraws a run of steps)."""
    if len(seqs) == 1:
        return f"move {seqs[0]}"
    joiner = " and " if len(seqs) == 2 else " to "
    return f"moves {seqs[0]}{joiner}{seqs[-1]}"


WEBHOOK_FORMATS = {"json": "JSON", "discord": "Discord", "slack": "Slack"}


def tell_webhook_change(move: Move, names: list[str]) -> str:
    """'ann set a webhook for the table (Discord).', 'ben removed ann's webhook for the table.'"""
    payload, who = move.payload, names[move.seat]
    owner = payload.get("owner")
    if owner == move.seat:
        whose = "their"
    elif owner is not None and 0 <= owner < len(names):
        whose = f"{names[owner]}'s"
    else:
        whose = "another player's"
    shape = WEBHOOK_FORMATS.get(payload.get("format", ""), "JSON")
    if payload["change"] == "removed":
        return f"{who} removed {whose} webhook for the table."
    if payload["change"] == "set":
        return f"{who} set a webhook for the table ({shape})."
    return f"{who} changed {whose} webhook for the table ({shape})."
