"""Reporting a line of table talk and hiding it: a report per line and reporter, a limit per
reporter, and a hidden line that nobody reads again while the record keeps its place and the
game's log stays exactly as it was."""

from __future__ import annotations

import pytest

from tabletop.mail.models import Outbox
from tabletop.play import chat, reports, store
from tabletop.play.models import ChatMessage, Game, Move, Report
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def pair(make_user):
    return [make_user("ann"), make_user("ben")]


@pytest.fixture
def two_reports_an_hour(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "report": "2/h"}


def play_turn(game: Game) -> None:
    seat = game.to_act[0]
    while game.to_act == [seat]:
        move = game.rules.legal_moves(game.state, seat)[0]
        store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
        game.refresh_from_db()


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")


@pytest.mark.usefixtures("two_reports_an_hour")
def test_reporting_the_same_line_twice_counts_once_against_the_limit(pair):
    game = started_game(pair)
    ann, ben = pair
    lines = [chat.post(game, ben, text, Move.Source.WEB) for text in ("one", "two", "three")]

    first = reports.report(game, lines[0].pk, ann, "rude")
    again = reports.report(game, lines[0].pk, ann)
    assert again.pk == first.pk and again.reason == "rude"
    reports.report(game, lines[1].pk, ann)

    with pytest.raises(reports.TooManyReports) as refused:
        reports.report(game, lines[2].pk, ann)
    assert refused.value.status == 429 and refused.value.wait > 0
    assert "You have reported many lines in a short time" in refused.value.message
    assert Report.objects.filter(reporter=ann).count() == 2
    # The limit is the reporter's own: others still report.
    reports.report(game, lines[2].pk, pair[1])


def test_a_line_the_reporter_may_not_read_cannot_be_reported(pair, make_user):
    game = started_game(pair)
    line = chat.post(game, pair[0], "my hand is great", Move.Source.WEB)
    with pytest.raises(reports.NoSuchLine):
        reports.report(game, line.pk, make_user("eve"))  # no seat: the talk is not theirs yet
    with pytest.raises(reports.NoSuchLine):
        reports.report(game, line.pk + 1000, pair[1])
    assert not Report.objects.exists()


def test_a_hidden_line_leaves_the_turn_email_and_the_record_keeps_its_place(pair, make_user):
    game = started_game(pair)
    a = game.to_act[0]
    b = 1 - a
    log_before = list(game.moves.values_list("seq", "payload"))
    seq_before = game.seq
    chat.post(game, user_at(game, a), "a fine opening", Move.Source.WEB)
    slur = chat.post(game, user_at(game, a), "something vile", Move.Source.WEB)
    moderator = make_user("mod")

    assert reports.hide(slur, moderator) is True
    assert reports.hide(slur, moderator) is False

    game.refresh_from_db()
    assert game.seq == seq_before
    assert list(game.moves.values_list("seq", "payload")) == log_before
    assert store.verify(game) == []

    record = chat.messages_for(game, b)
    assert [(m.text, bool(m.hidden)) for m in record] == [
        ("a fine opening", False),
        ("", True),
    ]
    play_turn(game)  # a plays; b's turn email tells what a said since
    email = text_of(mailhelpers.latest_email(Outbox.Kind.TURN, b))
    assert "a fine opening" in email
    assert "something vile" not in email
    assert ChatMessage.objects.get(pk=slur.pk).hidden_by == moderator
