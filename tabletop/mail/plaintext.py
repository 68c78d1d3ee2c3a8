"""Game data as plain text for email: a view or a score breakdown as an indented outline.

The rules hand us JSON data, not prose; an outline of it reads well enough in any mail
client and needs nothing from the game.
"""

from __future__ import annotations

from typing import Any

INDENT = "  "


def label(key: Any) -> str:
    return str(key).replace("_", " ")


def scalar(value: Any) -> str:
    if value is None:
        return "-"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def is_flat(value: Any) -> bool:
    return not isinstance(value, dict | list) or (
        isinstance(value, list) and all(not isinstance(item, dict | list) for item in value)
    )


def flat(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(scalar(item) for item in value) if value else "none"
    return scalar(value)


def outline(value: Any, depth: int = 0) -> list[str]:
    pad = INDENT * depth
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if is_flat(item):
                lines.append(f"{pad}{label(key)}: {flat(item)}")
            else:
                lines.append(f"{pad}{label(key)}:")
                lines.extend(outline(item, depth + 1))
        return lines
    if isinstance(value, list):
        lines = []
        for item in value:
            if is_flat(item):
                lines.append(f"{pad}- {flat(item)}")
            else:
                inner = outline(item, depth + 1)
                lines.append(f"{pad}- {inner[0].strip()}" if inner else f"{pad}-")
                lines.extend(inner[1:])
        return lines
    return [f"{pad}{scalar(value)}"]


def as_text(value: Any) -> str:
    return "\n".join(outline(value))
