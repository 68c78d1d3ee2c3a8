"""A tournament's projection checked against its log (`manage.py verify_log`): the standings
rebuilt from the logged results and byes against each entry's points, the drops, the current
round and the winners; and each logged result against its game's outcome. Rebuilt from the
log where they differ, unless only asked.
"""

from __future__ import annotations

from django.db import transaction

from tabletop.tournaments.log import events_of, lock
from tabletop.tournaments.models import RoundGame, Tournament, TournamentEvent
from tabletop.tournaments.results import standings_of

Kind = TournamentEvent.Kind


def expected(tournament: Tournament) -> dict:
    """What the log says the projection holds."""
    points = {row.player: row.points for row in standings_of(tournament)}
    dropped = {e.data["player"]: e.data["reason"] for e in events_of(tournament, Kind.DROPPED)}
    finished = events_of(tournament, Kind.FINISHED)
    return {
        "points": points,
        "dropped": dropped,
        "current_round": len(events_of(tournament, Kind.SEATED)),
        "winners": finished[-1].data["winners"] if finished else [],
    }


def stored(tournament: Tournament) -> dict:
    entries = list(tournament.entries.all())
    return {
        "points": {e.player_id: e.points for e in entries},
        "dropped": {e.player_id: e.drop_reason for e in entries if e.dropped is not None},
        "current_round": tournament.current_round,
        "winners": tournament.winners,
    }


def verify(tournament: Tournament) -> list[str]:
    """Differences between the projection and the log (empty = clean)."""
    problems = []
    seqs = list(tournament.events.order_by("seq").values_list("seq", flat=True))
    if seqs != list(range(1, len(seqs) + 1)):
        problems.append(f"the log has gaps or repeats: {seqs[:10]}...")
    want, have = expected(tournament), stored(tournament)
    for name, value in want.items():
        if have[name] != value:
            problems.append(
                f"{name} differ from the log"
                if name != "current_round"
                else "the current round differs from the log"
            )
    problems += _results_differ(tournament)
    return problems


def _results_differ(tournament: Tournament) -> list[str]:
    """Each logged result against the game it names (a game's outcome is its own log's)."""
    logged = {e.data["game"]: e.data for e in events_of(tournament, Kind.RESULT)}
    problems = []
    links = RoundGame.objects.filter(round__tournament=tournament).select_related("game")
    for link in links:
        game, result = link.game, logged.get(link.game_id)
        if not game.is_over:
            continue
        if result is None:
            problems.append(f"game {game.pk} ended but its result is not in the log")
        elif [result["scores"], result["winners"]] != [
            game.outcome["scores"],
            game.outcome["winners"],
        ]:
            problems.append(f"the result of game {game.pk} differs from the game's outcome")
    return problems


def rebuild(tournament: Tournament) -> list[str]:
    """Verify, and where the projection differs, overwrite it with what the log says."""
    problems = verify(tournament)
    if problems:
        with transaction.atomic():
            locked = lock(tournament.pk)
            want = expected(locked)
            for entry in locked.entries.all():
                entry.points = want["points"].get(entry.player_id, 0.0)
                if entry.player_id not in want["dropped"]:
                    entry.dropped, entry.drop_reason = None, ""
                else:
                    entry.drop_reason = want["dropped"][entry.player_id]
                    entry.dropped = (
                        entry.dropped
                        or locked.events.filter(kind=Kind.DROPPED, data__player=entry.player_id)
                        .first()
                        .created
                    )
                entry.save(update_fields=["points", "dropped", "drop_reason"])
            locked.current_round = want["current_round"]
            locked.winners = want["winners"]
            locked.save(update_fields=["current_round", "winners"])
    return problems


def check_all(dry_run: bool = False) -> list[tuple[str, list[str]]]:
    """Every tournament that has started, checked (and rebuilt unless `dry_run`)."""
    found = []
    for tournament in Tournament.objects.exclude(started=None).order_by("pk"):
        problems = verify(tournament) if dry_run else rebuild(tournament)
        if problems:
            found.append((f"tournament {tournament.pk} ({tournament.name})", problems))
    return found
