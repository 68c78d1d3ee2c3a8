"""A finished game's score explained to its players, for the game-over email and the page.

The rules explain their own breakdown (`rules.explain(outcome, names)`) where they have one;
otherwise, and for a game that ended when everyone else resigned (it has no breakdown), the
scores are told plainly (`games.base.plain_explanation`); either is read in the reader's
language. Resignations and the winners are told here, as the store decides them.
"""

from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy, pgettext

from games.base import Explanation, plain_explanation
from tabletop.play import texts
from tabletop.play.models import Game

# A game the table ended by vote has no rules' breakdown: it stopped where it stood.
ENDED_BY_VOTE = {
    "scored": gettext_lazy("The table voted to end the game here, scored as it stood."),
    "abandoned": gettext_lazy("The table voted to abandon the game: nobody wins."),
}
# A game ended from outside its table (store.adjudicate), by the reason logged.
ADJUDICATED = {
    "round-deadline": gettext_lazy(
        "The tournament round's deadline passed: the game ended here, scored as it stood."
    ),
}
NOT_A_BREAKDOWN = ("resigned", "ended_by_vote", "adjudicated")


def explain(game: Game, names: list[str]) -> Explanation | None:
    """The final score in sentences and a table (None while the game goes on)."""
    outcome = game.outcome
    if not game.is_over or not outcome:
        return None
    details = outcome.get("details") or {}
    resigned = details.get("resigned") or []
    own = getattr(game.rules, "explain", None)
    breakdown = {name: value for name, value in details.items() if name not in NOT_A_BREAKDOWN}
    if own is not None and breakdown:
        explanation = in_active_language(own(outcome, names))
    else:
        explanation = in_active_language(plain_explanation(outcome, names))
    ended_by_vote = details.get("ended_by_vote")
    if ended_by_vote:
        explanation.sentences.append(str(ENDED_BY_VOTE[ended_by_vote]))
    adjudicated = details.get("adjudicated")
    if adjudicated in ADJUDICATED:
        explanation.sentences.append(str(ADJUDICATED[adjudicated]))
    for seat in resigned:
        explanation.sentences.append(
            gettext("%(name)s resigned, and so cannot win.") % {"name": names[seat]}
        )
    winners = [names[seat] for seat in outcome.get("winners", [])]
    if winners:
        told = pgettext("between names", " and ").join(winners)
        if len(winners) == 1:
            explanation.sentences.append(gettext("%(names)s wins.") % {"names": told})
        else:
            explanation.sentences.append(gettext("%(names)s share the victory.") % {"names": told})
    return explanation


def in_active_language(explanation: Explanation) -> Explanation:
    """A game's own explanation with what it told as `games.texts.Text`s (sentences, column
    names, cells) in the reader's language; its plain English stays as it is."""
    return Explanation(
        sentences=[texts.in_active_language(sentence) for sentence in explanation.sentences],
        columns=[texts.in_active_language(column) for column in explanation.columns],
        rows=[
            [texts.in_active_language(cell) if isinstance(cell, str) else cell for cell in row]
            for row in explanation.rows
        ],
    )
