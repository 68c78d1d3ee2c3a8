"""Every refusal the API gives has one shape: {"detail": "...", ...} (ErrorSerializer).

DRF answers most errors so already; a refused form (ValidationError) becomes a sentence in
`detail` with the per-field messages kept under `errors`, and the store's refusals carry their
context (`current_seq`, `legal`) beside the detail, with the HTTP status they name.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler

from tabletop.play import store


class BodyTooLarge(exceptions.APIException):
    status_code = 413
    default_detail = "The request body is too large."
    default_code = "too_large"


def refusal(error: store.Refused) -> Response:
    return Response({"detail": error.message, **error.context}, status=error.status)


def handle_exception(exc: Exception, context: dict) -> Response | None:
    """REST_FRAMEWORK's EXCEPTION_HANDLER."""
    if isinstance(exc, store.Refused):
        return refusal(exc)
    # Django's own limits on what it reads of a request; left alone they become an HTML 400.
    if isinstance(exc, RequestDataTooBig):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        exc = BodyTooLarge(f"The request body is larger than {limit} bytes.")
    elif isinstance(exc, TooManyFieldsSent | TooManyFilesSent):
        exc = exceptions.ParseError(str(exc))
    response = exception_handler(exc, context)
    if response is not None and isinstance(exc, exceptions.ValidationError):
        errors = exc.detail
        if not isinstance(errors, dict):
            errors = {api_settings.NON_FIELD_ERRORS_KEY: errors}
        response.data = {"detail": " ".join(messages(errors)), "errors": errors}
    return response


def messages(errors: Any, field: str = "") -> Iterator[str]:
    """Each message of a (nested) DRF error structure, led by the field it is about."""
    if isinstance(errors, dict):
        for name, nested in errors.items():
            inner = "" if name == api_settings.NON_FIELD_ERRORS_KEY else str(name)
            yield from messages(nested, f"{field}.{inner}" if field and inner else field or inner)
    elif isinstance(errors, list):
        for nested in errors:
            yield from messages(nested, field)
    else:
        yield f"{field}: {errors}" if field else str(errors)
