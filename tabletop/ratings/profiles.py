"""A player's record as a given viewer may see it: games played and won per game, ratings
with their history, the average time to move, finished games and games in play.

Fair play: only games the viewer may see count (a private table only for its players and its
creator), a game in play shows only what a spectator sees of it (its kind, its players, how
far it has gone), and times to move come from finished games alone (while a game runs, how
fast a seat answered can tell the others what it was doing).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.db.models import Count, F, Q, QuerySet, Window
from django.db.models.functions import Lag
from django.utils.translation import gettext, ngettext

import games
from tabletop.play.models import Game, Move, Seat
from tabletop.ratings import standings
from tabletop.ratings.models import Placing

# The time to move is averaged over the player's latest finished games, this many.
TIMED_GAMES = 50
LISTED_GAMES = 20


def shown_games(viewer) -> QuerySet[Game]:
    """The games `viewer` may see: every table that is not private, and the private ones they
    sit at or set."""
    if not getattr(viewer, "is_authenticated", False):
        return Game.objects.filter(private=False)
    mine = Q(seats__user=viewer) | Q(created_by=viewer)
    return Game.objects.filter(Q(private=False) | Q(pk__in=Game.objects.filter(mine).values("pk")))


@dataclass
class GameRecord:
    slug: str
    title: str
    played: int = 0
    won: int = 0
    rating: int | None = None
    rated_games: int = 0
    history: list = field(default_factory=list)


@dataclass
class Profile:
    username: str
    records: list[GameRecord]
    average_seconds_to_move: float | None
    finished: list[Game]
    current: list[Game]


def profile(player, viewer) -> Profile:
    shown = shown_games(viewer)
    finished = shown.filter(status=Game.Status.FINISHED, seats__user=player)
    current = shown.filter(status=Game.Status.ACTIVE, seats__user=player)
    latest = list(
        finished.order_by("-finished", "-pk").prefetch_related("seats__user")[:TIMED_GAMES]
    )
    return Profile(
        username=player.get_username(),
        records=records(player, finished),
        average_seconds_to_move=average_seconds_to_move(player, latest),
        finished=with_places(player, latest[:LISTED_GAMES]),
        current=list(current.order_by("-started").prefetch_related("seats__user")[:LISTED_GAMES]),
    )


def records(player, finished: QuerySet[Game]) -> list[GameRecord]:
    """Per game: finished games played and won, and the rating with its history."""
    by_slug: dict[str, GameRecord] = {}
    placings = Placing.objects.filter(user=player, game__in=finished)
    counts = placings.values("game__slug").annotate(
        played=Count("pk"), won=Count("pk", filter=Q(won=True))
    )
    for row in counts:
        slug = row["game__slug"]
        by_slug[slug] = GameRecord(slug, games.get(slug).title, row["played"], row["won"])
    for slug, rating in standings.ratings_of(player).items():
        record = by_slug.setdefault(slug, GameRecord(slug, games.get(slug).title))
        record.rating, record.rated_games = rating.shown, rating.games
        record.history = standings.history(player, slug)
    return sorted(by_slug.values(), key=lambda record: record.title)


def average_seconds_to_move(player, finished: list[Game]) -> float | None:
    """From the move before each of the player's own steps (or the start) to that step."""
    seats = {
        game.pk: seat.position
        for game in finished
        for seat in game.seats.all()
        if seat.user_id == player.pk
    }
    if not seats:
        return None
    started = {game.pk: game.started for game in finished}
    moves = (
        Move.objects.filter(game__in=list(seats))
        .annotate(previous=Window(Lag("created"), partition_by=F("game_id"), order_by="seq"))
        .values_list("game_id", "seat", "source", "created", "previous")
    )
    own = {Move.Source.WEB, Move.Source.API, Move.Source.EMAIL}
    waits = [
        (created - (previous or started[game_id])).total_seconds()
        for game_id, seat, source, created, previous in moves
        if seat == seats[game_id] and source in own and (previous or started[game_id])
    ]
    return sum(waits) / len(waits) if waits else None


def with_places(player, found: list[Game]) -> list[Game]:
    """The games, each with the player's `placing` (None for a game finished before
    placings were kept) and its players' names."""
    placed = {p.game_id: p for p in Placing.objects.filter(user=player, game__in=found)}
    names: dict[int, list[str]] = defaultdict(list)
    for game_id, name in (
        Seat.objects.filter(game__in=found)
        .order_by("game_id", "position")
        .values_list("game_id", "user__username")
    ):
        names[game_id].append(name)
    for game in found:
        game.placing = placed.get(game.pk)
        game.names = names[game.pk]
    return found


def describe_wait(seconds: float | None) -> str:
    """ "2 h 5 min", "3 days 4 h": a wait as a player reads it."""
    if seconds is None:
        return gettext("no moves yet")
    minutes = int(seconds // 60)
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    if days:
        return ngettext("%(days)d day %(hours)d h", "%(days)d days %(hours)d h", days) % {
            "days": days,
            "hours": hours,
        }
    if hours:
        return gettext("%(hours)d h %(minutes)d min") % {"hours": hours, "minutes": minutes}
    if minutes:
        return gettext("%(minutes)d min") % {"minutes": minutes}
    return gettext("%(seconds)d s") % {"seconds": int(seconds)}
