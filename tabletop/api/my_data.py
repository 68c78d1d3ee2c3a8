"""`me/export/`: everything the service holds about the player, as one JSON document (the
same file as the settings page's download; tabletop/accounts/my_data.py writes it)."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from tabletop.accounts.my_data import file_name, my_data
from tabletop.api.views import refusals


@extend_schema(
    operation_id="me_export_retrieve",
    summary="Everything held about you: account, preferences, channels, games as your seat "
    "reads them, talk, notes, invitations, ratings",
    responses={200: OpenApiTypes.OBJECT, **refusals(401)},
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def export(request: Request) -> Response:
    disposition = f'attachment; filename="{file_name(request.user)}"'
    return Response(my_data(request.user), headers={"Content-Disposition": disposition})
