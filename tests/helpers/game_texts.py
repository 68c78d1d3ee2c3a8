"""Checks on what the games say in Polish and Czech (games/texts.py): which sentences of a
told Text the catalogues lack, and the Text rendered as a reader of that language reads it."""

from __future__ import annotations

import functools
from pathlib import Path

from babel.messages.pofile import read_po
from django.utils import translation

from games.texts import Text
from tabletop.play import texts

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("pl", "cs")


@functools.cache
def catalogue_ids(language: str) -> frozenset[tuple[str | None, str]]:
    """(context, msgid) of every entry the language's catalogue translates."""
    path = ROOT / "tabletop" / "locale" / language / "LC_MESSAGES" / "django.po"
    with path.open("rb") as po:
        found = read_po(po, locale=language)
    return frozenset(
        (m.context, m.id[0] if isinstance(m.id, tuple) else m.id)
        for m in found
        if m.id
        and all(
            str(form).strip() for form in (m.string if isinstance(m.string, tuple) else (m.string,))
        )
    )


def untranslated(told: str, language: str) -> list[str]:
    """The message ids in `told` (and its parameters) that the catalogue lacks; a plain str
    (not told through games.texts) is itself untranslated."""
    if not isinstance(told, Text):
        return [str(told)]
    missing = []
    if (told.context, told.msgid) not in catalogue_ids(language):
        missing.append(told.msgid)
    for value in told.params.values():
        if isinstance(value, Text):
            missing += untranslated(value, language)
    return missing


def read_in(told: str, language: str) -> str:
    """`told` as a reader of `language` reads it on a page or in an email."""
    with translation.override(language):
        return texts.in_active_language(told)
