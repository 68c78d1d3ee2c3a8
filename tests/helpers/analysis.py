"""A finished game's Analysis row as the worker would leave it, with made-up chances.

The steps, their players, what was played and the bot's alternatives are the game's real
ones (replayed from its log); only the win chances and scores are invented, deterministically
from the game's seq, so that a test can say which step is a turning point.
"""

from __future__ import annotations

from tabletop.play import history, store
from tabletop.play.models import Analysis, Game

TURNING_POINTS = 3


def made_up_chances(seq: int, seats: int, last: int, winners: list[int]) -> list[float]:
    """Even at the deal, drifting in turn towards each seat, all on the winners at the end."""
    if seq == last and winners:
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(seats)]
    weights = [1.0 + ((seq * (seat + 3)) % 7) / 3 for seat in range(seats)]
    if seq == 0:
        weights = [1.0] * seats
    total = sum(weights)
    return [round(weight / total, 4) for weight in weights]


def suggestion_for(game: Game, move, before: dict, differ: bool) -> dict | None:
    """The bot's choice at a step: another legal move where `differ`, else the one played."""
    # A store event (resignation, vote, take-back) is no choice among the rules' moves.
    if move.seat not in game.rules.to_act(before):
        return None
    others = [m for m in game.rules.legal_moves(before, move.seat) if m != move.payload]
    choice = others[-1] if differ and others else move.payload
    return {"move": choice, "text": game.rules.format_move(choice, before, move.seat)}


def analysed(game: Game, status: str = Analysis.Status.DONE, with_scores: bool = False) -> Analysis:
    """The game's Analysis for its rules version: complete when `status` is done, else the
    first half of it, as a worker part of the way through would have it."""
    seats = len(game.seats_with_players())
    winners = (game.outcome or {}).get("winners", [])
    told = {line["seq"]: line["text"] for line in history.lines(game, None)}
    steps = [step_entry(0, seats, game.seq, winners, with_scores)]
    for move, before, _after in store.history(game, game.seq):
        entry = step_entry(move.seq, seats, game.seq, winners, with_scores)
        chooser = move.seat
        # The bot would have chosen otherwise where the chooser's chance fell, and every
        # third step besides.
        fell = chooser is not None and entry["chances"][chooser] < steps[-1]["chances"][chooser]
        suggestion = suggestion_for(game, move, before, differ=fell or move.seq % 3 == 0)
        entry.update(seat=chooser, played=told.get(move.seq, ""), suggestion=suggestion)
        if suggestion is not None:
            entry["swing"] = 0.0 if suggestion["move"] == move.payload else -0.1
        steps.append(entry)
    done = status == Analysis.Status.DONE
    computed = steps if done else steps[: len(steps) // 2]
    return Analysis.objects.create(
        game=game,
        rules_version=game.rules_version,
        playouts=64,
        status=status,
        steps_done=len(computed),
        steps_total=len(steps),
        steps=computed if done else [],
        turning_points=turning_points(steps) if done else [],
    )


def step_entry(seq: int, seats: int, last: int, winners: list[int], with_scores: bool) -> dict:
    return {
        "seq": seq,
        "chances": made_up_chances(seq, seats, last, winners),
        "scores": [seq // (seat + 2) for seat in range(seats)] if with_scores else None,
        "seat": None,
        "played": "",
        "suggestion": None,
        "swing": None,
    }


def turning_points(steps: list[dict]) -> list[dict]:
    """The steps where their chooser's chance fell the most, largest fall first."""
    falls = []
    for before, after in zip(steps, steps[1:], strict=False):
        seat = after["seat"]
        if seat is None or seat >= len(after["chances"]):
            continue
        fall = before["chances"][seat] - after["chances"][seat]
        if fall > 0:
            falls.append((fall, before, after))
    falls.sort(key=lambda found: (-found[0], found[2]["seq"]))
    return [
        {
            "seq": after["seq"],
            "seat": after["seat"],
            "before": before["chances"][after["seat"]],
            "after": after["chances"][after["seat"]],
            "suggestion": after["suggestion"],
        }
        for _fall, before, after in falls[:TURNING_POINTS]
    ]
