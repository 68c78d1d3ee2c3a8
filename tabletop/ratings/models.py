"""Players' ratings per game (OpenSkill, Plackett-Luce) and the history of each change.

Written only by `tabletop.ratings.updates`, from the listener of play's `game_ended`, inside
the transaction that ended the game: a rating changes exactly when a rated game is logged
as over, and never by a page or the API.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

# The number shown is conservative, as Lichess's provisional ratings are not: the skill the
# player has with near certainty (mu - 3 sigma, 0 for a newcomer), scaled to familiar numbers.
SHOWN_BASE = 1000
SHOWN_SCALE = 40


def shown(mu: float, sigma: float) -> int:
    return round(SHOWN_BASE + SHOWN_SCALE * (mu - 3 * sigma))


class Rating(models.Model):
    """A player's current rating at one game (slug)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    slug = models.CharField(max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "slug"], name="one_rating_a_game")]
        indexes = [models.Index(fields=["slug", "games"])]

    def __str__(self) -> str:
        return f"{self.user} at {self.slug}: {self.shown}"

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)


class RatingChange(models.Model):
    """What one rated game did to one player's rating: the rating's history."""

    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    slug = models.CharField(max_length=32)
    seat = models.PositiveSmallIntegerField()
    # 1 = first; players who tie share a rank.
    rank = models.PositiveSmallIntegerField()
    shown_before = models.IntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_change_a_game_a_player")
        ]
        indexes = [models.Index(fields=["user", "slug", "created"])]

    def __str__(self) -> str:
        return f"{self.user} after {self.game}: {self.shown_after}"

    @property
    def shown_after(self) -> int:
        return shown(self.mu, self.sigma)


class Placing(models.Model):
    """Where one player finished in one finished game, rated or not: what the archive filters
    on (won, lost) and the profile counts."""

    game = models.ForeignKey("play.Game", on_delete=models.CASCADE, related_name="placings")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="placings"
    )
    seat = models.PositiveSmallIntegerField()
    # 1 = first; players who tie share a rank.
    rank = models.PositiveSmallIntegerField()
    won = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="one_placing_a_seat"),
        ]
        indexes = [models.Index(fields=["user", "won"])]

    def __str__(self) -> str:
        return f"{self.user} placed {self.rank} in {self.game}"
