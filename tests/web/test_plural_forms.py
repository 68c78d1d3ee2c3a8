"""Every plural entry of the catalogues has every form its language has: Polish four (one,
few, many, and fractions), Czech three (one, few, many: "2–4 hráči", "5 hráčů")."""

from __future__ import annotations

import pytest
from babel.messages.pofile import read_po

from tests.web.test_languages import ROOT


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_every_plural_entry_has_every_form_its_language_has(language):
    path = ROOT / "tabletop" / "locale" / language / "LC_MESSAGES" / "django.po"
    with path.open("rb") as po:
        # A form past the header's count is refused here; a missing one reads as empty.
        catalogue = read_po(po, locale=language, abort_invalid=True)
    assert catalogue.num_plurals == {"pl": 4, "cs": 3}[language]
    short = [
        message.id
        for message in catalogue
        if isinstance(message.id, tuple) and not all(form.strip() for form in message.string)
    ]
    assert short == []
