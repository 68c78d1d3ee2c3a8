"""Reading the ratings: a game's leaderboard, a player's ratings and their history."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F, QuerySet

from tabletop.ratings.models import Rating, RatingChange

# A rating says little before this many games: the leaderboard waits for them.
LEADERBOARD_MIN_GAMES = 5


def leaderboard(slug: str, limit: int = 100) -> QuerySet[Rating]:
    """The game's rated players with enough games, best first (by the number shown)."""
    return (
        Rating.objects.filter(slug=slug, games__gte=LEADERBOARD_MIN_GAMES)
        .annotate(conservative=F("mu") - 3 * F("sigma"))
        .order_by("-conservative", "user__username")
        .select_related("user")[:limit]
    )


def ratings_of(user) -> dict[str, Rating]:
    """The player's current rating at each game they have a rated game of, by slug."""
    return {rating.slug: rating for rating in Rating.objects.filter(user=user)}


@dataclass
class Point:
    game_id: int
    rank: int
    before: int
    after: int
    at: object


def history(user, slug: str) -> list[Point]:
    """The player's rating at the game after each rated game, oldest first."""
    changes = RatingChange.objects.filter(user=user, slug=slug).order_by("created", "pk")
    return [
        Point(change.game_id, change.rank, change.shown_before, change.shown_after, change.created)
        for change in changes
    ]
