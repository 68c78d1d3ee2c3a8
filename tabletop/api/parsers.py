"""How the API reads a JSON body: through tabletop.play.jsontext, within its limits."""

from __future__ import annotations

from rest_framework import exceptions, parsers
from rest_framework.utils import json

from tabletop.play import jsontext


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, but a body nested deeper than jsontext.MAX_DEPTH, or one that escapes
    half a surrogate pair, is a 400 that says so (never a RecursionError, never a 500).

    (DRF reads the body through request.body, so Django's DATA_UPLOAD_MAX_MEMORY_SIZE limits
    its size first; errors.handle_exception answers that with a 413.)
    """

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = parsers.get_encoding(parser_context or {})
        try:
            text = stream.read().decode(encoding)
            strict = json.strict_constant if self.strict else None
            return jsontext.loads(text, parse_constant=strict)
        except jsontext.TooDeep as error:
            raise exceptions.ParseError(str(error)) from None
        except ValueError as error:
            raise exceptions.ParseError(f"JSON parse error - {error}") from None
