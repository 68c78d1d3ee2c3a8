"""The words a DOS reply line may use, per language: English, Polish (the rulebook's words,
shared/rulebooks/dos.pl.txt) and Czech. Every word lower case and without diacritics, as
`words_of` reads a line."""

from __future__ import annotations

from games.dos.cards import COLOURS

COLOUR_FORMS = {
    "blue": (
        # English, Polish (niebieska, niebieską...), Czech (modrá, modrou, modré...)
        ("blue", "b"),
        ("niebieski", "niebieska", "niebieskie", "niebieskim", "niebieskiej"),
        ("modra", "modry", "modre", "modrou", "modrym"),
    ),
    "green": (
        ("green", "g"),
        ("zielony", "zielona", "zielone", "zielonym", "zielonej"),
        ("zelena", "zeleny", "zelene", "zelenou", "zelenym"),
    ),
    "red": (
        ("red", "r"),
        ("czerwony", "czerwona", "czerwone", "czerwonym", "czerwonej"),
        ("cervena", "cerveny", "cervene", "cervenou", "cervenym"),
    ),
    "yellow": (
        ("yellow", "y"),
        ("zolty", "zolta", "zolte", "zoltym", "zoltej"),
        ("zluta", "zluty", "zlute", "zlutou", "zlutym"),
    ),
}
assert set(COLOUR_FORMS) == set(COLOURS)
COLOUR_WORDS = {
    form: colour
    for colour, languages in COLOUR_FORMS.items()
    for forms in languages
    for form in forms
}

DOS_WORDS = ("dos", "wild")
HASH_WORDS = ("#", "hash")
# "and" between two cards of a match: English, Polish ("i", "oraz"), Czech ("a").
JOINERS = ("+", "&", "and", "plus", "i", "oraz", "a")
AS_WORDS = ("as", "jako")
# "match red 7 with red 5": the centre card comes first (Polish "z", Czech "s", "pomoci").
CENTRE_FIRST = ("with", "by", "using", "from", "z", "ze", "s", "se", "pomoci")
# "red 5 on red 7" (Polish and Czech "na"): read both ways.
EITHER_WAY = ("on", "onto", "to", "against", "na", "do", "k", "ke")
DRAW_FILLER = ("a", "one", "card", "up", "new", "karte", "karta", "jedna", "jeden", "nowa")
DRAW_FILLER += ("si", "kartu", "jednu", "novou")

VERB_WORDS = {
    "match": (
        ("match", "m", "play"),
        ("dopasuj", "dopasowuje", "zagraj", "zagrywam"),
        ("sparuj", "paruji", "zahraj", "hraj", "priloz"),
    ),
    "draw": (
        ("draw", "d", "pass", "take", "pick"),
        ("dobierz", "dobieram", "pas", "pasuje", "biore", "ciagne"),
        ("dober", "dobrat", "dobiram", "lizni", "liznout", "lizu"),
    ),
    "add": (
        ("add",),
        ("dodaj", "doloz", "dokladam", "dodaje"),
        ("pridej", "pridat", "pridavam"),
    ),
    # "put green 5" adds a card; "put green 5 on red 5" matches (Polish and Czech "poloz").
    "put": (("put", "place", "lay"), ("poloz", "kladz", "kladzie"), ("poloz", "dej")),
    "end": (
        ("end", "done", "stop", "finish"),
        ("koniec", "zakoncz", "koncze"),
        ("konec", "ukonci", "koncim", "hotovo"),
    ),
    "dos": (("dos", "call"), (), ()),
    "catch": (("catch",), ("zlap", "lapie", "przylap", "przylapuje"), ("chyt", "chytam", "chytit")),
}
VERBS = {
    spelled: verb
    for verb, languages in VERB_WORDS.items()
    for forms in languages
    for spelled in forms
}
# Words that may follow "end" ("end turn", "koniec kolejki", "konec tahu").
END_FILLER = ("turn", "ture", "tury", "kolejke", "kolejki", "tah", "tahu")
# Words that may come before the number or name of a player to catch.
PLAYER_WORDS = ("player", "gracza", "gracz", "hrace", "hrac")
