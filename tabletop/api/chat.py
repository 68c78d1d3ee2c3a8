"""The API's table talk (`games/{id}/chat/`) and private note (`games/{id}/note/`).

The talk is answered as the game's page shows it to the same reader: its players read it
during the game, anyone once the game is over. A note is its author's alone.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import exceptions, serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tabletop.api.views import find_game, refusals
from tabletop.play import chat, notes
from tabletop.play.models import ChatMessage, Move, Note

SOURCES = [Move.Source.WEB, Move.Source.API, Move.Source.EMAIL]


# What play.chat.clean keeps of a message must not be empty: at least one character that is
# no whitespace, control character or bidi control (and no NUL anywhere, which DRF refuses).
# The schema says so, as `pattern`, for clients and schemathesis. (Half surrogate pairs, which
# clean drops too, are left out: the JSON parser refuses them first, and Rust's regex, with
# which schemathesis checks patterns, takes no surrogates in a class.)
SAYS_SOMETHING = r"^[^\x00]*[^\s\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069][^\x00]*$"


@extend_schema_field({"type": "string", "minLength": 1, "pattern": SAYS_SOMETHING})
class TalkField(serializers.CharField):
    """A line of table talk; play.chat refuses one with nothing left to say, in its words."""


class SaySerializer(serializers.Serializer):
    # Whitespace is trimmed by play.chat, after the length is checked here as sent: a body the
    # schema calls too long is refused, whatever it would come to once trimmed.
    text = TalkField(
        max_length=ChatMessage.MAX_LENGTH,
        trim_whitespace=False,
        help_text="Plain text, one line; control characters are dropped, whitespace trimmed.",
    )


class ChatMessageSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seat = serializers.IntegerField()
    player = serializers.CharField()
    text = serializers.CharField(allow_blank=True, help_text="What was said; empty when `hidden`.")
    hidden = serializers.BooleanField(
        help_text="The text is kept from you: a moderator hid the line (the record keeps its "
        "place), or a player you blocked said it."
    )
    at_seq = serializers.IntegerField(
        help_text="The game's seq when it was said: it comes after that move in the record."
    )
    source = serializers.ChoiceField(choices=SOURCES, help_text="Where it was said.")
    created = serializers.DateTimeField()


class NoteSerializer(serializers.Serializer):
    text = serializers.CharField(
        max_length=Note.MAX_LENGTH,
        allow_blank=True,
        trim_whitespace=False,
        help_text="Your note; an empty one clears it. Nobody else ever reads it.",
    )
    updated = serializers.DateTimeField(
        read_only=True, allow_null=True, help_text="When it was last saved; null if never."
    )


def said(message: ChatMessage) -> dict:
    return {
        "id": message.pk,
        "seat": message.seat,
        "player": message.user.get_username(),
        "text": "" if message.hidden else message.text,
        "hidden": bool(message.hidden) or getattr(message, "muted", False),
        "at_seq": message.at_seq,
        "source": message.source,
        "created": message.created,
    }


@extend_schema(
    methods=["GET"],
    operation_id="games_chat_list",
    summary="The table talk as you may read it (players: during the game; anyone: once over)",
    responses={200: ChatMessageSerializer(many=True), **refusals(401, 404)},
)
@extend_schema(
    methods=["POST"],
    operation_id="games_chat_create",
    summary="Say something at the table (players only); it changes nothing in the game",
    request=SaySerializer,
    responses={201: ChatMessageSerializer, **refusals(400, 401, 403, 404, 409, 413, 415, 429)},
)
@api_view(["GET", "POST"])
def talk(request: Request, game_id: int) -> Response:
    found = find_game(game_id, request.user)
    if request.method == "GET":
        readable = chat.messages_for(found, found.seat_of(request.user), request.user)
        return Response([said(m) for m in readable])
    form = SaySerializer(data=request.data)
    form.is_valid(raise_exception=True)
    try:
        message = chat.post(found, request.user, form.validated_data["text"], Move.Source.API)
    except chat.TooMany as refusal:
        raise exceptions.Throttled(refusal.wait, refusal.message) from None
    return Response(said(message), status=status.HTTP_201_CREATED)


@extend_schema(
    methods=["GET"],
    operation_id="games_note_retrieve",
    summary="Your private note on a game you play",
    responses={200: NoteSerializer, **refusals(401, 403, 404)},
)
@extend_schema(
    methods=["PUT"],
    operation_id="games_note_update",
    summary="Replace your private note on a game you play",
    request=NoteSerializer,
    responses={200: NoteSerializer, **refusals(400, 401, 403, 404, 413, 415)},
)
@api_view(["GET", "PUT"])
@permission_classes([IsAuthenticated])
def note(request: Request, game_id: int) -> Response:
    found = find_game(game_id, request.user)
    if request.method == "PUT":
        form = NoteSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        kept = notes.keep(found, request.user, form.validated_data["text"])
        return Response({"text": kept.text, "updated": kept.updated})
    text = notes.note_of(found, request.user)
    updated = Note.objects.filter(game=found, user=request.user).values_list("updated", flat=True)
    return Response({"text": text, "updated": updated.first()})
