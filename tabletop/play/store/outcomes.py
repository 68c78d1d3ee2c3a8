"""How a game's result is reckoned: the rules' outcome with resigned seats never winning, the
table's ending by a vote, and the outcome a log gives.

Apart because the projection, the votes and the log's verification all reckon it the same way.
"""

from __future__ import annotations

from types import ModuleType

from tabletop.play.models import Game


def ended_outcome(
    rules: ModuleType, state: dict, players: int, how: str, resigned: list[int]
) -> dict:
    """The outcome of a game the table ended: scored as it stands (each seat's standing, the
    best of those who did not resign win), or abandoned (nobody wins)."""
    details = {"ended_by_vote": how, **({"resigned": resigned} if resigned else {})}
    if how == "abandoned":
        return {"scores": [0] * players, "winners": [], "details": details}
    standing = getattr(rules, "standing", None)
    scores = [standing(state, seat) if standing else 0 for seat in range(players)]
    remaining = [seat for seat in range(players) if seat not in resigned]
    best = max(scores[seat] for seat in remaining)
    return {
        "scores": scores,
        "winners": [s for s in remaining if scores[s] == best],
        "details": details,
    }


def adjudicated_outcome(
    rules: ModuleType, state: dict, players: int, reason: str, resigned: list[int]
) -> dict:
    """The outcome of a game ended from outside its table (store.adjudicate): scored as it
    stands, exactly as a table's vote to end it scored would have it."""
    outcome = ended_outcome(rules, state, players, "scored", resigned)
    outcome["details"] = {
        "adjudicated": reason,
        **({"resigned": resigned} if resigned else {}),
    }
    return outcome


def logged_outcome(game: Game, state: dict, resigned: list[int]) -> dict | None:
    """The outcome the log gives, with `resigned` the seats that resigned in it: the
    adjudication's if the game was ended from outside, the table's ending if a vote ended the
    game, else the rules' (final_outcome)."""
    adjudicated = game.moves.filter(payload__kind="adjudicated").first()
    if adjudicated is not None:
        reason = adjudicated.payload["reason"]
        return adjudicated_outcome(game.rules, state, game.players, reason, resigned)
    ended = game.moves.filter(
        payload__kind="vote-result", payload__result="passed", payload__question__subject="end"
    ).first()
    if ended is not None:
        how = ended.payload["question"]["how"]
        return ended_outcome(game.rules, state, game.players, how, resigned)
    return final_outcome(game.rules, state, game.players, resigned)


def final_outcome(rules: ModuleType, state: dict, players: int, resigned: list[int]) -> dict | None:
    """The rules' outcome, with resigned seats never among the winners.

    When all but one seat have resigned the game ends there, whatever the board says.
    """
    remaining = [seat for seat in range(players) if seat not in resigned]
    result = rules.outcome(state)
    if result is None and len(remaining) > 1:
        return None
    if result is None:
        standing = getattr(rules, "standing", None)
        scores = [standing(state, seat) if standing else 0 for seat in range(players)]
        return {"scores": scores, "winners": remaining, "details": {"resigned": resigned}}
    outcome = result.as_dict()
    if resigned:
        best = max(outcome["scores"][seat] for seat in remaining)
        outcome["winners"] = [s for s in remaining if outcome["scores"][s] == best]
        outcome["details"] = {**outcome["details"], "resigned": resigned}
    return outcome
