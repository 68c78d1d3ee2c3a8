"""The API of tables among friends: inviting to a table, withdrawing an invitation, accepting
or declining one, cancelling a table that has not started, and rematches.

Each view reads the request, calls one function of play (invitations, rematches, store) and
answers; the store's refusals are answered by errors.handle_exception with their status.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, status
from rest_framework.decorators import api_view, permission_classes, throttle_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from tabletop.api import throttles
from tabletop.api.serializers import (
    GameDetailSerializer,
    InvitationSerializer,
    InviteSerializer,
    RematchSerializer,
    game_detail,
    invitation_answer,
    rematch_answer,
)
from tabletop.api.views import find_game, refusals
from tabletop.play import invitations, rematches, store
from tabletop.play.models import Game, Invitation


def find_invitation(game: Game, invitation_id: int) -> Invitation:
    found = invitations.find(game, invitation_id)
    if found is None:
        raise exceptions.NotFound(f"There is no invitation {invitation_id} to game {game.pk}.")
    return found


@extend_schema(
    operation_id="games_invitations_create",
    summary="Invite a player by name, or anyone by email address; a seat is held for them",
    description="Asking someone whose seat is held already sends nothing new and answers "
    "their invitation. At a private table only its creator invites.",
    request=InviteSerializer,
    responses={
        201: InvitationSerializer,
        **refusals(400, 401, 403, 404, 409, 413, 415, 429),
    },
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
@throttle_classes([*api_settings.DEFAULT_THROTTLE_CLASSES, throttles.Invitations])
def invite(request: Request, game_id: int) -> Response:
    game = find_game(game_id, request.user)
    form = InviteSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    invitation = invitations.invite(game, form.validated_data["invite"], request.user)
    return Response(invitation_answer(invitation, request.user), status=status.HTTP_201_CREATED)


@extend_schema(
    operation_id="games_invitations_destroy",
    summary="Withdraw an invitation (the table's creator); its seat is free again",
    responses={200: InvitationSerializer, **refusals(401, 403, 404, 409)},
)
@api_view(["DELETE"])
@permission_classes([IsAuthenticated])
def withdraw(request: Request, game_id: int, invitation_id: int) -> Response:
    game = find_game(game_id, request.user)
    invitation = invitations.withdraw(find_invitation(game, invitation_id), request.user)
    return Response(invitation_answer(invitation, request.user))


@extend_schema(
    operation_id="games_invitations_accept",
    summary="Accept your invitation: take the seat it holds (the last seat starts the game)",
    request=None,
    responses={200: GameDetailSerializer, **refusals(401, 403, 404, 409)},
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def accept(request: Request, game_id: int, invitation_id: int) -> Response:
    game = find_game(game_id, request.user)
    invitations.accept(find_invitation(game, invitation_id), request.user)
    game.refresh_from_db()
    return Response(game_detail(game, request.user))


@extend_schema(
    operation_id="games_invitations_decline",
    summary="Decline your invitation; its seat is free again",
    request=None,
    responses={200: InvitationSerializer, **refusals(401, 403, 404, 409)},
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def decline(request: Request, game_id: int, invitation_id: int) -> Response:
    game = find_game(game_id, request.user)
    invitation = invitations.decline(find_invitation(game, invitation_id), request.user)
    return Response(invitation_answer(invitation, request.user))


@extend_schema(
    operation_id="games_cancel",
    summary="Cancel a table that has not started (its creator)",
    request=None,
    responses={200: GameDetailSerializer, **refusals(401, 403, 404, 409)},
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def cancel(request: Request, game_id: int) -> Response:
    game = store.cancel_game(find_game(game_id, request.user), request.user)
    return Response(game_detail(game, request.user))


@extend_schema(
    operation_id="games_rematch",
    summary="Propose playing a finished game's table again, or accept the proposal",
    description="The new game starts, private, with the same players in the same seats, once "
    "every seat has accepted (the computer's seats accept at once); `new_game` names it.",
    request=None,
    responses={200: RematchSerializer, **refusals(401, 403, 404, 409)},
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def rematch(request: Request, game_id: int) -> Response:
    proposal = rematches.accept(find_game(game_id, request.user), request.user)
    return Response(rematch_answer(proposal))
