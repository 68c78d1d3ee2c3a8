"""What the games say, in the reader's language: a sentence a rules module told as a
`games.texts.Text` (or stored in its language-free form) rendered with the site's catalogues
in the active language; plain text, as it is.

Pages, the API and emails run with their reader's language active (the request's, or the
recipient's for mail), so reading a line through here is all it takes.
"""

from __future__ import annotations

from django.utils import translation

from games.texts import Text


def in_active_language(told: str) -> str:
    """A sentence as the active language says it (English where no translation exists)."""
    return told.translated(translation) if isinstance(told, Text) else str(told)


def stored_in_active_language(text: str, message: dict | None) -> str:
    """A stored line (its English `text`, its language-free `message` or None) as the active
    language says it."""
    if not message:
        return text
    return Text.from_data(message).translated(translation)


def language_free(told: str) -> dict | None:
    """The language-free form of a sentence, or None for plain text."""
    return told.as_data() if isinstance(told, Text) else None
