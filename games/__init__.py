"""The rules library: pure Python, one module (or package) per game, no Django.

Usage: `rules = games.get("gazobu")`, then the contract of ../shared/DESIGN.md.

Languages: a game tells every sentence a player reads (`describe`, `format_move`, its
`IllegalMove` reasons, `view_text`, its score explained) through `games.texts` (`tell`,
`tell_plural`, `word`, `joined`). The result is a `Text`, a str whose value is the English
sentence, so the calls above answer in English when called as written; the service reads its
message id and parameters and renders it in the reader's language with its own catalogues.
`parse_move` reads the words of the game's moves in Polish and Czech beside the English ones,
and never one line as two different legal moves in any of them.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from games.base import (
    EVERYONE,
    LATEST_RANDOM_SCHEME,
    Explanation,
    IllegalMove,
    Outcome,
    RandomStream,
    Rng,
    Viewer,
    canonical,
    reveals,
    seed_digest,
    setup_at,
    step_rng,
    supported_versions,
)

__all__ = [
    "EVERYONE",
    "Explanation",
    "LATEST_RANDOM_SCHEME",
    "IllegalMove",
    "RandomStream",
    "Outcome",
    "Rng",
    "Viewer",
    "all",
    "canonical",
    "reveals",
    "get",
    "seed_digest",
    "setup_at",
    "slugs",
    "step_rng",
    "supported_versions",
]

_SLUGS = ("gazobu", "dos", "dr_gomb", "buttons", "dr_hrubec")


def slugs() -> tuple[str, ...]:
    return _SLUGS


def get(slug: str) -> ModuleType:
    """The rules module for `slug`; KeyError names the games that exist."""
    if slug not in _SLUGS:
        raise KeyError(f"No game {slug!r}; the games are: {', '.join(_SLUGS)}.")
    return importlib.import_module(f"games.{slug}")


def all() -> list[ModuleType]:  # noqa: A001 - the contract names it so
    return [get(slug) for slug in _SLUGS]
