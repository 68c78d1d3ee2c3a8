"""The rules library: pure Python, one module (or package) per game, no Django.

Usage: `rules = games.get("gazobu")`, then the contract of ../shared/DESIGN.md.
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
