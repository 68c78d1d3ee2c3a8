"""What a vote asks and how it ended, in the reader's language, for pages and emails: the
store's own words for the log (store/events.py), rendered in the active language."""

from __future__ import annotations

from tabletop.play import store, texts


def moves_named(seqs: list[int]) -> str:
    """'move 12', 'moves 12 and 13', 'moves 12 to 14' (a take-back withdraws a run of steps)."""
    return texts.in_active_language(store.moves_named(seqs))


def question_text(question: dict, names: list[str]) -> str:
    """What a vote asks, completing "… asks the table to"."""
    return texts.in_active_language(store.question_text(question, names))


def decided_text(question: dict, result: str, names: list[str], ended_by: str = "") -> str:
    """How a vote ended, for everyone at the table: "The vote to … passed."."""
    return texts.in_active_language(store.decided_text(question, result, names, ended_by))
