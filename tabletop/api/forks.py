"""The API's 'Play on from here': a new game played on from a step of a finished game, with
the players (or the computer) in the seats the caller names, as the game's history page
offers it.

Who may be seated, and the seating when none is named, come from tabletop.play.fork_seats,
which the page uses too; the store decides whether the fork may be made (store.fork_game). A
fork is a new game: it counts against the one limit on new games (throttles.GameCreation),
with the games and forks made on the pages.
"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from tabletop.api import throttles
from tabletop.api.serializers import GameDetailSerializer, game_detail
from tabletop.api.views import find_game, refusals
from tabletop.play import fork_seats, store

SEAT_CHOICE = {
    "oneOf": [
        {"type": "string", "minLength": 1, "maxLength": 150},
        {"type": "integer", "minimum": 1},
    ],
    "description": f'A player\'s name or id, or "{fork_seats.COMPUTER}" for the computer '
    "(the strong bot).",
}


@extend_schema_field(SEAT_CHOICE)
class SeatChoiceField(serializers.Field):
    """A player's name (a string) or id (an integer); either way as it was sent."""

    default_error_messages = {"invalid": "A seat is a player's name, a player's id or 'computer'."}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, str | int):
            self.fail("invalid")
        if isinstance(data, str) and not 1 <= len(data) <= 150:
            self.fail("invalid")
        if isinstance(data, int) and data < 1:
            self.fail("invalid")
        return data

    def to_representation(self, value):
        return value


class ForkSerializer(serializers.Serializer):
    at_seq = serializers.IntegerField(
        min_value=0,
        help_text="The step to play on from: the new game starts from the position after it.",
    )
    seats = serializers.ListField(
        child=SeatChoiceField(),
        required=False,
        min_length=1,
        max_length=8,
        help_text="Who sits in each seat, in seat order. Left out: the same players in the "
        "same seats if you played the game, else you in the first seat and the computer in "
        "the others. Only the game's players seat each other; anyone else plays alone "
        "against the computer.",
    )


@extend_schema(
    operation_id="games_fork",
    summary="Play on from a step of a finished game: a new private game, started at once",
    description="The new game starts from the position after `at_seq`, with a fresh secret "
    "seed (unseen cards are shuffled again) and the seating asked for; it is never rated. "
    "Like creating a game, it counts against the limit on new games (429). Refused: a game "
    "not over yet (409), a step out of range, a step after which the game is over or a "
    "seating that cannot be (400), a player who blocks you (403).",
    request=ForkSerializer,
    parameters=[
        OpenApiParameter(
            "Location",
            str,
            OpenApiParameter.HEADER,
            response=[201],
            description="The new game's address in the API.",
        )
    ],
    responses={
        201: GameDetailSerializer,
        **refusals(400, 401, 403, 404, 409, 413, 415, 429),
    },
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@throttle_classes([*api_settings.DEFAULT_THROTTLE_CLASSES, throttles.GameCreation])
def fork(request: Request, game_id: int) -> Response:
    source = find_game(game_id, request.user)
    form = ForkSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    chosen = form.validated_data.get("seats")
    if chosen is None:
        seated = fork_seats.default_seating(source, request.user)
    else:
        seated = fork_seats.seating(source, request.user, chosen)
    game = store.fork_game(source, form.validated_data["at_seq"], seated, request.user)
    answer = Response(game_detail(game, request.user), status=status.HTTP_201_CREATED)
    answer["Location"] = reverse("api-game", args=[game.pk])
    return answer
