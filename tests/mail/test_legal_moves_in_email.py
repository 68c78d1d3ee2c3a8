"""A turn email lists the legal moves in lines a phone can show: every move spelled out while
they are few, else one line per kind of move with its variants folded; the help reply lists
every move in full. A reply line that could mean two moves plays nothing and names both."""

from __future__ import annotations

import pytest

from games import dos
from games.base import spellings_in_line
from tabletop.mail import inbound
from tabletop.mail.compose import MOST_MOVE_LINES, compose
from tabletop.mail.models import Outbox
from tabletop.play.models import Game, Move
from tests.games.dos.test_rules import position
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

WILD_HAND = ["blue 3", "red 3", "yellow 4", "yellow 7", "red #", "yellow #", "DOS"]


def dos_game_at(make_user, hand: list[str], centre: list[str]) -> tuple[Game, int]:
    """A DOS game whose seat to act holds `hand` against `centre`."""
    game = started_game([make_user("ann"), make_user("ben")], "dos")
    seat = game.to_act[0]
    hands = [["blue 1", "green 9"], ["blue 1", "green 9"]]
    hands[seat] = hand
    state = position(hands, centre, seat=seat)
    state["players"] = game.state["players"]
    Game.objects.filter(pk=game.pk).update(state=state, to_act=[seat])
    game.refresh_from_db()
    return game, seat


def turn_email(game: Game, seat: int):
    row = Outbox.objects.filter(kind=Outbox.Kind.TURN, game=game, seat=seat).latest("pk")
    return mailhelpers.parsed(compose(row).message().as_bytes())


def listed_moves(text: str) -> list[str]:
    lines = text.split("Your legal moves:\n", 1)[1].splitlines()
    listed = []
    for line in lines:
        if not line.startswith("  "):
            break
        listed.append(line.strip())
    return listed


def test_a_dos_turn_email_lists_at_most_15_lines_grouped_by_kind(make_user):
    game, seat = dos_game_at(make_user, WILD_HAND, ["blue #", "red 7", "yellow 9"])
    assert len(dos.legal_moves(game.state, seat)) > 100
    mail = turn_email(game, seat)
    text = mail.get_body(("plain",)).get_content()
    listed = listed_moves(text)
    assert 1 < len(listed) <= MOST_MOVE_LINES
    assert any(line.startswith("match red 7 with: ") for line in listed)
    assert any(line.startswith("match blue #: as ") for line in listed)
    assert "draw" in listed
    assert '(one line per kind of move; reply "help" for every move written out)' in listed
    html = mail.get_body(("html",)).get_content()
    assert "<code>match red 7 with: " in html


def test_every_spelling_in_a_grouped_line_of_the_email_plays_one_legal_move(make_user):
    game, seat = dos_game_at(make_user, WILD_HAND, ["blue #", "red 7", "yellow 9"])
    text = turn_email(game, seat).get_body(("plain",)).get_content()
    legal = dos.legal_moves(game.state, seat)
    spellings = [s for line in listed_moves(text) for s in spellings_of(line)]
    assert len(spellings) > 20
    for spelled in spellings:
        assert dos.read_meanings(spelled, game.state, seat)[0] in legal
        assert len(dos.read_meanings(spelled, game.state, seat)) == 1, spelled


def spellings_of(line: str) -> list[str]:
    return [] if line.startswith(("(", "...")) else spellings_in_line(line)


def test_the_help_reply_lists_every_legal_move_in_full(make_user):
    game, seat = dos_game_at(make_user, WILD_HAND, ["blue #", "red 7", "yellow 9"])
    inbound.receive(mailhelpers.reply_to(turn_email(game, seat), "help"), "test")
    answer = compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk")).body
    assert dos.notation_help().strip() in answer
    legal = dos.legal_moves(game.state, seat)
    for move in legal:
        assert f"  {dos.format_move(move, game.state, seat)}\n" in answer
    assert len(listed_moves(answer)) == len(legal)


def test_a_reply_that_could_mean_two_moves_plays_nothing_and_spells_out_both(make_user):
    hand = ["red 7", "blue 7", "green 3", "green 4"]
    game, seat = dos_game_at(make_user, hand, ["red 7", "blue 7"])
    before = game.seq
    record = inbound.receive(
        mailhelpers.reply_to(turn_email(game, seat), "play red 7 on blue 7"), "test"
    )
    assert record.result != "accepted"
    assert not Move.objects.filter(game=game, seq__gt=before).exists()
    answer = compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk")).body
    assert "match blue 7 with red 7 (your red 7 on the centre blue 7)" in answer
    assert "match red 7 with blue 7 (your blue 7 on the centre red 7)" in answer
