"""The REST API: each view reads the request, calls the store, answers."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tabletop.api.serializers import (
    CreateGameSerializer,
    SubmitMoveSerializer,
    game_detail,
    game_summary,
)
from tabletop.play import history, store
from tabletop.play.models import Game, Move


def refusal(error: store.Refused) -> Response:
    return Response({"detail": error.message, **error.context}, status=error.status)


@extend_schema(request=CreateGameSerializer, responses={201: dict, 200: dict})
@api_view(["GET", "POST"])
def games_list(request: Request) -> Response:
    if request.method == "GET":
        mine = (
            Game.objects.filter(seats__user=request.user) if request.user.is_authenticated else []
        )
        open_games = Game.objects.filter(status=Game.Status.OPEN)
        found = {game.pk: game for game in [*mine, *open_games]}
        return Response([game_summary(game) for game in found.values()])
    if not request.user.is_authenticated:
        return Response({"detail": "Log in to create a game."}, status=status.HTTP_403_FORBIDDEN)
    form = CreateGameSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    data = form.validated_data
    try:
        game = store.create_game(
            request.user,
            data["game"],
            data["players"],
            data["options"],
            days_per_move=data["days_per_move"],
            reminder_hours=data["reminder_hours"],
            timeout_policy=data["timeout_policy"],
        )
    except store.Refused as error:
        return refusal(error)
    return Response(game_detail(game, request.user), status=status.HTTP_201_CREATED)


@extend_schema(responses=dict)
@api_view(["GET"])
def game(request: Request, game_id: int) -> Response:
    found = get_object_or_404(Game, pk=game_id)
    return Response(game_detail(found, request.user))


@extend_schema(request=None, responses=dict)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def join(request: Request, game_id: int) -> Response:
    found = get_object_or_404(Game, pk=game_id)
    try:
        store.join_game(found, request.user)
    except store.Refused as error:
        return refusal(error)
    found.refresh_from_db()
    return Response(game_detail(found, request.user))


@extend_schema(request=SubmitMoveSerializer, responses={201: dict, 200: dict})
@api_view(["GET", "POST"])
def moves(request: Request, game_id: int) -> Response:
    found = get_object_or_404(Game, pk=game_id)
    if request.method == "GET":
        return Response(history.lines(found, found.seat_of(request.user)))
    if not request.user.is_authenticated:
        return Response({"detail": "Log in to move."}, status=status.HTTP_403_FORBIDDEN)
    form = SubmitMoveSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    try:
        logged = store.submit(
            found,
            request.user,
            form.validated_data["move"],
            form.validated_data["expected_seq"],
            Move.Source.API,
        )
    except store.Refused as error:
        return refusal(error)
    found.refresh_from_db()
    return Response(
        {"logged": [move.seq for move in logged], **game_detail(found, request.user)},
        status=status.HTTP_201_CREATED,
    )


@extend_schema(responses=dict)
@api_view(["GET"])
def state_at(request: Request, game_id: int, seq: int) -> Response:
    found = get_object_or_404(Game, pk=game_id)
    try:
        return Response(history.position(found, seq, found.seat_of(request.user)))
    except store.Refused as error:
        return Response({"detail": error.message}, status=status.HTTP_404_NOT_FOUND)
