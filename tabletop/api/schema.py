"""What drf-spectacular cannot see of the API's rules, told in the OpenAPI schema.

SPECTACULAR_SETTINGS' POSTPROCESSING_HOOKS run `tell_what_text_may_hold` on the finished
schema, so that a client generated from it, and schemathesis, send only what the API takes.
"""

from __future__ import annotations

from typing import Any

# DRF's CharField refuses a NUL character in any text it reads (ProhibitNullCharactersValidator).
NO_NUL = "^[^\\x00]*$"


def tell_what_text_may_hold(result: dict, generator, request, public: bool) -> dict:
    """Every string a request body carries is free of NUL characters, as DRF requires."""
    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Request"):
            for field in component.get("properties", {}).values():
                refuse_nul(field)
    return result


def refuse_nul(field: dict[str, Any]) -> None:
    if field.get("type") == "string" and not ({"enum", "format", "pattern"} & set(field)):
        field["pattern"] = NO_NUL
    if field.get("type") == "array" and isinstance(field.get("items"), dict):
        refuse_nul(field["items"])
