"""Players' records in the API: a player's profile, a game's leaderboard, the archive of
finished games (the same filters as the archive page)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers
from rest_framework.decorators import api_view
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

import games
from tabletop.api.views import refusals
from tabletop.play import clock
from tabletop.play.models import Game
from tabletop.ratings import archive as archives
from tabletop.ratings import profiles, standings

# ---------------------------------------------------------------------------- answers


class RatingPointSerializer(serializers.Serializer):
    game_id = serializers.IntegerField(help_text="The rated game.")
    rank = serializers.IntegerField(help_text="The player's place in it (1 = first).")
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    at = serializers.DateTimeField()


class GameRecordSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="The game's slug.")
    title = serializers.CharField()
    played = serializers.IntegerField(help_text="Finished games you may see.")
    won = serializers.IntegerField()
    rating = serializers.IntegerField(
        allow_null=True, help_text="Conservative OpenSkill rating (mu - 3 sigma, scaled)."
    )
    rated_games = serializers.IntegerField()
    history = RatingPointSerializer(many=True, help_text="The rating after each rated game.")


class ListedGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.CharField()
    title = serializers.CharField()
    players = serializers.ListField(child=serializers.CharField())
    seq = serializers.IntegerField(help_text="How many moves the log holds.")
    finished = serializers.DateTimeField(allow_null=True)
    winners = serializers.ListField(child=serializers.CharField())
    history = serializers.CharField(help_text="The history page.")
    log = serializers.CharField(allow_null=True, help_text="The JSON log, once it is over.")


class ProfileSerializer(serializers.Serializer):
    username = serializers.CharField()
    games = GameRecordSerializer(many=True)
    average_seconds_to_move = serializers.FloatField(
        allow_null=True, help_text="Over the player's latest finished games."
    )
    finished = ListedGameSerializer(many=True)
    current = ListedGameSerializer(many=True, help_text="Only what a spectator sees of them.")


class LeaderboardEntrySerializer(serializers.Serializer):
    player = serializers.CharField()
    rating = serializers.IntegerField()
    rated_games = serializers.IntegerField()


class ArchivePageSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)
    results = ListedGameSerializer(many=True)


def listed(game: Game) -> dict:
    names = [seat.user.get_username() for seat in game.seats.all()]
    winners = archives.winners_of(game) if game.is_over else []
    return {
        "id": game.pk,
        "game": game.slug,
        "title": game.title,
        "players": names,
        "seq": game.seq,
        # The time of the game's last step: to the minute, as every step's time is shown.
        "finished": clock.to_the_minute(game.finished) if game.is_over and game.finished else None,
        "winners": winners,
        "history": reverse("history", args=[game.pk]),
        "log": reverse("export", args=[game.pk]) if game.is_over else None,
    }


# ---------------------------------------------------------------------------- views


@extend_schema(
    operation_id="players_retrieve",
    summary="A player's record: games played and won, ratings, time to move, their games",
    responses={200: ProfileSerializer, **refusals(401, 404)},
)
@api_view(["GET"])
def player(request: Request, username: str) -> Response:
    found = get_user_model().objects.filter(username=username).first()
    if found is None:
        raise exceptions.NotFound(f"There is no player {username!r}.")
    shown = profiles.profile(found, request.user)
    return Response(
        {
            "username": shown.username,
            "games": [
                {
                    "game": record.slug,
                    "title": record.title,
                    "played": record.played,
                    "won": record.won,
                    "rating": record.rating,
                    "rated_games": record.rated_games,
                    "history": [vars(point) for point in record.history],
                }
                for record in shown.records
            ],
            "average_seconds_to_move": shown.average_seconds_to_move,
            "finished": [listed(game) for game in shown.finished],
            "current": [listed(game) for game in shown.current],
        }
    )


@extend_schema(
    operation_id="ratings_list",
    summary="A game's leaderboard: players with enough rated games, best first",
    responses={200: LeaderboardEntrySerializer(many=True), **refusals(401, 404)},
)
@api_view(["GET"])
def leaderboard(request: Request, slug: str) -> Response:
    if slug not in games.slugs():
        raise exceptions.NotFound(gettext("There is no game %(id)s.") % {"id": repr(slug)})
    return Response(
        [
            {"player": r.user.get_username(), "rating": r.shown, "rated_games": r.games}
            for r in standings.leaderboard(slug)
        ]
    )


# What the archive's OrderingFilter reads: one or more of its names, each maybe reversed.
SORTS = r"^-?(finished|moves|game)(,-?(finished|moves|game))*$"


class ArchivePages(PageNumberPagination):
    page_size = archives.PAGE_SIZE


@extend_schema(
    operation_id="games_archive_list",
    summary="Finished games, filtered, sorted and a page at a time",
    parameters=[
        OpenApiParameter("game", OpenApiTypes.STR, enum=list(games.slugs())),
        OpenApiParameter("player", OpenApiTypes.STR, description="A player's name."),
        OpenApiParameter("finished_after", OpenApiTypes.DATE),
        OpenApiParameter("finished_before", OpenApiTypes.DATE),
        OpenApiParameter(
            "result",
            OpenApiTypes.STR,
            enum=[value for value, _ in archives.RESULTS],
            description="`won` and `lost` need `player`.",
        ),
        OpenApiParameter(
            "sort",
            {"type": "string", "pattern": SORTS},
            description="finished, moves or game; a leading - reverses it; commas join them.",
        ),
        OpenApiParameter("page", {"type": "integer", "minimum": 1}),
    ],
    responses={200: ArchivePageSerializer, **refusals(400, 401, 404)},
)
@api_view(["GET"])
def archive(request: Request) -> Response:
    empty = archives.empty_filters(request.query_params)
    if empty:
        raise exceptions.ValidationError(empty)
    found = archives.archive(request.query_params, request.user)
    if not found.is_valid():
        raise exceptions.ValidationError(found.errors)
    pages = ArchivePages()
    page = pages.paginate_queryset(found.qs, request)
    return pages.get_paginated_response([listed(game) for game in page])
