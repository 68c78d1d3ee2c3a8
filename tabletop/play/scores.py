"""A finished game's score explained to its players, for the game-over email and the page.

The rules explain their own breakdown (`rules.explain(outcome, names)`) where they have one;
otherwise, and for a game that ended when everyone else resigned (it has no breakdown), the
scores are told plainly. Resignations and the winners are told here, as the store decides them.
"""

from __future__ import annotations

from games.base import Explanation, plain_explanation
from tabletop.play.models import Game

# A game the table ended by vote has no rules' breakdown: it stopped where it stood.
ENDED_BY_VOTE = {
    "scored": "The table voted to end the game here, scored as it stood.",
    "abandoned": "The table voted to abandon the game: nobody wins.",
}


def explain(game: Game, names: list[str]) -> Explanation | None:
    """The final score in sentences and a table (None while the game goes on)."""
    outcome = game.outcome
    if not game.is_over or not outcome:
        return None
    details = outcome.get("details") or {}
    resigned = details.get("resigned") or []
    own = getattr(game.rules, "explain", None)
    breakdown = {
        name: value for name, value in details.items() if name not in ("resigned", "ended_by_vote")
    }
    if own is not None and breakdown:
        explanation = own(outcome, names)
    else:
        explanation = plain_explanation(outcome, names)
    ended_by_vote = details.get("ended_by_vote")
    if ended_by_vote:
        explanation.sentences.append(ENDED_BY_VOTE[ended_by_vote])
    for seat in resigned:
        explanation.sentences.append(f"{names[seat]} resigned, and so cannot win.")
    winners = [names[seat] for seat in outcome.get("winners", [])]
    if winners:
        verb = "wins" if len(winners) == 1 else "share the victory"
        explanation.sentences.append(f"{' and '.join(winners)} {verb}.")
    return explanation
