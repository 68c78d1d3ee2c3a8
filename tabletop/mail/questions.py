"""What a vote asks, in the reader's language, for pages and emails.

store.question_text words the same question in English for the log (whose lines are kept, and
stay the games' own words); these are the words a page or an email shows around them."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from tabletop.play.models import Vote


def moves_named(seqs: list[int]) -> str:
    """'move 12', 'moves 12 and 13', 'moves 12 to 14' (a take-back withdraws a run of steps)."""
    if len(seqs) == 1:
        return gettext("move %(seq)s") % {"seq": seqs[0]}
    if len(seqs) == 2:
        return gettext("moves %(first)s and %(last)s") % {"first": seqs[0], "last": seqs[-1]}
    return gettext("moves %(first)s to %(last)s") % {"first": seqs[0], "last": seqs[-1]}


def question_text(question: dict, names: list[str]) -> str:
    """What a vote asks, completing "… asks the table to"."""
    subject = question["subject"]
    if subject == Vote.Subject.EXTEND:
        days = question["days"]
        return ngettext(
            "give %(name)s %(days)s more day for this turn",
            "give %(name)s %(days)s more days for this turn",
            days,
        ) % {"name": names[question["seat"]], "days": days}
    if subject == Vote.Subject.REPLACE:
        return gettext("let the computer play %(name)s's seat") % {"name": names[question["seat"]]}
    if subject == Vote.Subject.END:
        if question["how"] == "scored":
            return gettext("end the game now, scored as it stands")
        return gettext("end the game now, abandoned")
    return gettext("accept the take-back of %(moves)s") % {
        "moves": moves_named(question["withdraws"])
    }


def decided_text(question: dict, result: str, names: list[str], ended_by: str = "") -> str:
    """How a vote ended, for everyone at the table: "The vote to … passed."."""
    asked = question_text(question, names)
    if ended_by == "move":
        return gettext("%(name)s moved, so the vote to %(question)s ended.") % {
            "name": names[question["seat"]],
            "question": asked,
        }
    if result == Vote.Result.PASSED:
        return gettext("The vote to %(question)s passed.") % {"question": asked}
    if result == Vote.Result.FAILED:
        return gettext("The vote to %(question)s failed.") % {"question": asked}
    return gettext("The vote to %(question)s expired undecided.") % {"question": asked}
