"""The API's channel settings: `me/preferences/` (which events reach the player by email,
webhook or browser notification, their webhook, their calendar feed) and a table's webhook
(`games/{id}/webhook/`). Nothing here touches a game's log: these only say who is told.
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


# ---------------------------------------------------------------------------- a table's webhook


class TableWebhookSerializer(serializers.Serializer):
    set_by = serializers.CharField()
    format = serializers.ChoiceField(choices=Webhook.Format.values)
    active = serializers.BooleanField()
    url = serializers.CharField(required=False, help_text="Shown to the player who set it only.")
    secret = serializers.CharField(required=False, help_text="Shown to the player who set it.")


class RemovedSerializer(serializers.Serializer):
    removed = serializers.BooleanField(help_text="Whether there was a webhook to remove.")


def table_webhook_state(hook: TableWebhook, user) -> dict:
    shown = {"set_by": hook.set_by.get_username(), "format": hook.format, "active": hook.active}
    if hook.set_by_id == user.pk:
        shown.update(url=hook.url, secret=hook.secret)
    return shown


@extend_schema(
    methods=["GET"],
    operation_id="games_webhook_retrieve",
    summary="The table's webhook (its seated players only)",
    responses={200: TableWebhookSerializer, **refusals(401, 403, 404)},
)
@extend_schema(
    methods=["PUT"],
    operation_id="games_webhook_update",
    summary="Set the table's webhook: its turns, reminders, talk and end, for everyone to read",
    request=WebhookSerializer,
    responses={200: TableWebhookSerializer, **refusals(400, 401, 403, 404, 409, 413, 415)},
)
@extend_schema(
    methods=["DELETE"],
    operation_id="games_webhook_destroy",
    summary="Remove the table's webhook",
    responses={200: RemovedSerializer, **refusals(401, 403, 404)},
)
@api_view(["GET", "PUT", "DELETE"])
@permission_classes([IsAuthenticated])
def table_webhook(request: Request, game_id: int) -> Response:
    found = find_game(game_id, request.user)
    if request.method == "DELETE":
        return Response({"removed": outgoing.remove_table_webhook(found, request.user)})
    if request.method == "PUT":
        form = WebhookSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        hook = outgoing.set_table_webhook(
            found, request.user, form.validated_data["url"], form.validated_data["format"]
        )
        return Response(table_webhook_state(hook, request.user))
    outgoing.refuse_unless_seated(found, request.user)
    hook = TableWebhook.objects.filter(game=found).select_related("set_by").first()
    if hook is None:
        raise exceptions.NotFound("This table has no webhook.")
    return Response(table_webhook_state(hook, request.user))
