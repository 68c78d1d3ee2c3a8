"""The projection checked against a replay of the log, and rebuilt from it where they differ
(`manage.py verify_log`): state, counts, outcome, log lines, snapshots and Vote rows.

Apart because it is the log's auditor: it writes only when the projection is found wrong.
"""

from __future__ import annotations

from django.db import transaction

from games import IllegalMove, RandomStream, canonical
from tabletop.play.models import Game
from tabletop.play.store.locks import lock_game
from tabletop.play.store.log_lines import Told
from tabletop.play.store.outcomes import logged_outcome
from tabletop.play.store.projection import resigned_in_log
from tabletop.play.store.replays import history, initial_state
from tabletop.play.store.vote_rows import rebuild_votes, votes_in_log


def verify(game: Game) -> list[str]:
    """Differences between the stored projection and a replay of the log (empty = clean)."""
    if game.status in (Game.Status.OPEN, Game.Status.CANCELLED):
        return []
    problems = []
    seqs = list(game.moves.values_list("seq", flat=True))
    if seqs != list(range(1, len(seqs) + 1)):
        problems.append(f"the log has gaps or repeats: {seqs[:10]}...")
    try:
        state, random_events, told = replay_telling(game)
    except IllegalMove as refusal:
        return [*problems, f"the log does not replay: {refusal}"]
    problems += _told_differently(game, told)
    problems += _votes_differ(game)
    rules = game.rules
    expected = {
        "state": canonical(state),
        "random_events": random_events,
        "seq": len(seqs),
        "to_act": [] if game.is_over else rules.to_act(state),
        "outcome": logged_outcome(game, state, resigned_in_log(game)),
        "resigned": resigned_in_log(game),
    }
    actual = {
        "state": canonical(game.state),
        "random_events": game.random_events,
        "seq": game.seq,
        "to_act": game.to_act,
        "outcome": game.outcome,
        "resigned": game.resigned,
    }
    for name, value in expected.items():
        if actual[name] != value:
            problems.append(f"{name} differs from the replay")
    return problems


def replay_telling(game: Game) -> tuple[dict, int, Told]:
    """A full replay from the setup: the state, the random events drawn, and the log lines and
    snapshots it tells (what the store writes move by move, and as a finished game ended)."""
    stream = RandomStream(game.seed, game.random_scheme)
    told = Told()
    state = None
    for move, before, after in history(game, stream=stream):
        told.add(game, move, before, after, stream.events)
        if game.is_over:
            told.add_for_everyone(game, move, before, after)
        state = after
    return state if state is not None else initial_state(game), stream.events, told


def _votes_differ(game: Game) -> list[str]:
    """Whether the Vote rows read as the log's calls, ballots and results make them; then
    each row that does not, by the move of its call."""
    logged = votes_in_log(game)
    stored = {vote.seq: vote for vote in game.votes.all()}
    rows = []
    for seq, fields in logged.items():
        vote = stored.get(seq)
        if vote is None:
            rows.append(f"the vote called at move {seq} has no Vote row")
            continue
        wrong = [name for name, value in fields.items() if getattr(vote, name) != value]
        if wrong:
            rows.append(f"the vote called at move {seq} differs in {', '.join(wrong)}")
    rows += [
        f"the Vote row at move {seq} is no vote in the log"
        for seq in sorted(stored.keys() - logged.keys())
    ]
    return ["the votes differ from the log", *rows] if rows else []


def _told_differently(game: Game, told: Told) -> list[str]:
    """How the stored log lines and snapshots differ from those a full replay tells."""
    problems = []
    lines = {
        (line.seq, line.viewer): (line.move.pk, line.text, line.message) for line in told.lines
    }
    stored = {
        (seq, viewer): (move_id, text, message)
        for seq, viewer, move_id, text, message in game.log_lines.values_list(
            "seq", "viewer", "move_id", "text", "message"
        )
    }
    if not stored and lines:
        problems.append("the log lines are not projected yet (readers replay)")
    elif stored != lines:
        wrong = sum(1 for key, line in lines.items() if stored.get(key, line) != line)
        missing, extra = len(lines.keys() - stored.keys()), len(stored.keys() - lines.keys())
        problems.append(
            f"the log lines differ from the replay ({wrong} differ, {missing} missing, "
            f"{extra} extra)"
        )
    snapshots = {s.seq: (canonical(s.state), s.random_events) for s in told.snapshots}
    stored_snapshots = {s.seq: (canonical(s.state), s.random_events) for s in game.snapshots.all()}
    if snapshots != stored_snapshots:
        problems.append("the snapshots differ from the replay")
    return problems


def rebuild_projection(game: Game) -> list[str]:
    """Verify, and where the projection differs, overwrite it (the log lines, snapshots and
    Vote rows too) with the replay; also how older games get their lines and snapshots."""
    problems = verify(game)
    if problems and not any("does not replay" in p for p in problems):
        with transaction.atomic():
            locked = lock_game(game.pk)
            state, locked.random_events, told = replay_telling(locked)
            locked.log_lines.all().delete()
            locked.snapshots.all().delete()
            told.save()
            locked.seq = locked.moves.count()
            locked.state = state
            locked.to_act = [] if locked.is_over else locked.rules.to_act(state)
            locked.resigned = resigned_in_log(locked)
            locked.outcome = logged_outcome(locked, state, locked.resigned)
            locked.save(
                update_fields=["state", "random_events", "seq", "to_act", "outcome", "resigned"]
            )
            rebuild_votes(locked)
    return problems
