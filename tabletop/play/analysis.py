"""A finished game's analysis: each position's win chances, the strong bot's suggestion at each
step a player chose, and the game's turning points (the model: play.models.Analysis).

Only a game that is over is analysed: while it runs no chance, suggestion or analysis of any
kind is computed, for anyone (`analyse` refuses before it reads a single position). Once it is
over nothing is secret, so each position is read in full; its future (the cards not yet drawn,
the dice not yet rolled) is sampled anew by games/playouts.py, from a sampling seed derived
from the game's own seed, so the figures come out the same each time they are computed.

- Chances: `settings.ANALYSIS_PLAYOUTS` playouts per position (games/playouts.py says which
  player plays them and how far). The last position is the game's recorded result, which
  also covers a game ended by resignations or by the table's vote. Seats that have resigned
  never win a playout from the positions after their resignation.
- Suggestion: at a step a player chose (on the web, by the API or by email; not a standing
  order, a bot or a timeout) in answer to what the game waited for of them, what the strong
  bot would have played from that player's view at that moment. Swing: the player's chance
  at the position their step led to minus their chance after the bot's choice (0 when they
  played what the bot would have). The bot's choice meets sampled luck; a step that drew a
  card or rolled a die is judged with the luck it had, which the swing then includes: judging
  the played step afresh too would cost a third more playouts for the same budget.
- Turning points: the `TURNING_POINTS` chosen steps where the chooser's own chance fell the
  most from the position before to the position after, largest fall first; falls smaller than
  `SMALLEST_FALL` are the playouts' noise, not turning points.

One row per game and rules version; computed once (after the game ends, by the worker), again
only when asked (`again`). A failure marks the row failed and touches nothing of the game.
"""

from __future__ import annotations

import hashlib
from types import ModuleType

from django.conf import settings
from django.utils import timezone

import games
from games import playouts
from tabletop.play import history, store
from tabletop.play.models import Analysis, Game, Move

TURNING_POINTS = 3
SMALLEST_FALL = 0.1
# Progress is written every this many positions, for a page that shows it.
PROGRESS_EVERY = 5
UNCLAIMED = (Analysis.Status.QUEUED, Analysis.Status.FAILED)
CHOSEN_BY_PLAYERS = (Move.Source.WEB, Move.Source.API, Move.Source.EMAIL)


class NotOver(Exception):
    """The game is still in play: nothing of it may be analysed."""


def sampling_seed(game: Game) -> str:
    """The seed every playout of this game's analysis is drawn from: fixed for the game, and
    unrelated to the draws the game itself made."""
    return hashlib.sha256(f"{game.seed}analysis".encode()).hexdigest()


def analysis_of(game: Game) -> Analysis | None:
    """The game's analysis under its rules version, in whatever state it is."""
    return Analysis.objects.filter(game=game, rules_version=game.rules_version).first()


def queue(game: Game, again: bool = False) -> Analysis | None:
    """The game's analysis row, queued: a new one, or with `again` the existing one reset.
    None when it already exists and nobody asked again (nothing to compute)."""
    refuse_unless_over(game)
    row, created = Analysis.objects.get_or_create(
        game=game,
        rules_version=game.rules_version,
        defaults={"playouts": settings.ANALYSIS_PLAYOUTS},
    )
    if not created and not again:
        return None
    if not created:
        row.status, row.steps_done, row.finished = Analysis.Status.QUEUED, 0, None
        row.save(update_fields=["status", "steps_done", "finished"])
    return row


def analyse(game: Game, again: bool = False) -> Analysis:
    """Compute and store the game's analysis (kept as it is unless `again`).

    The row is claimed first (queued or failed, or anything with `again`, becomes running):
    a second worker handed the same game finds it claimed and leaves it.
    """
    refuse_unless_over(game)
    if settings.ANALYSIS_PLAYOUTS < 1:
        raise ValueError("ANALYSIS_PLAYOUTS is 0: the analysis is turned off.")
    queue(game)
    row = analysis_of(game)
    claimable = Analysis.Status.values if again else UNCLAIMED
    claimed = Analysis.objects.filter(pk=row.pk, status__in=claimable).update(
        status=Analysis.Status.RUNNING,
        playouts=settings.ANALYSIS_PLAYOUTS,
        steps_done=0,
        steps_total=game.seq + 1,
        finished=None,
    )
    row.refresh_from_db()
    if not claimed:
        return row
    try:
        steps = review(game, row)
    except Exception:
        Analysis.objects.filter(pk=row.pk).update(status=Analysis.Status.FAILED)
        raise
    row.steps, row.turning_points = steps, turning_points(steps)
    row.status, row.steps_done, row.finished = Analysis.Status.DONE, len(steps), timezone.now()
    row.save()
    return row


def refuse_unless_over(game: Game) -> None:
    if not game.is_over:
        raise NotOver(f"{game} is not over: nothing of it is analysed while it runs.")


def review(game: Game, row: Analysis) -> list[dict]:
    """One entry per position 0..game.seq (the model's `steps`)."""
    rules, seed, count = game.rules, sampling_seed(game), row.playouts
    told = {line["seq"]: line["text"] for line in history.lines(game, None)}
    resigned: list[int] = []
    state = store.initial_state(game)
    steps = [position_entry(rules, state, 0, seed, count, resigned)]
    for move, before, after in store.history(game):
        if move.payload == store.RESIGN and move.seat not in resigned:
            resigned.append(move.seat)
        # The last position needs no playouts: its figures are the recorded result.
        last = move.seq == game.seq
        entry = position_entry(rules, after, move.seq, seed, 0 if last else count, resigned)
        if last:
            entry.update(recorded_result(game.outcome))
        entry["played"] = told.get(move.seq, "")
        if move.source in CHOSEN_BY_PLAYERS and rules_move(move):
            judgement = judged(rules, before, entry, move, f"{seed}:{move.seq}", count, resigned)
            entry.update(judgement)
        steps.append(entry)
        if move.seq % PROGRESS_EVERY == 0:
            save_progress(row, move.seq + 1)
    return steps


def position_entry(
    rules: ModuleType, state: dict, seq: int, seed: str, count: int, resigned: list[int]
) -> dict:
    chances = playouts.win_chances(rules, state, count, f"{seed}:{seq}", resigned)
    standing = getattr(rules, "standing", None)
    players = len(chances)
    return {
        "seq": seq,
        "chances": [round(chance, 4) for chance in chances],
        "scores": [standing(state, seat) for seat in range(players)] if standing else None,
        "seat": None,
        "played": "",
        "suggestion": None,
        "swing": None,
    }


def recorded_result(outcome: dict) -> dict:
    """The last position's figures are the game's result as recorded."""
    players = len(outcome["scores"])
    return {"chances": playouts.shares(outcome["winners"], players), "scores": outcome["scores"]}


def rules_move(move: Move) -> bool:
    """A step of the game's own rules, not the log's resignations, take-backs or votes."""
    kind = move.payload.get("kind") if isinstance(move.payload, dict) else None
    return move.payload != store.RESIGN and kind not in (store.TAKE_BACK, *store.TABLE_EVENTS)


def judged(
    rules: ModuleType,
    before: dict,
    after: dict,
    move: Move,
    seed: str,
    count: int,
    resigned: list[int],
) -> dict:
    """The chooser, the strong bot's suggestion from their view, and the swing; only for a
    step that answered what the game waited for (not a call or catch out of turn, nor a
    standing order set: the bot has no opinion on those). `after` is the played step's
    position entry."""
    seat, played = move.seat, move.payload
    if seat not in rules.to_act(before) or played.get("kind") in getattr(rules, "side_kinds", ()):
        return {}
    try:
        suggested = playouts.suggestion(rules, before, seat, seed)
    except games.IllegalMove:  # a bot with nothing to say at this position
        return {}
    text = rules.format_move(suggested, before, seat)
    swing = 0.0
    if suggested != played:
        bots = playouts.chances_after(rules, before, seat, suggested, count, seed, resigned)
        swing = round(after["chances"][seat] - bots[seat], 4)
    return {"seat": seat, "suggestion": {"move": suggested, "text": text}, "swing": swing}


def turning_points(steps: list[dict]) -> list[dict]:
    """The chosen steps where the chooser's chance fell the most, largest fall first."""
    falls = []
    for previous, entry in zip(steps, steps[1:], strict=False):
        seat = entry["seat"]
        if seat is None:
            continue
        before, after = previous["chances"][seat], entry["chances"][seat]
        if before - after >= SMALLEST_FALL:
            falls.append((before - after, entry["seq"], seat, before, after, entry["suggestion"]))
    falls.sort(key=lambda fall: (-fall[0], fall[1]))
    return [
        {"seq": seq, "seat": seat, "before": before, "after": after, "suggestion": suggestion}
        for _, seq, seat, before, after, suggestion in falls[:TURNING_POINTS]
    ]


def save_progress(row: Analysis, done: int) -> None:
    # One column, not the row: the steps so far are kept in memory until the end.
    Analysis.objects.filter(pk=row.pk).update(steps_done=done)
