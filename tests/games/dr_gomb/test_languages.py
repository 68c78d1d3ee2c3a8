"""Dr. Gomb in Polish and Czech: every log line, every move as listed, the refusals, the email's
picture and the score explained have their words in both catalogues and read with none of the
game's English; every move as a Polish or Czech player reads it (with or without diacritics,
in any case) is read back as that move and no other."""

from __future__ import annotations

import copy
import re
import unicodedata

import pytest

from games import IllegalMove, Rng, step_rng
from games import dr_gomb as rules
from games.base import EVERYONE
from tests.helpers.game_texts import LANGUAGES, read_in, untranslated

# The game's English that a Polish or Czech reader should never meet ("joker" and "talon" are
# Polish and Czech words too).
ENGLISH = re.compile(
    r"\b(draws?|takes?|plays?|discards?|covers?|uses?|break|piles?|deck|sequences?|cards?|"
    r"red|green|blue|pink|yellow|surprise|broken|button|odd|points?|found|nothing|hand|"
    r"winners?|total|player|mode|empty|the)\b",
    re.IGNORECASE,
)
# Moves that are well formed (the refusal names the rule they break), and moves the API could
# send malformed (the refusal names the fields, whose values are the API's English words).
WELL_FORMED = [
    {"kind": "draw"},
    {"kind": "take", "pile": 2},
    {"kind": "play", "card": "red 3", "to": "blue"},
    {"kind": "play", "card": "red broken", "to": "red"},
    {"kind": "play", "card": "blue surprise", "to": "blue"},
    {"kind": "discard", "card": "pink broken", "pile": 1},
    {"kind": "use_surprise"},
    {"kind": "break", "sequence": "blue", "position": 7},
    {"kind": "discard_sequence", "sequence": "green"},
    {"kind": "discard_three"},
    {"kind": "discard_played", "sequence": "red", "position": 1, "pile": 1},
]
MALFORMED = [
    {"kind": "take", "pile": 3},
    {"kind": "play", "card": "red 9", "to": "blue"},
    {"kind": "break", "sequence": "mauve", "position": 1},
    {"kind": "break", "sequence": "red", "position": 0},
    {"kind": "draw", "extra": 1},
    {"kind": "take"},
]
NAMES = ["ann", "bob", "cid", "dee", "eve"]
GARBAGE = ["xyzzy 42", "", "zagraj", "odhodit na hromádku 7"]


def stripped(text: str) -> str:
    text = text.replace("ł", "l").replace("Ł", "L")
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def playout(mode: str, players: int, game: int):
    """(before, seat, move, after) of every step of a seeded random game."""
    seed = f"dr_gomb-languages-{mode}-{players}-{game}"
    state = rules.setup(NAMES[:players], {"mode": mode}, step_rng(seed, 0))
    bot = Rng(f"{seed}:bot")
    step = 0
    while rules.to_act(state):
        seat = bot.choice(rules.to_act(state))
        move = bot.choice(rules.legal_moves(state, seat))
        before = copy.deepcopy(state)
        state = rules.apply(state, seat, move, step_rng(seed, step + 1))
        yield before, seat, move, state
        step += 1


def assert_translated(told: str, english_words: bool = True) -> None:
    for language in LANGUAGES:
        assert untranslated(told, language) == [], (told, language)
        if english_words:
            read = read_in(told, language)
            assert not ENGLISH.search(read), (language, read, str(told))


def refusals(state: dict, seat: int, moves: list[dict]) -> list[str]:
    found = []
    for move in moves:
        try:
            rules.apply(copy.deepcopy(state), seat, move, Rng("unused"))
        except IllegalMove as refused:
            found.append(refused.reason)
    return found


def assert_moves_read_back(state: dict, seat: int) -> None:
    """Every legal move as listed in each language reads back as itself, also stripped of its
    diacritics and upper-cased; no two moves are listed alike."""
    legal = rules.legal_moves(state, seat)
    listed = [rules.format_move(move, state, seat) for move in legal]
    for language in LANGUAGES:
        spellings = [read_in(text, language) for text in listed]
        assert len(set(spellings)) == len(spellings), spellings
        for move, text in zip(legal, spellings, strict=True):
            for variant in (text, stripped(text), text.upper(), stripped(text).upper()):
                assert rules.parse_move(variant, state, seat) == move, (variant, move)


@pytest.mark.parametrize("mode", ["basic", "normal"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_line_move_and_refusal_of_a_playout_is_told_in_polish_and_czech(mode, players):
    final = None
    for step, (before, seat, move, after) in enumerate(playout(mode, players, 0)):
        for viewer in [*range(players), None, EVERYONE]:
            assert_translated(rules.describe(before, seat, move, after, viewer))
        for text in map(
            lambda legal: rules.format_move(legal, before, seat), rules.legal_moves(before, seat)
        ):
            assert_translated(text)
        assert_moves_read_back(before, seat)
        if step % 7 == 0:
            for other in range(players):
                assert_translated(rules.view_text(before, other))
                for reason in refusals(before, other, WELL_FORMED):
                    assert_translated(reason)
                for reason in refusals(before, other, MALFORMED):
                    assert_translated(reason, english_words=False)
                for text in GARBAGE:
                    with pytest.raises(IllegalMove) as refused:
                        rules.parse_move(text, before, other)
                    assert_translated(refused.value.reason)
        final = after
    assert_translated(rules.view_text(final, None))
    names = [f"p{seat}" for seat in range(players)]
    explained = rules.explain(rules.outcome(final).as_dict(), names)
    for told in [*explained.sentences, *explained.columns[1:]]:
        assert_translated(told)


def test_a_log_line_reads_in_polish_and_czech_with_the_cards_declined():
    state = next(before for before, _, move, _ in playout("basic", 2, 1) if move["kind"] == "play")
    seat = state["turn"]
    card = rules.NAME_OF[state["held"][:2]]
    move = {"kind": "play", "card": card, "to": card.split()[0]}
    after = rules.apply(copy.deepcopy(state), seat, move, Rng("unused"))
    told = rules.describe(state, seat, move, after, seat)
    name = state["players"][seat]
    assert read_in(told, "pl").startswith(f"{name} zagrywa ")
    assert "do swojego" in read_in(told, "pl")
    assert read_in(told, "cs").startswith(f"{name} hraje ")


@pytest.mark.parametrize(
    ("reply", "move"),
    [
        ("dobierz", {"kind": "draw"}),
        ("DOBRAT", {"kind": "draw"}),
        ("dober z balíčku", {"kind": "draw"}),
        ("weź stos 1", {"kind": "take", "pile": 1}),
        ("wez stos 2", {"kind": "take", "pile": 2}),
        ("vezmi hromádku 1", {"kind": "take", "pile": 1}),
        ("Vzít hromadku 2", {"kind": "take", "pile": 2}),
    ],
)
def test_a_turn_is_started_in_polish_or_czech_in_natural_short_forms(reply, move):
    state = rules.setup(2, {}, step_rng("dr_gomb-short-forms", 0))
    assert rules.parse_move(reply, state, state["turn"]) == move


def test_the_card_in_hand_may_go_unnamed_in_polish_and_czech():
    state = rules.setup(2, {}, step_rng("dr_gomb-unnamed", 0))
    seat = state["turn"]
    rules.apply(state, seat, {"kind": "draw"}, Rng("unused"))
    card = rules.NAME_OF[state["held"]]
    for reply in ("odrzuć na stos 2", "ODHODIT NA HROMADKU 2", "odrzuc na stos 2"):
        assert rules.parse_move(reply, state, seat) == {
            "kind": "discard",
            "card": card,
            "pile": 2,
        }


def test_a_reply_that_cannot_be_read_is_refused_in_the_readers_language():
    state = rules.setup(2, {}, step_rng("dr_gomb-garbage", 0))
    with pytest.raises(IllegalMove) as refused:
        rules.parse_move("xyzzy", state, state["turn"])
    assert read_in(refused.value.reason, "pl").startswith("Nie udało się odczytać 'xyzzy'.")
    assert "dobierz" in read_in(refused.value.reason, "pl")
    assert "dobrat" in read_in(refused.value.reason, "cs")


def test_the_notation_help_reads_in_polish_and_czech_and_its_moves_are_read():
    help_text = rules.notation_help()
    assert_translated(help_text)
    state = rules.setup(2, {}, step_rng("dr_gomb-help", 0))
    for language, draw in (("pl", "dobierz"), ("cs", "dobrat")):
        said = read_in(help_text, language)
        assert f"'{draw}'" in said
        assert rules.parse_move(draw, state, state["turn"]) == {"kind": "draw"}
