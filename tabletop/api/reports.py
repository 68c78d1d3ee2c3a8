"""The API's reports: of a line of table talk (`games/{id}/chat/{message_id}/report/`) and of
a comment on a step (`games/{id}/comments/{comment_id}/report/`), the same as the report
buttons beside them on the pages (play/reports.py)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tabletop.api.views import find_game, refusals
from tabletop.play import reports
from tabletop.play.models import Report


class ReportSerializer(serializers.Serializer):
    reason = serializers.CharField(
        max_length=Report.REASON_LENGTH,
        required=False,
        allow_blank=True,
        help_text="Why it should not be there (optional; the moderators read it).",
    )


class ReportedSerializer(serializers.Serializer):
    message = serializers.IntegerField(help_text="The line reported.")
    created = serializers.DateTimeField(help_text="When you first reported it.")


@extend_schema(
    operation_id="games_chat_report",
    summary="Report a line of table talk to the moderators (the same line twice counts once)",
    request=ReportSerializer,
    responses={201: ReportedSerializer, **refusals(400, 401, 403, 404, 413, 415, 429)},
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def report_talk(request: Request, game_id: int, message_id: int) -> Response:
    found = find_game(game_id, request.user)
    form = ReportSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    try:
        kept = reports.report(
            found, message_id, request.user, form.validated_data.get("reason", "")
        )
    except reports.NoSuchLine as refusal:
        raise exceptions.NotFound(refusal.message) from None
    except reports.TooManyReports as refusal:
        raise exceptions.Throttled(refusal.wait, refusal.message) from None
    return Response(
        {"message": kept.message_id, "created": kept.created}, status=status.HTTP_201_CREATED
    )


class ReportedCommentSerializer(serializers.Serializer):
    comment = serializers.IntegerField(help_text="The comment reported.")
    created = serializers.DateTimeField(help_text="When you first reported it.")


@extend_schema(
    operation_id="games_comments_report",
    summary="Report a comment on a step to the moderators (the same comment twice counts once)",
    request=ReportSerializer,
    responses={201: ReportedCommentSerializer, **refusals(400, 401, 403, 404, 413, 415, 429)},
)
@api_view(["POST"])
@permission_classes([IsAuthenticated])
def report_comment(request: Request, game_id: int, comment_id: int) -> Response:
    found = find_game(game_id, request.user)
    form = ReportSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    try:
        kept = reports.report_comment(
            found, comment_id, request.user, form.validated_data.get("reason", "")
        )
    except reports.NoSuchComment as refusal:
        raise exceptions.NotFound(refusal.message) from None
    except reports.TooManyReports as refusal:
        raise exceptions.Throttled(refusal.wait, refusal.message) from None
    return Response(
        {"comment": kept.comment_id, "created": kept.created}, status=status.HTTP_201_CREATED
    )
