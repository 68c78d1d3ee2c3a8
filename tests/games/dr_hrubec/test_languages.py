"""Dr. Hrubec in Polish and Czech: over seeded random playouts, every log line (for every
viewer), every legal move as listed, the refusals, the email picture and the final score in
words have every sentence in both catalogues; every move read in either language reads back as
itself (with diacritics or without, in any case), no two moves read alike, and no English word
of the game is left in what a Polish or Czech reader reads."""

from __future__ import annotations

import re
import unicodedata

import pytest

import games
from games import Rng, step_rng
from games.base import EVERYONE, IllegalMove, group_moves
from games.dr_hrubec.cards import ACTIONS, DOCTORS
from tests.helpers.game_texts import LANGUAGES, read_in, untranslated

rules = games.get("dr_hrubec")
NAMES = ["anna", "bruno", "cyril", "dana", "emil"]

# Words of the game that a Polish or Czech reader should never meet.
ENGLISH = re.compile(
    r"\b(draws?|hires?|operates?|plays|discards?|admit|send|steal|fire|skip|queue|end|decline|"
    r"castle|Castling|waiting room|morgue|turn|cured|dead|patient|doctor|skill|difficulty|"
    r"surgery|psychiatry|stomatology|dermatology|Nurse|Bribe|Butcher|Holiday|Blackout|Lawyer|"
    r"seat|rolls|leaves the game)\b",
    re.IGNORECASE,
)

# Lines a player might send that the reader refuses, in all three languages.
GARBAGE = ["", "xyzzy", "hire", "admit nobody", "operate qq", "send nikt", "zatrudnij xyz",
           "dobierz teraz", "přijmout", "odrzuć zzz", "op", "zagraj", "steal Dr"]  # fmt: skip


# Moves sent as data (the API) that the rules refuse in most positions.
REFUSED = [
    {"kind": "draw"},
    {"kind": "end"},
    {"kind": "fly"},
    {},
    {"kind": "play"},
    {"kind": "play", "card": "nurse"},
    {"kind": "hire", "doctor": DOCTORS[0]},
    {"kind": "hire", "doctor": DOCTORS[1], "fire": DOCTORS[2]},
    {"kind": "play", "card": ACTIONS[1], "patient": "leper"},
    {"kind": "play", "card": "blackout", "player": 0},
    {"kind": "operate", "spec": "surgery"},
    {"kind": "admit", "patient": "geek"},
    {"kind": "send", "player": 0},
    {"kind": "castle", "doctor": "butcher"},
    {"kind": "discard", "card": "nurse"},
]


def plain(text: str) -> str:
    """Without diacritics, as one types on a keyboard without Polish or Czech letters."""
    text = text.replace("ł", "l").replace("Ł", "L")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def playout(players: int, seed: str, most_steps: int = 400):
    """(before, seat, move, after) for each step of a seeded random game."""
    state = rules.setup(NAMES[:players], {}, step_rng(seed, 0))
    bot = Rng(f"{seed}:bot")
    for step in range(most_steps):
        if not rules.to_act(state):
            return
        seat = bot.choice(rules.to_act(state))
        move = bot.choice(rules.legal_moves(state, seat))
        after = rules.apply(state, seat, move, step_rng(seed, step + 1))
        yield state, seat, move, after
        state = after


def assert_told(text: str, where: str) -> None:
    for language in LANGUAGES:
        assert untranslated(text, language) == [], f"{where}: {text!r} in {language}"


def assert_no_english(text: str, language: str, where: str) -> None:
    read = read_in(text, language)
    assert not ENGLISH.search(read), f"{where} in {language}: {read!r}"


def check_moves(state: dict, seat: int) -> int:
    legal = rules.legal_moves(state, seat)
    for language in LANGUAGES:
        spellings = []
        for move in legal:
            told = rules.format_move(move, state, seat)
            assert_told(told, "move")
            read = read_in(told, language)
            spellings.append(read)
            assert_no_english(told, language, "move")
            for line in (read, plain(read), plain(read).upper(), read.lower()):
                assert rules.parse_move(line, state, seat) == move, (language, line, move)
        assert len(set(spellings)) == len(spellings), f"two moves read alike: {spellings}"
        # A long list is folded in the turn email from the spellings in the reader's language.
        for group in group_moves(spellings):
            for line in group.spellings():
                assert rules.parse_move(line, state, seat) in legal, (language, group.line())
    return len(legal)


def check_refusals(state: dict, seat: int) -> None:
    for line in GARBAGE:
        try:
            rules.parse_move(line, state, seat)
        except IllegalMove as refused:
            assert_told(refused.reason, f"refusal of {line!r}")
    for move in REFUSED:
        for asker in range(len(state["players"])):
            try:
                rules.apply(state, asker, move, step_rng("refused", 0))
            except IllegalMove as refused:
                assert_told(refused.reason, f"refusal of {move}")


def check_picture(state: dict, seat: int | None) -> None:
    picture = rules.view_text(state, seat)
    assert_told(picture, "view_text")
    for language in LANGUAGES:
        read = read_in(picture, language)
        assert not ENGLISH.search(read), f"view_text in {language}: {read}"
        assert "\xa0" not in read
        assert all(len(line) <= 80 for line in read.splitlines()), read


def check_explained(state: dict) -> None:
    outcome = rules.outcome(state)
    told = rules.explain(outcome.as_dict(), state["players"])
    for text in (*told.sentences, *told.columns):
        assert_told(text, "score explanation")
        for language in LANGUAGES:
            assert_no_english(text, language, "score explanation")


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_line_move_and_refusal_of_a_game_is_told_in_polish_and_czech(players):
    moves_read = 0
    for game in range(2):
        last = None
        for step, (before, seat, move, after) in enumerate(
            playout(players, f"dr_hrubec-languages-{players}-{game}")
        ):
            viewers = [*range(players), None] + ([EVERYONE] if after["phase"] == "over" else [])
            for viewer in viewers:
                line = rules.describe(before, seat, move, after, viewer)
                assert_told(line, "log line")
                for language in LANGUAGES:
                    assert_no_english(line, language, "log line")
            for other in rules.to_act(after):
                moves_read += check_moves(after, other)
            if step % 5 == 0:
                check_refusals(after, seat)
                for viewer in (*range(players), None):
                    check_picture(after, viewer)
            last = after
        assert last["phase"] == "over"
        check_refusals(last, 0)
        for viewer in (*range(players), None):
            check_picture(last, viewer)
        check_explained(last)
    assert moves_read > 200


def test_a_move_written_in_polish_or_czech_short_forms_is_read():
    state = next(
        before
        for before, seat, _, _ in playout(2, "dr_hrubec-languages-short")
        if {"kind": "draw"} in rules.legal_moves(before, seat)
    )
    seat = state["active"]
    for line in ("dobierz", "DOBRAT", "dober", "dobrać"):
        assert rules.parse_move(line, state, seat) == {"kind": "draw"}, line
    for line in ("pomiń", "pomin", "vynechat", "nic", "Vynechat"):
        assert rules.parse_move(line, state, seat) == {"kind": "skip"}, line


def test_a_refusal_reads_in_the_readers_language():
    state = rules.setup(NAMES[:2], {}, step_rng("dr_hrubec-languages-refusal", 0))
    waiting = 1 - rules.to_act(state)[0]
    with pytest.raises(IllegalMove) as refused:
        rules.apply(state, waiting, {"kind": "draw"}, step_rng("x", 0))
    assert read_in(refused.value.reason, "pl").startswith("Teraz tura gracza")
    assert read_in(refused.value.reason, "cs").startswith("Na tahu je")


def test_the_notation_help_of_the_turn_email_reads_in_polish_and_czech():
    told = rules.notation_help()
    assert_told(told, "notation help")
    for language in LANGUAGES:
        assert_no_english(told, language, "notation help")


def test_the_examples_of_the_polish_and_czech_notation_help_are_moves_the_reader_knows():
    state = rules.setup(NAMES[:2], {}, step_rng("dr_hrubec-languages-help", 0))
    for language in LANGUAGES:
        for line in read_in(rules.notation_help(), language).splitlines()[2:]:
            example = line.strip().split("  ")[0].split(",")[0]
            if example and not line.startswith("    "):
                try:
                    rules.parse_move(example, state, 0)
                except IllegalMove as refused:
                    # Known verb or card, only not possible in this position.
                    assert "understand" not in refused.reason, (language, example)
