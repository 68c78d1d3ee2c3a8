"""Each game's one-line pitch, in the reader's language.

The rules library knows no Django, so its pitches (the first line of each game's docstring)
are English; the service's catalogues translate them here, keyed by the game's slug. A game
not in the table yet shows its docstring's line, in English, until it is added.
"""

from __future__ import annotations

import re
from types import ModuleType

from django.utils.translation import gettext_lazy

TAGLINES = {
    "gazobu": gettext_lazy("Gather the monsters the great cosmic vacuum cleaner scattered."),
    "dos": gettext_lazy("Match numbers against a growing centre row, shout DOS at two cards."),
    "dr_gomb": gettext_lazy(
        "Sew button sequences of one colour, each with exactly one odd one out."
    ),
    "buttons": gettext_lazy("Lay buttons from shared dice, opt out in time, collect stars."),
    "dr_hrubec": gettext_lazy(
        "Hire a team of crazy doctors, operate on crazy patients, close the hospital."
    ),
}


def tagline(rules: ModuleType) -> str:
    if rules.slug in TAGLINES:
        return str(TAGLINES[rules.slug])
    return docstring_pitch(rules)


def docstring_pitch(rules: ModuleType) -> str:
    """The pitch after the game's name on its docstring's first line, without the count of
    players (the page says that in its own words)."""
    first = (rules.__doc__ or "").strip().splitlines()[0] if rules.__doc__ else ""
    pitch = first.partition(": ")[2] or ""
    pitch = re.sub(r"\s*\(\d+ to \d+ players\)", "", pitch).strip()
    return pitch[:1].upper() + pitch[1:]
