"""JSON written by someone else (an API body, a move posted from a page), read within limits.

Python's json module recurses once per bracket: a body of a few thousand brackets ends in a
RecursionError, a server error, before any check of ours runs, and one just under that leaves
too little stack for the code that walks the result. No move, game option or log-in form nests
more than a few levels, so text nested deeper than MAX_DEPTH is refused before it is parsed.

JSON may also escape half of a UTF-16 surrogate pair ("\\ud800"): Python reads it into a
string that cannot be written out as UTF-8 again, so answering with it (or storing it) fails.
Such text is refused too.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 32

# A JSON string literal (brackets inside one do not nest anything), and a run of anything
# that is not a bracket.
STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
NOT_A_BRACKET = re.compile(r"[^\[\]{}]+")
ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


class TooDeep(ValueError):
    def __init__(self, limit: int):
        super().__init__(
            f"The JSON nests more than {limit} levels deep; "
            f"no move, option or form of this service nests that deep."
        )


class LoneSurrogate(ValueError):
    def __init__(self):
        super().__init__("The JSON escapes half a surrogate pair (\\ud800 to \\udfff): not text.")


def nesting_depth(text: str, stop_above: int | None = None) -> int:
    """The deepest nesting of arrays and objects in `text`; counting stops above `stop_above`."""
    brackets = NOT_A_BRACKET.sub("", STRING.sub("", text))
    depth = deepest = 0
    for bracket in brackets:
        if bracket in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if stop_above is not None and deepest > stop_above:
                    break
        else:
            depth -= 1
    return deepest


def check_depth(text: str, limit: int = MAX_DEPTH) -> None:
    if nesting_depth(text, stop_above=limit) > limit:
        raise TooDeep(limit)


def loads(text: str | bytes, limit: int = MAX_DEPTH, **kwargs: Any) -> Any:
    """`json.loads`, refusing text nested deeper than `limit` (TooDeep) and strings that are
    not text (LoneSurrogate); both are ValueErrors, as json's own complaints are."""
    if isinstance(text, bytes | bytearray):
        text = text.decode()
    check_depth(text, limit)
    value = json.loads(text, **kwargs)
    if ESCAPED_SURROGATE.search(text):
        check_text(value)
    return value


def check_text(value: Any) -> None:
    """Raise LoneSurrogate if a string in `value` (a key too) cannot be written as UTF-8."""
    try:
        json.dumps(value, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        raise LoneSurrogate() from None
