"""`me/export/`: everything the service holds about the player, as one JSON document (the
same file as the settings page's download; tabletop/accounts/my_data.py writes it)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tabletop.accounts.my_data import file_name, my_data
from tabletop.api.views import refusals


def records(what: str) -> serializers.ListField:
    return serializers.ListField(child=serializers.DictField(), help_text=what)


class MyDataSerializer(serializers.Serializer):
    exported = serializers.DateTimeField(help_text="When this document was written.")
    account = serializers.DictField(
        help_text="Your name, address(es), when you joined and last logged in; whether you "
        "have an API token (never the token)."
    )
    preferences = serializers.DictField(help_text="Your settings, as the settings page has them.")
    channels = serializers.DictField(help_text="Your webhook and the browsers you subscribed.")
    games = records(
        "Every game you sat at: the position your seat sees and its log as told to your seat "
        "(to everyone alike once it is over)."
    )
    talk = records("What you said at tables.")
    comments = records("Your comments on the steps of finished games.")
    notes = records("Your private notes on games.")
    invitations_received = records("Invitations to you.")
    invitations_sent = records("Invitations you sent.")
    table_webhooks = records("The tables' webhooks you set.")
    ratings = records("Your rating at each game.")
    rating_changes = records("What each rated game did to your rating.")
    placings = records("Where you finished in each finished game.")


@extend_schema(
    operation_id="me_export_retrieve",
    summary="Everything held about you: account, preferences, channels, games as your seat "
    "reads them, talk, notes, invitations, ratings",
    responses={200: MyDataSerializer, **refusals(401)},
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def export(request: Request) -> Response:
    disposition = f'attachment; filename="{file_name(request.user)}"'
    return Response(my_data(request.user), headers={"Content-Disposition": disposition})
