"""Every game is playable by email: turns written in each game's own notation, sent as replies
to the turn emails, are played as the player wrote them."""

from __future__ import annotations

import copy

import pytest

import games
from tabletop.accounts.models import Preferences
from tabletop.mail import inbound
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")

TURNS = 4


def latest_turn_email(game, seat: int):
    row = Outbox.objects.filter(kind=Outbox.Kind.TURN, game=game, seat=seat).latest("pk")
    return mailhelpers.parsed(compose(row).message().as_bytes())


@pytest.mark.parametrize("slug", games.slugs())
def test_whole_turns_by_email_in_each_games_notation(make_user, slug):
    rules = games.get(slug)
    players = [make_user(name) for name in ("ann", "ben", "cat")[: max(2, rules.min_players)]]
    game = started_game(players, slug)
    for turn in range(TURNS):
        game.refresh_from_db()
        if game.is_over:
            break
        seat = game.to_act[0]
        # A different choice each turn, so more of the notation is written and read.
        lines = mailhelpers.whole_turn(game, seat, pick=turn * 3)
        expected = expected_moves(game, seat, lines)
        before = game.seq
        record = inbound.receive(
            mailhelpers.reply_to(latest_turn_email(game, seat), "\n".join(lines)), "test"
        )
        assert record.result == "accepted", (lines, record.detail)
        played = Move.objects.filter(game=game, seq__gt=before, source=Move.Source.EMAIL)
        assert [move.payload for move in played] == expected
    assert Move.objects.filter(game=game, source=Move.Source.EMAIL).count() >= TURNS
    game.refresh_from_db()
    assert store.verify(game) == []


def expected_moves(game, seat: int, lines: list[str]) -> list[dict]:
    """What the lines mean, read one by one as the store reads them."""
    state, moves = copy.deepcopy(game.state), []
    stream = store.random_stream(game)
    for number, line in enumerate(lines, 1):
        move = game.rules.parse_move(line, state, seat)
        moves.append(move)
        rng = stream.rng_for(game.seq + number)
        state = game.rules.apply(state, seat, move, rng)
        stream.settle(rng)
    return moves


@pytest.mark.parametrize("slug", games.slugs())
def test_help_by_email_gives_each_games_notation(make_user, slug):
    rules = games.get(slug)
    players = [make_user(name) for name in ("ann", "ben", "cat")[: max(2, rules.min_players)]]
    game = started_game(players, slug)
    seat = game.to_act[0]
    inbound.receive(mailhelpers.reply_to(latest_turn_email(game, seat), "help"), "test")
    answer = compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk")).body
    assert rules.notation_help().strip() in answer
    for move in rules.legal_moves(game.state, seat)[:5]:
        assert f"  {rules.format_move(move, game.state, seat)}\n" in answer


def test_a_dos_player_replies_in_polish_to_a_polish_turn_email(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    for player in (ann, ben):
        Preferences.objects.create(user=player, language="pl")
    game = started_game([ann, ben], "dos")
    seat = game.to_act[0]
    draw = game.rules.parse_move("draw", game.state, seat)
    assert draw in game.rules.legal_moves(game.state, seat)
    turn_email = latest_turn_email(game, seat)
    assert turn_email["Subject"] == f"DOS #{game.pk}: twój ruch"
    before = game.seq
    record = inbound.receive(mailhelpers.reply_to(turn_email, "Dobieram kartę"), "test")
    assert record.result == "accepted", record.detail
    played = Move.objects.get(game=game, seq=before + 1)
    assert played.payload == draw and played.source == Move.Source.EMAIL
    answer = compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk"))
    assert answer.body.startswith(f"Cześć {user_at(game, seat).get_username()},")
