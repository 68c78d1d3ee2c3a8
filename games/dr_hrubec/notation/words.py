"""The words of Dr. Hrubec in Polish and Czech: the names of the cards and specializations (the
catalogues translate them with the contexts "dr_hrubec card" and "dr_hrubec specialization", and
must say exactly what is written here) and the verbs the move reader accepts in each language.

The reader compares words folded to plain lower-case letters (see `fold`), so a player may write
with or without diacritics, in any case.
"""

from __future__ import annotations

import unicodedata

LANGUAGES = ("pl", "cs")

# Card names by slug: Polish, then Czech. The English ones are in cards.py.
CARD_NAMES = {
    # Doctors
    "lawyer": ("Prawnik", "Právník"),
    "alpine_doctor": ("Alpejski lekarz", "Horský doktor"),
    "dr_acula": ("Dr Acula", "Dr. Acula"),
    "dr_incognito": ("Dr Incognito", "Dr. Incognito"),
    "md_brutal": ("Lek. Brutal", "MUDr. Brutal"),
    "dr_zero": ("Dr Zero", "Dr. Nula"),
    "md_silicon": ("Lek. Silikon", "MUDr. Silikon"),
    "young_intern": ("Młoda stażystka", "Mladá stážistka"),
    "butcher": ("Rzeźnik", "Řezník"),
    "alien": ("Obcy", "Mimozemšťan"),
    "gate_keeper": ("Portier", "Vrátný"),
    "dr_nightingale": ("Dr Słowikowa", "Dr. Slavíková"),
    "dr_scalpel": ("Dr Skalpel", "Dr. Skalpel"),
    "dr_molar": ("Dr Trzonowa", "Dr. Stoličková"),
    "dr_freud": ("Dr Freud", "Dr. Freud"),
    "dr_pimple": ("Dr Pryszczowa", "Dr. Pupínková"),
    "dr_bones": ("Dr Kostek", "Dr. Kostra"),
    "dr_smile": ("Dr Uśmiechowa", "Dr. Úsměvová"),
    "dr_itch": ("Dr Swędzik", "Dr. Svědivý"),
    "dr_couch": ("Dr Kozetkowa", "Dr. Gaučová"),
    "dr_stitch": ("Dr Szwowa", "Dr. Stehová"),
    "dr_plaque": ("Dr Kamień", "Dr. Plak"),
    "dr_rash": ("Dr Wysypkowa", "Dr. Vyrážková"),
    "dr_kindly": ("Dr Dobrotliwa", "Dr. Laskavá"),
    "dr_grumpy": ("Dr Zrzęda", "Dr. Bručoun"),
    # Patients
    "blisters": ("Pęcherze", "Puchýře"),
    "constipation": ("Zaparcie", "Zácpa"),
    "geek": ("Nerd", "Ajťák"),
    "appendix": ("Wyrostek", "Slepé střevo"),
    "fracture": ("Złamanie", "Zlomenina"),
    "alcoholic": ("Alkoholik", "Alkoholik"),
    "toothache": ("Ból zęba", "Bolest zubu"),
    "sunburn": ("Oparzenie słoneczne", "Spálenina"),
    "hiccups": ("Czkawka", "Škytavka"),
    "ingrown_nail": ("Wrośnięty paznokieć", "Zarostlý nehet"),
    "leper": ("Trędowaty", "Malomocný"),
    "infected_prostitute": ("Zarażona prostytutka", "Nakažená prostitutka"),
    "exhibitionist": ("Ekshibicjonista", "Exhibicionista"),
    "schizoid": ("Schizoid", "Schizoid"),
    "one_body_no_head": ("Ciało bez głowy", "Tělo bez hlavy"),
    "acne": ("Trądzik", "Akné"),
    "gallstones": ("Kamienie żółciowe", "Žlučové kameny"),
    "wisdom_tooth": ("Ząb mądrości", "Zub moudrosti"),
    "insomnia": ("Bezsenność", "Nespavost"),
    "broken_jaw": ("Złamana szczęka", "Zlomená čelist"),
    "hallucinations": ("Halucynacje", "Halucinace"),
    "gangrene": ("Gangrena", "Gangréna"),
    "siamese_twins": ("Bliźnięta syjamskie", "Siamská dvojčata"),
    "brain_transplant": ("Przeszczep mózgu", "Transplantace mozku"),
    "total_makeover": ("Totalna metamorfoza", "Totální proměna"),
    # Action cards
    "alternative_treatment": ("Medycyna alternatywna", "Alternativní léčba"),
    "euthanasia": ("Eutanazja", "Eutanazie"),
    "dr_hrubec_on_duty": ("Dr Hrubec na dyżurze", "Dr. Hrubec má službu"),
    "tools_delivery": ("Dostawa narzędzi", "Dodávka nástrojů"),
    "castling": ("Roszada", "Rošáda"),
    "holiday": ("Urlop", "Dovolená"),
    "heroic_act": ("Bohaterski czyn", "Hrdinský čin"),
    "heart_attack": ("Zawał", "Infarkt"),
    "infectious_eczema": ("Zakaźny wyprysk", "Infekční ekzém"),
    "clown_show": ("Występ klauna", "Klaunské představení"),
    "lunch_break": ("Przerwa obiadowa", "Obědová pauza"),
    "nurse": ("Pielęgniarka", "Sestřička"),
    "bribe": ("Łapówka", "Úplatek"),
    "blackout": ("Awaria prądu", "Výpadek proudu"),
    "lucky_day": ("Szczęśliwy dzień", "Šťastný den"),
    # Not a card one holds, but named in the log when it turns up.
    "hospital_closing": ("karta zamknięcia szpitala", "karta zavření nemocnice"),
}

SPECIALIZATION_NAMES = {
    "surgery": ("chirurgia", "chirurgie"),
    "psychiatry": ("psychiatria", "psychiatrie"),
    "stomatology": ("stomatologia", "stomatologie"),
    "dermatology": ("dermatologia", "dermatologie"),
}

# The verbs of the moves as format_move writes them in each language, and the short or
# natural forms a player may write instead: word -> the move's kind.
VERBS = {
    "pl": {
        "dobierz": "draw",
        "dobrac": "draw",
        "pomin": "skip",
        "nic": "skip",
        "wezwij": "queue",
        "kolejka": "queue",
        "przyjmij": "admit",
        "operuj": "operate",
        "rzuc": "operate",
        "koniec": "end",
        "zakoncz": "end",
        "oddaj": "castle",
        "wyslij": "send",
        "zwolnij": "fire",
        "ukradnij": "steal",
        "odrzuc": "discard",
        "odmow": "decline",
        "nie": "decline",
        "zatrudnij": "hire",
    },
    "cs": {
        "dobrat": "draw",
        "dober": "draw",
        "vynechat": "skip",
        "nic": "skip",
        "zavolat": "queue",
        "fronta": "queue",
        "prijmout": "admit",
        "operovat": "operate",
        "hodit": "operate",
        "konec": "end",
        "ukoncit": "end",
        "predat": "castle",
        "poslat": "send",
        "propustit": "fire",
        "ukrast": "steal",
        "odhodit": "discard",
        "odmitnout": "decline",
        "ne": "decline",
        "najmout": "hire",
    },
}

# Words that say "and fire this one" inside a hire; "play" before a card; seats; filler.
FIRE_MARKERS = ("fire", "firing", "dismiss", "zwolnij", "propustit")
PLAY_WORDS = ("play", "zagraj", "zahrat", "zahraj")
SEAT_WORDS = ("seat", "player", "p", "miejsce", "gracz", "misto", "hrac")
FILLER = ("na", "do", "karte", "karta", "kartu", "prosze", "prosim", "moja", "moje", "moji")

# Letters that Unicode does not decompose into a plain letter and a mark.
PLAIN_LETTERS = str.maketrans({"ł": "l", "Ł": "l", "đ": "d", "ø": "o", "ß": "ss"})


def fold(text: str) -> str:
    """Lower case without diacritics: 'Řezník' and 'REZNIK' fold alike."""
    decomposed = unicodedata.normalize("NFKD", text.translate(PLAIN_LETTERS).lower())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def card_names(slug: str) -> tuple[str, ...]:
    """Every language's name of a card, besides the English one."""
    return CARD_NAMES.get(slug, ())


def spec_names(spec: str) -> tuple[str, ...]:
    return SPECIALIZATION_NAMES[spec]


def all_verbs() -> dict[str, str]:
    return {word: kind for words in VERBS.values() for word, kind in words.items()}
