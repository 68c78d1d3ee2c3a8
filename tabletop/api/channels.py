"""The API's channel settings: `me/preferences/` (which events reach the player by email,
webhook or browser notification, their webhook, their calendar feed) and a table's webhooks
(`games/{id}/webhooks/`, and `games/{id}/webhook/` as before). These only say who is told;
a change to a table's webhooks is also a line of its log, which mail has the store write.
"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tabletop.accounts import channels, links, public_urls
from tabletop.accounts.models import (
    CHANNELS,
    EVENTS,
    NO_CHANNEL,
    PlayerWebhook,
    Preferences,
    Webhook,
)
from tabletop.api.views import find_game, refusals
from tabletop.mail import outgoing, push
from tabletop.mail.models import TableWebhook


class WebhookSerializer(serializers.Serializer):
    url = serializers.CharField(
        max_length=1000,
        allow_blank=True,
        help_text="An http(s) URL on a public host; empty removes the webhook.",
    )
    format = serializers.ChoiceField(
        choices=Webhook.Format.values, default=Webhook.Format.JSON, help_text="The body's shape."
    )


class WebhookStateSerializer(serializers.Serializer):
    url = serializers.CharField()
    format = serializers.ChoiceField(choices=Webhook.Format.values)
    secret = serializers.CharField(
        help_text="Signs the JSON format's X-Tabletop-Signature (see the README)."
    )
    active = serializers.BooleanField(help_text="False once switched off for failing.")
    failures = serializers.IntegerField(help_text="Events given up in a row.")
    last_error = serializers.CharField()


def channel_grid_field(**kwargs) -> serializers.DictField:
    return serializers.DictField(
        child=serializers.DictField(child=serializers.BooleanField()),
        help_text="{event: {channel: on}}; events: " + ", ".join(EVENTS) + "; channels: "
        + ", ".join(CHANNELS) + " (table talk has no email: the next turn email tells it).",
        **kwargs,
    )  # fmt: skip


class PreferencesSerializer(serializers.Serializer):
    channels = channel_grid_field()
    webhook = WebhookStateSerializer(allow_null=True)
    push_available = serializers.BooleanField(
        help_text="Whether this site sends browser notifications (it has VAPID keys)."
    )
    push_browsers = serializers.IntegerField(help_text="Your browsers subscribed to them.")
    calendar_url = serializers.CharField(
        help_text="Your private calendar feed (.ics) of deadlines; its address is a secret."
    )


class PreferencesChangeSerializer(serializers.Serializer):
    channels = channel_grid_field(required=False)
    webhook = WebhookSerializer(required=False, allow_null=True)

    def validate_channels(self, chosen: dict) -> dict:
        for event, by_channel in chosen.items():
            if event not in EVENTS:
                raise serializers.ValidationError(
                    f"There is no event {event!r}; the events are {', '.join(EVENTS)}."
                )
            for channel in by_channel:
                if channel not in CHANNELS:
                    raise serializers.ValidationError(
                        f"There is no channel {channel!r}; the channels are {', '.join(CHANNELS)}."
                    )
                if (event, channel) in NO_CHANNEL:
                    raise serializers.ValidationError(
                        "Table talk has no email of its own: your next turn email tells it."
                    )
        return chosen


def webhook_state(hook: Webhook | None) -> dict | None:
    if hook is None:
        return None
    return {
        "url": hook.url,
        "format": hook.format,
        "secret": hook.secret,
        "active": hook.active,
        "failures": hook.failures,
        "last_error": hook.last_error,
    }


def calendar_url(preferences: Preferences) -> str:
    return links.absolute(reverse("calendar-feed", args=[preferences.calendar_secret()]))


def preferences_of(user) -> dict:
    preferences, _ = Preferences.objects.get_or_create(user=user)
    return {
        "channels": preferences.channels(),
        "webhook": webhook_state(PlayerWebhook.objects.filter(user=user).first()),
        "push_available": push.available(),
        "push_browsers": user.push_subscriptions.count(),
        "calendar_url": calendar_url(preferences),
    }


@extend_schema(
    methods=["GET"],
    operation_id="me_preferences_retrieve",
    summary="Which events reach you on which channel; your webhook and calendar feed",
    responses={200: PreferencesSerializer, **refusals(401)},
)
@extend_schema(
    methods=["PATCH"],
    operation_id="me_preferences_partial_update",
    summary="Turn channels on or off per event, set or remove your webhook",
    request=PreferencesChangeSerializer,
    responses={200: PreferencesSerializer, **refusals(400, 401, 413, 415)},
)
@api_view(["GET", "PATCH"])
@permission_classes([IsAuthenticated])
def preferences(request: Request) -> Response:
    if request.method == "PATCH":
        form = PreferencesChangeSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        change(request.user, form.validated_data)
    return Response(preferences_of(request.user))


def change(user, data: dict) -> None:
    if "webhook" in data:
        hook = data["webhook"] or {"url": ""}
        try:
            channels.set_webhook(user, hook["url"], hook.get("format", Webhook.Format.JSON))
        except (ValueError, public_urls.NotPublic) as problem:
            raise serializers.ValidationError({"webhook": [str(problem)]}) from None
    if data.get("channels"):
        preferences, _ = Preferences.objects.get_or_create(user=user)
        changed = preferences.set_channels(data["channels"])
        preferences.save(update_fields=changed)


# ---------------------------------------------------------------------------- a table's webhooks

# A table may hear several webhooks, one per player who set one (`games/{id}/webhooks/` and
# `.../webhooks/{webhook_id}/`). `games/{id}/webhook/`, from when a table had one, answers for
# the caller's own, else the table's first: PUT there sets or replaces the caller's own, and
# changes another's only for its owner or the table's creator (403, saying so, for anyone else).


class TableWebhookSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="Its address: /api/games/{game_id}/webhooks/{id}/.")
    owner = serializers.CharField(
        help_text="Whose it is: only they or the table's creator change or remove it."
    )
    set_by = serializers.CharField(help_text="Who set its address last.")
    format = serializers.ChoiceField(choices=Webhook.Format.values)
    active = serializers.BooleanField()
    url = serializers.CharField(
        required=False, help_text="Shown to its owner and to who set it only."
    )
    secret = serializers.CharField(
        required=False, help_text="Shown to its owner and to who set it only."
    )


class RemovedSerializer(serializers.Serializer):
    removed = serializers.BooleanField(help_text="Whether there was a webhook to remove.")


def table_webhook_state(hook: TableWebhook, user) -> dict:
    shown = {
        "id": hook.pk,
        "owner": hook.owner.get_username(),
        "set_by": hook.set_by.get_username(),
        "format": hook.format,
        "active": hook.active,
    }
    if user.pk in (hook.owner_id, hook.set_by_id):
        shown.update(url=hook.url, secret=hook.secret)
    return shown


def the_webhook_of(game, user) -> TableWebhook | None:
    """What `games/{id}/webhook/` answers for: the caller's own, else the table's first."""
    return outgoing.own_table_webhook(game, user) or (outgoing.table_webhooks(game) or [None])[0]


@extend_schema(
    methods=["GET"],
    operation_id="games_webhook_retrieve",
    summary="Your webhook for the table, else the table's first (its seated players only)",
    responses={200: TableWebhookSerializer, **refusals(401, 403, 404)},
)
@extend_schema(
    methods=["PUT"],
    operation_id="games_webhook_update",
    summary="Set or replace your webhook for the table: its turns, reminders, talk and end, "
    "for everyone to read (another player's only if you created the table)",
    request=WebhookSerializer,
    responses={200: TableWebhookSerializer, **refusals(400, 401, 403, 404, 409, 413, 415)},
)
@extend_schema(
    methods=["DELETE"],
    operation_id="games_webhook_destroy",
    summary="Remove your webhook for the table (another player's only if you created the table)",
    responses={200: RemovedSerializer, **refusals(401, 403, 404, 409)},
)
@api_view(["GET", "PUT", "DELETE"])
@permission_classes([IsAuthenticated])
def table_webhook(request: Request, game_id: int) -> Response:
    found = find_game(game_id, request.user)
    outgoing.refuse_unless_seated(found, request.user)
    hook = the_webhook_of(found, request.user)
    if request.method == "GET" and hook is None:
        raise exceptions.NotFound("This table has no webhook.")
    try:
        return answer_for_webhook(request, found, hook)
    except outgoing.NotYours as refusal:
        raise exceptions.PermissionDenied(
            f"{refusal.message} To add yours: POST /api/games/{game_id}/webhooks/."
        ) from None


@extend_schema(
    methods=["GET"],
    operation_id="games_webhooks_list",
    summary="The table's webhooks, oldest first (its seated players only)",
    responses={200: TableWebhookSerializer(many=True), **refusals(401, 403, 404)},
)
@extend_schema(
    methods=["POST"],
    operation_id="games_webhooks_create",
    summary="Add your webhook for the table (or replace yours): a table may hear several",
    request=WebhookSerializer,
    responses={
        200: TableWebhookSerializer,
        201: TableWebhookSerializer,
        **refusals(400, 401, 403, 404, 409, 413, 415),
    },
)
@api_view(["GET", "POST"])
@permission_classes([IsAuthenticated])
def table_webhooks(request: Request, game_id: int) -> Response:
    found = find_game(game_id, request.user)
    outgoing.refuse_unless_seated(found, request.user)
    if request.method == "GET":
        return Response(
            [table_webhook_state(hook, request.user) for hook in outgoing.table_webhooks(found)]
        )
    had_one = outgoing.own_table_webhook(found, request.user) is not None
    form = WebhookSerializer(data=request.data)
    form.is_valid(raise_exception=True)
    hook = outgoing.set_table_webhook(
        found, request.user, form.validated_data["url"], form.validated_data["format"], source="api"
    )
    return Response(table_webhook_state(hook, request.user), status=200 if had_one else 201)


@extend_schema(
    methods=["GET"],
    operation_id="games_webhooks_retrieve",
    summary="One of the table's webhooks (its seated players only)",
    responses={200: TableWebhookSerializer, **refusals(401, 403, 404)},
)
@extend_schema(
    methods=["PUT"],
    operation_id="games_webhooks_update",
    summary="Change one of the table's webhooks (its owner or the table's creator only)",
    request=WebhookSerializer,
    responses={200: TableWebhookSerializer, **refusals(400, 401, 403, 404, 409, 413, 415)},
)
@extend_schema(
    methods=["DELETE"],
    operation_id="games_webhooks_destroy",
    summary="Remove one of the table's webhooks (its owner or the table's creator only)",
    responses={200: RemovedSerializer, **refusals(401, 403, 404, 409)},
)
@api_view(["GET", "PUT", "DELETE"])
@permission_classes([IsAuthenticated])
def one_table_webhook(request: Request, game_id: int, webhook_id: int) -> Response:
    found = find_game(game_id, request.user)
    outgoing.refuse_unless_seated(found, request.user)
    hook = TableWebhook.objects.filter(game=found, pk=webhook_id).first()
    if hook is None:
        raise exceptions.NotFound(f"This table has no webhook {webhook_id}.")
    return answer_for_webhook(request, found, hook)


def answer_for_webhook(request: Request, game, hook: TableWebhook | None) -> Response:
    """GET, PUT or DELETE on one webhook of the table (PUT with none: the caller's new one)."""
    if request.method == "DELETE":
        removed = hook is not None and outgoing.remove_table_webhook(
            game, request.user, hook, source="api"
        )
        return Response({"removed": removed})
    if request.method == "PUT":
        form = WebhookSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        hook = outgoing.set_table_webhook(
            game,
            request.user,
            form.validated_data["url"],
            form.validated_data["format"],
            hook,
            source="api",
        )
    return Response(table_webhook_state(hook, request.user))
