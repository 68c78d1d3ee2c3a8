"""The API's comments on a finished game's steps (`games/{id}/comments/`, play/comments.py).

Read as the history page shows them to the same reader: anyone once the game is over, but a
private table's only by its players. Written by its players, or on a table that was not
private by any logged-in player; each author edits or deletes their own.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.decorators import api_view
from rest_framework.request import Request
from rest_framework.response import Response

from tabletop.api.chat import TalkField
from tabletop.api.views import find_game, refusals
from tabletop.play import chat, comments
from tabletop.play.models import StepComment

MOST_SEQ = 2**31 - 1


class CommentTextSerializer(serializers.Serializer):
    # Checked as sent, as talk is; play/comments.py trims it and refuses what is left empty.
    text = TalkField(
        max_length=StepComment.MAX_LENGTH,
        trim_whitespace=False,
        help_text="Plain text, one line; control characters are dropped, whitespace trimmed.",
    )


class WriteCommentSerializer(CommentTextSerializer):
    seq = serializers.IntegerField(
        min_value=0,
        max_value=MOST_SEQ,
        help_text="The step commented on: 0 for the deal, n for the position after move n "
        "(at most the game's last seq; a step it does not have is refused with 400).",
    )


class CommentQuerySerializer(serializers.Serializer):
    seq = serializers.IntegerField(
        min_value=0,
        max_value=MOST_SEQ,
        required=False,
        help_text="Only the comments on this step (its thread).",
    )


class CommentSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="The step it is about (0: the deal).")
    author = serializers.CharField()
    text = serializers.CharField(allow_blank=True, help_text="Its words; empty when `hidden`.")
    hidden = serializers.BooleanField(
        help_text="The text is kept from you: a moderator hid the comment, or a player you "
        "blocked wrote it."
    )
    created = serializers.DateTimeField()
    edited = serializers.DateTimeField(allow_null=True, help_text="When its author last edited it.")


def shown(comment: StepComment) -> dict:
    kept_from_you = getattr(comment, "muted", False) or comment.hidden is not None
    return {
        "id": comment.pk,
        "seq": comment.seq,
        "author": comment.user.get_username(),
        "text": "" if kept_from_you else comment.text,
        "hidden": kept_from_you,
        "created": comment.created,
        "edited": comment.edited,
    }


@extend_schema(
    methods=["GET"],
    operation_id="games_comments_list",
    summary="The comments on a finished game's steps (a private table's: its players only)",
    parameters=[CommentQuerySerializer],
    responses={200: CommentSerializer(many=True), **refusals(400, 401, 403, 404)},
)
@extend_schema(
    methods=["POST"],
    operation_id="games_comments_create",
    summary="Comment on a step of a finished game (its players; on an open table, anyone)",
    request=WriteCommentSerializer,
    responses={201: CommentSerializer, **refusals(400, 401, 403, 404, 409, 413, 415, 429)},
)
@api_view(["GET", "POST"])
def thread(request: Request, game_id: int) -> Response:
    found = find_game(game_id, request.user)
    if request.method == "GET":
        query = CommentQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        if not found.is_over:
            return Response([])  # nothing is commented on before the game ends
        if not comments.may_read(found, request.user):
            raise exceptions.PermissionDenied(comments.why_not_write(found, request.user) or "")
        readable = comments.comments_for(found, request.user, query.validated_data.get("seq"))
        return Response([shown(comment) for comment in readable])
    form = WriteCommentSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    data = form.validated_data
    try:
        written = comments.write(found, request.user, data["seq"], data["text"])
    except chat.TooMany as refusal:
        raise exceptions.Throttled(refusal.wait, refusal.message) from None
    return Response(shown(written), status=status.HTTP_201_CREATED)


class DeletedSerializer(serializers.Serializer):
    deleted = serializers.BooleanField(help_text="The comment is gone from its thread.")


@extend_schema(
    methods=["PATCH"],
    operation_id="games_comments_update",
    summary="Edit your comment",
    request=CommentTextSerializer,
    responses={200: CommentSerializer, **refusals(400, 401, 403, 404, 409, 413, 415, 429)},
)
@extend_schema(
    methods=["DELETE"],
    operation_id="games_comments_destroy",
    summary="Delete your comment",
    request=None,
    responses={200: DeletedSerializer, **refusals(401, 403, 404)},
)
@api_view(["PATCH", "DELETE"])
def one_comment(request: Request, game_id: int, comment_id: int) -> Response:
    found = find_game(game_id, request.user)
    own = comments.find(found, comment_id)
    if request.method == "DELETE":
        comments.delete(own, request.user)
        return Response({"deleted": True})
    form = CommentTextSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    try:
        edited = comments.edit(own, request.user, form.validated_data["text"])
    except chat.TooMany as refusal:
        raise exceptions.Throttled(refusal.wait, refusal.message) from None
    return Response(shown(edited))
