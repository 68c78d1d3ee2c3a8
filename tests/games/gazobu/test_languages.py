"""Gazobu in Polish and Czech: along seeded random playouts, every log line (for every seat, a
spectator and, once the game is over, everyone), every legal move as listed, the email picture,
the score explained and a sample of refusals are in both catalogues; every listed move read in
Polish or Czech (also without diacritics, in capitals) is read back as that move and no other;
and what a Polish or Czech reader reads holds none of the game's English words."""

from __future__ import annotations

import copy
import re
import unicodedata

import pytest

from games import Rng, step_rng
from games import gazobu as rules
from games.base import EVERYONE, IllegalMove
from tests.helpers.game_texts import LANGUAGES, read_in, untranslated

NAMES = ["ann", "ben", "cat", "dan"]
# English words a Polish or Czech reader must never meet in Gazobu's sentences.
ENGLISH = {
    *("take", "takes", "draw", "draws", "place", "places", "column", "columns", "pill", "pills"),
    *("black", "hole", "holes", "monster", "monsters", "multiplier", "pile", "under", "nothing"),
    *("winner", "winners", "wins", "points", "and", "the", "you", "your", "card", "cards"),
    *("empty", "dealer", "game", "ends", "holds", "loses", "gains", "player", "total", "drawn"),
}
# Lines that are no move, each a refusal: garbage, a verb without its column, an unknown card.
GARBAGE = ["xyzzy", "wez", "vezmi x", "połóż", "polož zzz 1", "qq 7", "1"]


def stripped(text: str) -> str:
    """What a player writes on a keyboard without Polish or Czech letters."""
    text = text.replace("ł", "l").replace("Ł", "L")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def english_words_in(text: str) -> set[str]:
    return ENGLISH & set(re.findall(r"[a-z]+", text.lower()))


def assert_told(told: str, where: str) -> None:
    """In both catalogues, and read without a word of the game's English."""
    for language in LANGUAGES:
        assert untranslated(told, language) == [], f"{where} in {language}: {told!r}"
        read = read_in(told, language)
        assert not english_words_in(read), f"{where} in {language}: {read!r}"


def refusal(state: dict, seat: int, move, rng: Rng) -> str:
    """The reason `apply` refuses `move` for."""
    with pytest.raises(IllegalMove) as refused:
        rules.apply(copy.deepcopy(state), seat, move, rng)
    return refused.value.reason


def check_moves(state: dict, seat: int) -> None:
    """Every legal move, as listed in each language, reads back as itself and no other."""
    legal = rules.legal_moves(state, seat)
    for language in LANGUAGES:
        spellings = []
        for move in legal:
            listed = rules.format_move(move, state, seat)
            assert_told(listed, "a move")
            read = read_in(listed, language)
            spellings.append(read)
            for line in (read, stripped(read), read.upper(), stripped(read).upper()):
                assert rules.parse_move(line, state, seat) == move, f"{line!r} in {language}"
        assert len(set(spellings)) == len(spellings), f"two moves alike in {language}: {spellings}"


def check_refusals(state: dict, seat: int, rng: Rng) -> None:
    for line in GARBAGE:
        try:
            move = rules.parse_move(line, state, seat)
        except IllegalMove as refused:
            assert_told(refused.reason, f"the refusal of {line!r}")
            continue
        if move not in rules.legal_moves(state, seat):
            assert_told(refusal(state, seat, move, rng), line)
    other = (seat + 1) % len(state["players"])
    wrong = [
        (other, {"kind": "draw"}),
        (seat, {"kind": "take", "column": 3}),
        (seat, {"kind": "take", "column": "one"}),
        (seat, {"kind": "take"}),
        (seat, {"kind": "draw", "column": 1}),
        (seat, {"kind": "place", "card": "twini", "column": 1, "extra": True}),
        (seat, {"kind": "place", "card": "nonsense", "column": 1}),
        (seat, {"kind": "pass"}),
        (seat, "take 1"),
        (seat, {"kind": "place", "card": "blob", "column": 1}),
        (seat, {"kind": "draw"}),
    ]
    for mover, move in wrong:
        if move in rules.legal_moves(state, mover):
            continue
        reason = refusal(state, mover, move, rng)
        for language in LANGUAGES:
            assert untranslated(reason, language) == [], f"{move} in {language}: {reason!r}"


def play(players: int, seed: str) -> None:
    names = NAMES[:players]
    state = rules.setup(names, {}, step_rng(seed, 0))
    bot = Rng(f"{seed}:bot")
    steps = []
    while rules.to_act(state):
        seat = rules.to_act(state)[0]
        check_moves(state, seat)
        if len(steps) % 5 == 0:
            check_refusals(state, seat, step_rng(seed, 999))
            for viewer in (*range(players), None):
                assert_told(rules.view_text(state, viewer), "the email picture")
        move = bot.choice(rules.legal_moves(state, seat))
        after = rules.apply(copy.deepcopy(state), seat, move, step_rng(seed, len(steps) + 1))
        for viewer in (*range(players), None):
            assert_told(rules.describe(state, seat, move, after, viewer), "a log line")
        steps.append((state, seat, move, after))
        state = after
    for before, seat, move, after in steps:
        assert_told(rules.describe(before, seat, move, after, EVERYONE), "a line for everyone")
    for viewer in (*range(players), None):
        assert_told(rules.view_text(state, viewer), "the final picture")
    told = rules.explain(rules.outcome(state).as_dict(), names)
    for sentence in [*told.sentences, *told.columns]:
        assert_told(sentence, "the score explained")
    assert_told(refusal(state, 0, {"kind": "draw"}, Rng("x")), "the game over")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_word_of_a_playout_is_told_in_polish_and_czech(players):
    for game in range(2):
        play(players, f"gazobu-languages-{players}-{game}")


def test_a_player_writes_moves_in_polish_and_czech_with_or_without_diacritics():
    state = rules.setup(NAMES[:2], {}, step_rng("gazobu-words", 0))
    seat = state["turn"]
    for line in ("Weź 2", "wez kolumnę 2", "VEZMI 2", "beru sloupec 2", "ber2"):
        assert rules.parse_move(line, state, seat) == {"kind": "take", "column": 2}
    for line in ("dobierz", "DOBIERZ 2", "dober", "dobrat dvě", "nic", "nie biorę", "neberu"):
        assert rules.parse_move(line, state, seat) == {"kind": "draw"}, line
    state = rules.apply(state, seat, {"kind": "draw"}, step_rng("gazobu-words", 1))
    first = state["drawn"][0]
    for line in ("połóż 1", "POLOZ pod kolumnę 1", "polož pod sloupec 1", "dej 1"):
        assert rules.parse_move(line, state, seat) == {"kind": "place", "card": first, "column": 1}
    names = {
        "black-hole": ("czarna dziura", "Černá díra", "dziura", "dira"),
        "extra-monster": ("dodatkowy potwór", "extra příšera", "potwor", "příšera"),
        "multiplier-any": ("mnożnik dowolny", "násobič-libovolný", "mnoznik", "nasobic"),
        "multiplier-blob": ("mnożnik x2 Blob", "násobič x2 Blob", "mnożnik-blob", "nasobic-blob"),
    }
    for card, spoken in names.items():
        for name in spoken:
            move = rules.parse_move(f"połóż {name} 2", state, seat)
            assert move == {"kind": "place", "card": card, "column": 2}, name


def test_a_polish_reader_reads_a_turn_in_polish():
    state = rules.setup(NAMES[:2], {}, step_rng("gazobu-polish", 0))
    state.update(turn=0, columns=[["blob"], ["black-hole", "yoo"]])
    state["draw"][-2:] = ["extra-monster", "gazobu"]
    after = rules.apply(copy.deepcopy(state), 0, {"kind": "take", "column": 2}, Rng("x"))
    line = rules.describe(state, 0, {"kind": "take", "column": 2}, after, 1)
    assert read_in(line, "pl") == (
        "ann bierze kolumnę 2 (2 karty) i pigułkę 1 z 4, po czym dobiera: Gazobu i dodatkowy "
        "potwór."
    )
    mine = rules.describe(state, 0, {"kind": "take", "column": 2}, after, 0)
    assert read_in(mine, "cs") == (
        "Bereš sloupec 2 (Yoo a černá díra) a pilulku 1 ze 4, pak si dobíráš: Gazobu a extra "
        "příšera."
    )
    listed = [read_in(rules.format_move(m, after, 0), "pl") for m in rules.legal_moves(after, 0)]
    assert sorted(listed) == [
        "połóż dodatkowy-potwór 1",
        "połóż dodatkowy-potwór 2",
        "połóż gazobu 1",
        "połóż gazobu 2",
    ]
