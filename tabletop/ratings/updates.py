"""A finished game's effect on its players' ratings (OpenSkill's Plackett-Luce model, which
rates 2 to 5 players at once and lets players tie).

Rated: games between people only, played to the end by each of them. Not rated: a game with
a bot seat, a fork (played on from another game's position), and an abandoned game, one in
which a player never made a move of their own (every step of theirs was the clock's).
"""

from __future__ import annotations

from openskill.models import PlackettLuce

from tabletop.play.models import Game, Move
from tabletop.ratings.models import Rating, RatingChange

MODEL = PlackettLuce()
# Steps a player chose (or resigned with); the others at a seat are the clock's or a bot's.
OWN_SOURCES = (
    Move.Source.WEB,
    Move.Source.API,
    Move.Source.EMAIL,
    Move.Source.STANDING_ORDER,
    Move.Source.RESIGN,
)


def why_unrated(game: Game) -> str | None:
    """Why the finished game does not count for ratings; None when it does."""
    seats = game.seats_with_players()
    if any(seat.is_bot for seat in seats):
        return "the computer played in it"
    if game.forked_from_id is not None:
        return "it was played on from another game's position"
    if len(seats) < 2:
        return "it had one player"
    moved = set(game.moves.filter(source__in=OWN_SOURCES).values_list("seat", flat=True).distinct())
    if any(seat.position not in moved for seat in seats):
        return "a player never moved in it (abandoned)"
    return None


def ranks(outcome: dict, players: int) -> list[int]:
    """Each seat's place (1 = first, ties share one): the winners, then the others by score,
    and the seats that resigned last."""
    winners = set(outcome.get("winners") or [])
    resigned = set((outcome.get("details") or {}).get("resigned") or [])
    scores = outcome.get("scores") or [0] * players

    def standing(seat: int) -> tuple[int, int]:
        group = 0 if seat in winners else 2 if seat in resigned else 1
        return group, -(scores[seat] or 0)

    order = sorted({standing(seat) for seat in range(players)})
    return [order.index(standing(seat)) + 1 for seat in range(players)]


def rate(game: Game) -> list[RatingChange]:
    """Update the ratings of a rated game's players (once: a game rated already is left)."""
    if why_unrated(game) is not None or game.rating_changes.exists():
        return []
    seats = game.seats_with_players()
    before = current_ratings(game.slug, [seat.user for seat in seats])
    places = ranks(game.outcome, len(seats))
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=places)
    changes = []
    for seat, rating, [new] in zip(seats, before, after, strict=True):
        changes.append(
            RatingChange(
                game=game,
                user=seat.user,
                slug=game.slug,
                seat=seat.position,
                rank=places[seat.position],
                shown_before=rating.shown,
                mu=new.mu,
                sigma=new.sigma,
            )
        )
        rating.mu, rating.sigma, rating.games = new.mu, new.sigma, rating.games + 1
        rating.save()
    return RatingChange.objects.bulk_create(changes)


def current_ratings(slug: str, users: list) -> list[Rating]:
    """The players' ratings at the game, locked (two games ending at once for one player
    must not both start from the same rating); a newcomer's is OpenSkill's default."""
    fresh = MODEL.rating()
    for user in sorted(users, key=lambda u: u.pk):
        Rating.objects.get_or_create(
            user=user, slug=slug, defaults={"mu": fresh.mu, "sigma": fresh.sigma}
        )
    locked = Rating.objects.select_for_update().filter(slug=slug, user__in=users).order_by("user")
    by_user = {rating.user_id: rating for rating in locked}
    return [by_user[user.pk] for user in users]
