"""The words a Gazobu move is written with, in each language the site speaks: what the parser
reads (folded: lower case, diacritics stripped, so "Weź", "wez" and "WEZ" are one word).

Every word means one thing in every language at once, since a line is read without knowing
its writer's language: "nic" (nothing) draws in Polish and in Czech alike.
"""

from __future__ import annotations

import unicodedata

# The verb of each kind of move, the English first ("t1", "p2": glued to the column too).
TAKE = {
    "en": {"take", "t"},
    "pl": {"wez", "bierz", "biore", "zabierz"},
    "cs": {"vezmi", "vem", "ber", "beru", "seber"},
}
PLACE = {
    "en": {"place", "put", "p"},
    "pl": {"poloz", "kladz", "klade", "daj", "doloz"},
    "cs": {"poloz", "polozit", "dej", "pokladam"},
}
# "draw", with "2" or "two" after it or alone.
DRAW = {
    "en": {"draw"},
    "pl": {"dobierz", "dobieram", "dobrac"},
    "cs": {"dober", "dobrat", "dobiram", "lizni", "liznout"},
}
TWO = {"2", "two", "dwie", "dwa", "dve", "dva"}
# Whole lines (spaces left out) that take no column.
NO_TAKE = {
    "en": {"draw", "d", "no", "none", "pass", "notake", "dontake", "donttake", "takenone", "skip"},
    "pl": {"dobierz", "pas", "pasuje", "nic", "niebiore", "bezkolumny", "zadnej"},
    "cs": {"dober", "dobrat", "pas", "nic", "neberu", "bezsloupce", "zadny"},
}
# Words a line may hold that mean nothing to the parser.
FILLER = {
    "en": {"column", "col", "under", "on", "to", "the", "in", "into", "card", "a", "my"},
    "pl": {"kolumna", "kolumne", "kolumny", "kolumnie", "kol", "pod", "na", "do", "karta", "karte"},
    "cs": {"sloupec", "sloupce", "sloupci", "sl", "pod", "na", "do", "karta", "kartu", "karty"},
}
# The cards' names beside the catalogues' (which the parser reads too): short and spoken forms.
CARDS = {
    "pl": {
        "dziura": "black-hole",
        "czarnadziura": "black-hole",
        "potwor": "extra-monster",
        "dodatkowy": "extra-monster",
        "dodatkowypotwor": "extra-monster",
        "mnoznik": "multiplier-any",
        "mnoznikdowolny": "multiplier-any",
        "mnoznikgazobu": "multiplier-gazobu",
        "mnoznikblob": "multiplier-blob",
        "mnoznikyoo": "multiplier-yoo",
    },
    "cs": {
        "dira": "black-hole",
        "cernadira": "black-hole",
        "prisera": "extra-monster",
        "extraprisera": "extra-monster",
        "nasobic": "multiplier-any",
        "nasobiclibovolny": "multiplier-any",
        "nasobicgazobu": "multiplier-gazobu",
        "nasobicblob": "multiplier-blob",
        "nasobicyoo": "multiplier-yoo",
    },
}
# The catalogues' names of the cards as moves and as cards (tabletop/locale), which the parser
# reads back exactly as it reads "black-hole" or "black hole".
TRANSLATED_CARDS = {
    "pl": {
        "black-hole": ("czarna-dziura", "czarna dziura"),
        "extra-monster": ("dodatkowy-potwór", "dodatkowy potwór"),
        "multiplier-gazobu": ("mnożnik-gazobu", "mnożnik x2 Gazobu"),
        "multiplier-blob": ("mnożnik-blob", "mnożnik x2 Blob"),
        "multiplier-yoo": ("mnożnik-yoo", "mnożnik x2 Yoo"),
        "multiplier-any": ("mnożnik-dowolny", "mnożnik x2 Gazobu, Blob lub Yoo"),
    },
    "cs": {
        "black-hole": ("černá-díra", "černá díra"),
        "extra-monster": ("extra-příšera", "extra příšera"),
        "multiplier-gazobu": ("násobič-gazobu", "násobič x2 Gazobu"),
        "multiplier-blob": ("násobič-blob", "násobič x2 Blob"),
        "multiplier-yoo": ("násobič-yoo", "násobič x2 Yoo"),
        "multiplier-any": ("násobič-libovolný", "násobič x2 Gazobu, Blob nebo Yoo"),
    },
}


def every(words: dict[str, set[str]]) -> set[str]:
    return set().union(*words.values())


def folded(text: str) -> str:
    """Lower case without diacritics: "Połóż" -> "poloz", "Černá" -> "cerna"."""
    text = str(text).lower().replace("ł", "l")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
