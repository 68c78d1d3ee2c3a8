"""Buttons in Polish and Czech: every log line, move as listed, refusal, email picture and score
explanation the game tells has its sentences in both catalogues and reads without English
words; every move written as a Polish or Czech reader sees it (with or without diacritics, in
any case) reads back as that move and no other. Positions come from seeded random playouts."""

from __future__ import annotations

import copy
import re
import unicodedata

import pytest

from games import IllegalMove, Rng, buttons, step_rng
from games.base import EVERYONE, group_moves
from tests.helpers.game_texts import LANGUAGES, read_in, untranslated

NAMES = ["ann", "bob", "cyd", "dee"]
# English words of the game that no Polish or Czech line may still hold.
ENGLISH = re.compile(
    r"\b(rolls?|lays?|buttons?|stars?|rows?|columns?|declines?|gold|dice|die|round|opts?|"
    r"out|red|yellow|green|blue|wins?|standing|order|waiting|turn|square|black|white|"
    r"take|always|ask|decline|pass|earns|share|victory|nobody|none|layout|board|place)\b",
    re.IGNORECASE,
)
# Moves and lines that are wrong somewhere in every game; their refusals are told too.
WRONG_MOVES = [
    {"kind": "roll"},
    {"kind": "opt_out"},
    {"kind": "decline"},
    {"kind": "lay", "row": 1, "column": 1},
    {"kind": "lay", "row": 3, "column": 4},
    {"kind": "lay", "row": 7, "column": 1},
    {"kind": "lay", "row": 2, "column": "x"},
    {"kind": "lay", "row": 1},
    {"kind": "star", "row": 2, "column": 2},
    {"kind": "order", "order": "take"},
    {"kind": "order", "order": "sometimes"},
]
WRONG_LINES = ["hello", "take", "weź", "vzít", "9", "połóż", "zzz 12 34"]


def playout(players: int, seed: str):
    """Each step of a seeded random game: (state before, seat, move, state after)."""
    state = buttons.setup(NAMES[:players], {}, step_rng(seed, 0))
    bot = Rng(f"{seed}:bot")
    step = 0
    while buttons.to_act(state):
        seat = bot.choice(buttons.to_act(state))
        move = bot.choice(buttons.legal_moves(state, seat))
        before = copy.deepcopy(state)
        step += 1
        state = buttons.apply(state, seat, move, step_rng(seed, step))
        yield before, seat, move, state


def bare(text: str) -> str:
    """As a player without diacritics on their keyboard writes it, shouting."""
    folded = unicodedata.normalize("NFKD", text.replace("ł", "l").replace("Ł", "L"))
    return "".join(char for char in folded if not unicodedata.combining(char)).upper()


def check_told(told: str) -> None:
    for language in LANGUAGES:
        assert untranslated(told, language) == [], (language, str(told))
        read = read_in(told, language)
        assert not ENGLISH.search(read.replace("Buttons", "")), (language, read)


def refusals(state: dict, seat: int) -> list[str]:
    told = []
    for move in WRONG_MOVES:
        try:
            buttons.apply(copy.deepcopy(state), seat, move, Rng("refused"))
        except IllegalMove as refusal:
            told.append(refusal.reason)
    for line in WRONG_LINES:
        try:
            buttons.parse_move(line, state, seat)
        except IllegalMove as refusal:
            told.append(refusal.reason)
    return told


def check_moves_read_back(state: dict, seat: int) -> None:
    legal = buttons.legal_moves(state, seat)
    for language in LANGUAGES:
        spellings = [read_in(buttons.format_move(move, state, seat), language) for move in legal]
        assert len(set(spellings)) == len(spellings), spellings
        for move, text in zip(legal, spellings, strict=True):
            assert not ENGLISH.search(text), (language, text)
            for written in (text, bare(text), text.upper()):
                assert buttons.parse_move(written, state, seat) == move, (language, written)
        # The turn email folds long lists of these spellings by their first word.
        for group in group_moves(spellings):
            for text in group.spellings():
                assert buttons.parse_move(text, state, seat) in legal, (language, text)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_line_move_and_refusal_of_a_game_reads_in_polish_and_czech(players):
    steps = 0
    for game in range(2):
        after = None
        for before, seat, move, after in playout(players, f"buttons-languages-{players}-{game}"):
            steps += 1
            for viewer in [None, EVERYONE, *range(players)]:
                check_told(buttons.describe(before, seat, move, after, viewer))
            for other in range(players):
                for legal in buttons.legal_moves(before, other):
                    check_told(buttons.format_move(legal, before, other))
                check_moves_read_back(before, other)
                for told in refusals(before, other):
                    check_told(told)
            if steps % 5 == 0:
                for viewer in [None, *range(players)]:
                    check_told(buttons.view_text(before, viewer))
        for viewer in [None, *range(players)]:
            check_told(buttons.view_text(after, viewer))
        for told in refusals(after, 0):
            check_told(told)
        check_explanation(buttons.outcome(after).as_dict(), NAMES[:players])
    assert steps > 100


def check_explanation(outcome: dict, names: list[str]) -> None:
    explanation = buttons.explain(outcome, names)
    for told in [*explanation.sentences, *explanation.columns]:
        check_told(told)
    for row in explanation.rows:
        if row[2]:
            check_told(row[2])


def test_the_score_is_explained_in_polish_and_czech_for_a_line_of_five_after_one_round():
    details = {"stars": [12, 5], "lines_of_five": [False, True], "rounds": 1}
    check_explanation({"scores": [12, 5], "winners": [1], "details": details}, ["ann", "bob"])
    explanation = buttons.explain({"details": details}, ["ann", "bob"])
    assert read_in(explanation.sentences[2], "pl") == "bob ma 5 gwiazdek, w tym pięć w linii."
    assert read_in(explanation.sentences[1], "cs") == "ann má 12 hvězd."
