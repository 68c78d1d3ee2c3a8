"""The words a Dr. Gomb reply may use, in English, Polish and Czech: each read as the English
word the reader (notation.py) understands, so that "zagraj czerwoną 3 do niebieskiego ciągu"
and "zahrát červenou 3 do modré řady" read as "play red 3 to blue sequence".

Words are matched in lower case with their diacritics taken off ("czerwoną" and "CZERWONA"
alike), in every form a sentence may put them in. A reply is read in all three languages at
once (the reader does not know the sender's language), so no word may mean two things: the
tables are checked to agree (`VOCABULARY` is built refusing a clash).
"""

from __future__ import annotations

import unicodedata

# Polish and Czech adjectives take these endings (after the stem) in the forms the moves and
# the players use: -y/-a/-e, -ego/-ej/-emu/-ym/-ych/-a (ą), Czech -ý/-á/-é/-ého/-ou/-ém...
POLISH_ENDINGS = ("y", "i", "a", "e", "ie", "ego", "iego", "ej", "iej", "emu", "ym", "im", "ych")
POLISH_ENDINGS += ("ich", "ymi", "imi")
CZECH_ENDINGS = ("y", "a", "e", "eho", "emu", "ou", "ym", "ych", "ymi", "i")

POLISH_COLOURS = {
    "red": "czerwon",
    "green": "zielon",
    "blue": "niebiesk",
    "pink": "rozow",
    "yellow": "zolt",
}
CZECH_COLOURS = {
    "red": "cerven",
    "green": "zelen",
    "blue": "modr",
    "pink": "ruzov",
    "yellow": "zlut",
}

# Everything else, per language: the English word each stands for ("" = a word that says
# nothing the reader needs, like "the" or "card").
POLISH = {
    "draw": ("dobierz", "dobieram", "dobrac", "dobranie"),
    "take": ("wez", "biore", "wziac", "zabierz"),
    "play": ("zagraj", "zagrywam", "graj", "dolosz", "doloz"),
    "cover": ("przykryj", "przykrywam", "zakryj"),
    "discard": ("odrzuc", "odrzucam", "wyrzuc", "zrzuc"),
    "use": ("uzyj", "uzywam", "wykorzystaj"),
    "look": ("zajrzyj", "zagladam", "przejrzyj"),
    "break": ("zniszcz", "niszcz", "zepsuj", "usun"),
    "three": ("trzy", "trzech"),
    "pile": ("stos", "stosu", "stosie", "stosem"),
    "deck": ("talia", "talii", "talie", "talie"),
    "talon": ("talon", "talonu", "talonie"),
    "sequence": ("ciag", "ciagu", "ciagiem"),
    "joker": ("joker", "jokera", "jokerem", "dzoker", "dzokera", "gwiazdka", "gwiazdke"),
    "surprise": ("niespodzianka", "niespodzianke", "niespodzianki", "niespodzianka"),
    "broken": ("zepsuty", "zepsutego", "zepsutym", "zepsuta", "zepsuta"),
    "": (
        "do",
        "na",
        "z",
        "ze",
        "w",
        "we",
        "i",
        "oraz",
        "karta",
        "karte",
        "karty",
        "kart",
        "guzik",
        "guzika",
        "guzikiem",
        "moj",
        "moja",
        "moje",
        "mojego",
        "mojej",
        "swoj",
        "swoja",
        "swojego",
        "swojej",
    ),
}
CZECH = {
    "draw": ("dobrat", "dober", "doberu", "dobirat", "liznout", "lizni"),
    "take": ("vzit", "vezmi", "vezmu", "beru", "brat"),
    "play": ("zahrat", "zahraj", "zahraju", "hrat", "hraju", "pridat", "pridej"),
    "cover": ("zakryt", "zakryj", "prekryt", "prekryj"),
    "discard": ("odhodit", "odhod", "odhodim", "zahodit", "zahod"),
    "use": ("pouzit", "pouzij", "pouziju", "vyuzit"),
    "look": ("podivat", "podivej", "nahlednout", "nahledni"),
    "break": ("znicit", "znic", "zniceni", "rozbit", "rozbij"),
    "three": ("tri",),
    "pile": ("hromadka", "hromadku", "hromadky", "hromadce", "hromada", "hromadu", "hromady"),
    "deck": ("balicek", "balicku", "balicku"),
    "talon": ("talon", "talonu"),
    "sequence": ("rada", "radu", "rady", "rade", "radou"),
    "joker": ("zolik", "zolika", "zolikem", "zoliky"),
    "surprise": ("prekvapeni", "prekvapenim"),
    "broken": ("rozbity", "rozbiteho", "rozbitym", "rozbita", "rozbitou"),
    "": (
        "do",
        "na",
        "z",
        "ze",
        "v",
        "ve",
        "a",
        "karta",
        "kartu",
        "karty",
        "karet",
        "knoflik",
        "knoflika",
        "knoflikem",
        "muj",
        "moji",
        "moje",
        "me",
        "sve",
        "svou",
    ),
}


def plain(text: str) -> str:
    """Lower case without diacritics: 'Żółtą' -> 'zolta'. (ł is a letter of its own, not an l
    with a mark, so Unicode does not take it apart.)"""
    text = text.lower().replace("ł", "l")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def _vocabulary() -> dict[str, str]:
    found: dict[str, str] = {}

    def add(word: str, meaning: str) -> None:
        if found.get(word, meaning) != meaning:
            raise ValueError(f"{word!r} would mean both {found[word]!r} and {meaning!r}")
        found[word] = meaning

    for stems, endings in ((POLISH_COLOURS, POLISH_ENDINGS), (CZECH_COLOURS, CZECH_ENDINGS)):
        for colour, stem in stems.items():
            for ending in endings:
                add(stem + ending, colour)
    for table in (POLISH, CZECH):
        for meaning, words in table.items():
            for word in words:
                add(word, meaning)
    return found


# Polish and Czech words (without diacritics) -> the English word they stand for.
VOCABULARY = _vocabulary()


def in_english(word: str) -> str:
    """A word of a reply as the English reader knows it ("" for one that says nothing)."""
    return VOCABULARY.get(word, word)
