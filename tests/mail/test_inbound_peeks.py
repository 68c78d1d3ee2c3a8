"""A reply that stops part-way shows its sender nothing hidden. The lines before the stopping
one are played and logged, so what they drew is really the sender's, and the answer (the
refusal, the position, the legal moves) is worded from the game as it really stands: it names
no card the sender cannot see in the game's own position after the reply."""

from __future__ import annotations

import copy
import re

import pytest

import games
from games.dos.cards import DISTINCT_CARDS, is_wild
from games.dr_gomb import NAME_OF
from tabletop.mail import inbound
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


def after_line(game, seat: int, line: str) -> dict:
    """The position one written line leaves, drawn as the store will draw it."""
    rules, stream = game.rules, store.random_stream(game)
    move = rules.parse_move(line, game.state, seat)
    rng = stream.rng_for(game.seq + 1)
    return rules.apply(copy.deepcopy(game.state), seat, move, rng)


def strings(value) -> set[str]:
    """Every string in a view (the cards a seat sees are strings in it)."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(strings(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(strings(item) for item in value))
    return set()


# What each game's second line is, and how its text names cards and what its view shows.


def gazobu_line(game, seat: int) -> tuple[str, str | None]:
    return "xyzzy", None


def gazobu_named(text: str) -> set[str]:
    return set(re.findall(r"'place (\S+) \d'", text))


def gazobu_seen(view: dict) -> set[str]:
    return {*view["drawn"], *view["hand"], *(card for column in view["columns"] for card in column)}


def dr_gomb_line(game, seat: int) -> tuple[str, str | None]:
    held = strings(game.rules.view(after_line(game, seat, "draw"), seat)["held"])
    card = next(name for name in NAME_OF.values() if name[-1].isdigit() and name not in held)
    return f"play {card} to {card.split()[0]}", card


def dr_gomb_named(text: str) -> set[str]:
    found = re.findall(r"\b(?:red|green|blue|pink|yellow) (?:[1-5]|joker|surprise|broken)\b", text)
    return set(found)


def dos_line(game, seat: int) -> tuple[str, str | None]:
    hand = after_line(game, seat, "draw")["hands"][seat]
    card = next(card for card in DISTINCT_CARDS if not is_wild(card) and card not in hand)
    return f"add {card}", card


def dos_named(text: str) -> set[str]:
    return set(re.findall(r"\b(?:blue|green|red|yellow) (?:10|[1-9]|#)", text))


def buttons_line(game, seat: int) -> tuple[str, str | None]:
    return "xyzzy", None


def buttons_named(text: str) -> set[str]:
    return set(re.findall(r"\blay \d \d\b", text))


def buttons_seen(game, seat: int) -> set[str]:
    """Squares are not hidden, but the dice are: only the real roll's squares may be offered."""
    rules = game.rules
    return {
        rules.format_move(move, game.state, seat) for move in rules.legal_moves(game.state, seat)
    }


CASES = {
    # slug: (first line, second line, what names cards, what the seat sees)
    "gazobu": (
        "draw",
        gazobu_line,
        gazobu_named,
        lambda game, seat: gazobu_seen(view_of(game, seat)),
    ),
    "dr_gomb": (
        "draw",
        dr_gomb_line,
        dr_gomb_named,
        lambda game, seat: strings(view_of(game, seat)),
    ),
    "dos": ("draw", dos_line, dos_named, lambda game, seat: strings(view_of(game, seat))),
    "buttons": ("roll", buttons_line, buttons_named, buttons_seen),
}


def view_of(game, seat: int) -> dict:
    view = game.rules.view(game.state, seat)
    view.pop("card_names", None)  # Gazobu's table of every card name, not cards in play
    return view


def answer_text() -> str:
    return compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk")).body


def refusal_in(text: str, line: str) -> str:
    """The reason under the stopping line, as the answer shows it."""
    found = re.search(rf"line 2: {re.escape(line)}\n  (.*)\n", text)
    assert found, text
    return found.group(1)


@pytest.mark.parametrize("slug", list(CASES))
def test_a_reply_stopped_after_a_draw_names_only_what_the_sender_really_sees(make_user, slug):
    first, second_line, named, seen = CASES[slug]
    rules = games.get(slug)
    game = started_game(
        [make_user(name) for name in ("ann", "ben", "cat")[: max(2, rules.min_players)]], slug
    )
    seat = game.to_act[0]
    second, written = second_line(game, seat)
    expected_first = rules.parse_move(first, game.state, seat)
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)

    record = inbound.receive(mailhelpers.reply_to(original, f"{first}\n{second}"), "test")

    assert record.result == "accepted", record.detail
    game.refresh_from_db()
    played = list(game.moves.filter(source=Move.Source.EMAIL))
    assert [move.payload for move in played] == [expected_first]  # the draw is logged: real
    assert store.verify(game) == []
    text = answer_text()
    assert "Line 2 could not be played:" in text
    assert "What you see now:\n" + rules.view_text(game.state, seat) in text
    reason = refusal_in(text, second)
    hidden = named(reason) - {written} - seen(game, seat)
    assert not hidden, f"the answer names {hidden}, which {slug} seat {seat} cannot see: {reason}"
    if slug == "gazobu":  # the refusal offers the drawn cards, which the sender now holds
        assert named(reason) == set(view_of(game, seat)["drawn"])
    if slug == "buttons":  # the roll is real and public
        assert view_of(game, seat)["last_roll"] is not None
