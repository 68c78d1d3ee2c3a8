"""DOS in Polish and Czech: every log line, move as listed and refusal of seeded playouts, the
picture of the turn email, the final score explained and the move guide have their sentences in
both catalogues and read with none of the game's English words; every legal move written as a
Polish or Czech player reads it (also without diacritics, in capitals) is read back as that
very move and no other, and so is every example of the guide."""

from __future__ import annotations

import copy
import re
import unicodedata
from functools import cache

import pytest

from games import IllegalMove, Rng, step_rng
from games.base import EVERYONE
from games.dos import (
    describe,
    explain,
    format_move,
    legal_moves,
    move_groups,
    notation_help,
    outcome,
    parse_move,
    rules,
    view_text,
)
from games.dos.notation import read_meanings
from tests.games.dos.test_rules import match, play, position
from tests.helpers.game_texts import LANGUAGES, read_in, untranslated
from tests.helpers.playout import mutated

PLAYERS = ["ann", "bob", "cy"]
GAMES = 3
MOST_STEPS = 160
# English words of the game that no Polish or Czech line should show.
ENGLISH = re.compile(
    r"\b(match|matches|draw|draws|with|centre|card|cards|red|blue|green|yellow|add|adds|"
    r"turn|catch|catches|calls|round|points|deck|pile|wild|the|you|your|as|end|ends)\b"
)
# What a refusal quotes as the player wrote it (a line, a field's value) is theirs, not ours.
QUOTED = re.compile(r"'[^']*'|„[^”“]*[”“]|\[[^\]]*\]")
GARBAGE = ["", "fly away", "match purple 9 with red 3", "add blue 99", "catch 9", "dobierz 7"]


def plain(text: str) -> str:
    stripped = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    return "".join(c for c in stripped if not unicodedata.combining(c))


@cache
def steps() -> list[tuple]:
    """(state before, seat, move, state after) of a few seeded matches, each move chosen at
    random among the legal ones of the seat whose turn it is (a catch or call now and then)."""
    played = []
    for n in range(GAMES):
        seed = f"dos-languages-{n}"
        state = rules.setup(PLAYERS, {"target": 100}, step_rng(seed, 0))
        chooser = Rng(f"{seed}-choices")
        for step in range(1, MOST_STEPS):
            if rules.is_over(state):
                break
            seat = chooser.choice([s for s in range(3) if legal_moves(state, s)])
            move = chooser.choice(legal_moves(state, seat))
            after = rules.apply(copy.deepcopy(state), seat, move, step_rng(seed, step))
            played.append((state, seat, move, after))
            state = after
    return played


def refused(attempt) -> list[str]:
    try:
        attempt()
    except IllegalMove as refusal:
        return [refusal.reason]
    return []


def refusals() -> list[str]:
    """What the rules and the reader say to moves they refuse, a few at each step."""
    said = []
    rng = Rng("dos-languages-refusals")
    for before, seat, move, _ in steps()[::3]:
        junk = mutated(move, rng)
        other = (seat + 1) % 3
        said += refused(lambda: rules.apply(copy.deepcopy(before), seat, junk, rng))  # noqa: B023
        said += refused(lambda: rules.apply(copy.deepcopy(before), other, move, rng))  # noqa: B023
        for line in GARBAGE:
            said += refused(lambda line=line: parse_move(line, before, seat))  # noqa: B023
    return said


def everything_said() -> list[str]:
    said = []
    for before, seat, move, after in steps():
        for viewer in [EVERYONE, None, 0, 1, 2]:
            said.append(describe(before, seat, move, after, viewer))
        for other in range(3):
            said += [format_move(m, before, other) for m in legal_moves(before, other)]
            for group in move_groups(before, other):
                said.append(group.line())
                said += group.spellings()
    return said + refusals()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_line_move_and_refusal_is_in_the_catalogue(language):
    missing = sorted(
        {msgid for told in everything_said() for msgid in untranslated(told, language)}
    )
    assert missing == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_polish_or_czech_reader_sees_none_of_the_english_words(language):
    english = {
        read_in(told, language)
        for told in everything_said()
        if ENGLISH.search(QUOTED.sub("", read_in(told, language)))
    }
    assert sorted(english)[:8] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_legal_move_as_read_in_the_language_is_read_back_as_that_move(language):
    for before, seat, _, _ in steps()[::2]:
        for move in legal_moves(before, seat):
            read = read_in(format_move(move, before, seat), language)
            for written in (read, plain(read), plain(read).upper(), read.upper()):
                assert read_meanings(written, before, seat) == [move], written


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_spelling_of_a_folded_move_list_is_one_legal_move(language):
    for before, seat, _, _ in steps()[::4]:
        legal = legal_moves(before, seat)
        for group in move_groups(before, seat):
            for spelling in group.spellings():
                written = plain(read_in(spelling, language))
                assert len(read_meanings(written, before, seat)) == 1, written
                assert parse_move(written, before, seat) in legal


def test_the_natural_short_words_are_read_in_polish_and_czech():
    before, seat = next(
        (before, seat)
        for before, seat, move, _ in steps()
        if move["kind"] == "draw" and not move["call"]
    )
    for written in ("dobierz", "DOBIERZ KARTĘ", "dober", "dobrat", "lízni si kartu", "pas"):
        assert parse_move(written, before, seat) == {"kind": "draw", "call": False}, written


def test_a_polish_log_line_names_the_cards_in_the_rulebooks_words():
    for before, seat, move, after in steps():
        if move["kind"] == "add":
            line = read_in(describe(before, seat, move, after, EVERYONE), "pl")
            assert "do środkowego rzędu" in line
            assert any(colour in line for colour in ("niebiesk", "zielon", "czerwon", "żółt"))
            return
    pytest.fail("no card was added in the playouts")


# --- The picture, the score explained and the move guide ---------------------------------


def finals() -> list[dict]:
    """The last state of each seeded match that ended within its steps."""
    ended = [after for _, _, _, after in steps() if rules.is_over(after)]
    assert ended
    return ended


def english_in(told: str, language: str) -> list[str]:
    return ENGLISH.findall(QUOTED.sub("", read_in(told, language)))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_picture_every_few_steps_is_told_in_the_language(language):
    states = [after for _, _, _, after in steps()[::5]] + finals()
    # A player caught during their turn, the penalty cards waiting to join their hand.
    caught = position([["red 7", "green 1"], ["blue 1"], ["blue 4"]], ["red 7", "yellow 9"])
    states.append(dict(caught, turn=dict(caught["turn"], penalty=["red 1", "red 3"])))
    for state in states:
        for viewer in (None, 0, 1, 2):
            picture = view_text(state, viewer)
            assert untranslated(picture, language) == []
            read = read_in(picture, language)
            assert english_in(picture, language) == [], read
            assert all(len(line) <= 80 for line in read.splitlines()), read


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_final_score_is_explained_in_the_language(language):
    for state in finals():
        told = explain(outcome(state).as_dict(), state["players"])
        for text in (*told.sentences, *(row[0] for row in told.rows)):
            assert untranslated(text, language) == []
            assert english_in(text, language) == [], read_in(text, language)


def test_the_picture_reads_in_the_rulebooks_words():
    state = finals()[0]
    polish, czech = read_in(view_text(state, 0), "pl"), read_in(view_text(state, 0), "cs")
    assert "Środkowy rząd:" in polish and "Talia:" in polish
    assert "Prostřední řada:" in czech and "Dobírací balíček:" in czech


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_move_guide_is_told_in_the_language(language):
    guide = notation_help()
    assert untranslated(guide, language) == []
    assert english_in(guide, language) == [], read_in(guide, language)


def guide_examples(language: str) -> list[str]:
    """The example moves of the guide as the reader reads it: each row's first column, two
    alternatives split at their 'or' word."""
    examples = []
    for line in read_in(notation_help(), language).splitlines():
        if not line.startswith("  ") or line.startswith("    "):
            continue
        columns = re.split(r" {2,}", line.strip())
        spelled = columns[:-1] if len(columns) > 1 else columns
        examples += spelled[::2]
    return examples


def guide_positions() -> list[tuple[dict, int]]:
    """Positions where the guide's examples are legal: a start of a turn, after a draw, after
    a match, two and three cards in hand, a player open to a catch."""
    hand = ["blue 3", "red 4", "red 5", "DOS", "yellow #", "green 3", "green 5", "red 7"]
    start = position([hand, ["blue 1", "blue 4"]], ["red 7", "blue #"])
    return [
        (start, 0),
        (position([hand, ["blue 1", "blue 4"]], ["red 7", "blue #"], phase="drawn"), 0),
        (play(start, 0, match("red 7", "red 7")), 0),
        (position([["red 7", "green 1"], ["blue 1", "blue 4"]], ["red 7", "yellow 9"]), 0),
        (position([["red 7", "green 1", "green 3"], ["blue 1"]], ["red 7", "yellow 9"]), 0),
        (
            position(
                [["green 1", "green 3", "red 1"], ["blue 1", "blue 4"], ["red 3", "red 4"]],
                ["red 7", "yellow 9"],
                exposed=[False, True, False],
            ),
            0,
        ),
    ]


def readable_somewhere(written: str) -> bool:
    for state, seat in guide_positions():
        try:
            if read_meanings(written, state, seat):
                return True
        except IllegalMove:
            continue
    return False


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_every_example_of_the_move_guide_is_a_move_its_reader_can_write(language):
    examples = guide_examples(language)
    assert len(examples) == 16
    for example in examples:
        for written in (example, plain(example).upper()):
            assert readable_somewhere(written), (language, written)
