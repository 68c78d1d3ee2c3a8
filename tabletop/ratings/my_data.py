"""A player's own data as ratings hold it: their ratings, each change, where they placed.
Answers accounts' `data_asked`."""

from __future__ import annotations

from tabletop.ratings.models import Placing, Rating, RatingChange


def sections(sender, user, **_) -> dict:
    return {
        "ratings": [
            {"game": rating.slug, "rating": rating.shown, "games": rating.games}
            for rating in Rating.objects.filter(user=user).order_by("slug")
        ],
        "rating_changes": [
            {
                "game": change.game_id,
                "slug": change.slug,
                "rank": change.rank,
                "before": change.shown_before,
                "after": change.shown_after,
                "at": change.created,
            }
            for change in RatingChange.objects.filter(user=user)
        ],
        "placings": [
            {
                "game": placing.game_id,
                "seat": placing.seat,
                "rank": placing.rank,
                "won": placing.won,
            }
            for placing in Placing.objects.filter(user=user).order_by("game_id")
        ],
    }
