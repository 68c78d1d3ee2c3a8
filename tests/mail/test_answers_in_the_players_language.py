"""A Polish or a Czech player who plays a whole game by email reads every word of the service
in their language, from the subject to the last line: the turn emails, the answers to their
replies (played, refused, helped, stale, out of turn) and the game-over email with its
score. The game's own words (its log lines, moves and refusals) are left out of the search:
they are the game's to translate (issue 33)."""

from __future__ import annotations

import pytest

from tabletop.accounts.models import Preferences
from tabletop.mail import inbound
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play.models import Game
from tests.helpers import mail as mailhelpers
from tests.helpers.english_left import english_left, games_own_words
from tests.helpers.factories import started_game, user_at
from tests.web.test_languages import VisibleText

pytest_plugins = ["tests.helpers.mail"]

# What each language's mail clients put before the subject they answer.
REPLY_PREFIX = {"pl": "Odp: ", "cs": "Re: "}


def replied(game: Game, seat: int, text: str) -> Outbox:
    """`text` replied to the seat's latest turn email; the answer it got."""
    turn_email = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    inbound.receive(mailhelpers.reply_to(turn_email, text), "test")
    game.refresh_from_db()
    return Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk")


def english_in(row: Outbox, own_words: set[str]) -> list[str]:
    message = compose(row)
    words = set(own_words)
    if "line" in row.context:  # the game's refusal of a line, and the line itself
        words |= {row.context["line"]["reason"], row.context["line"]["text"]}
    html = VisibleText()
    html.feed(message.alternatives[0][0])
    text = "\n".join([message.subject, message.body, *html.pieces])
    return [f"{row.kind}: {line}" for line in english_left(text, words)]


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_a_game_played_by_email_in_polish_and_czech_is_answered_in_their_language(
    make_user, language
):
    ann, bob = make_user("ann"), make_user("bob")
    for player in (ann, bob):
        Preferences.objects.create(user=player, language=language)
    game = started_game([ann, bob])
    seat = game.to_act[0]
    other = 1 - seat
    written = ["help", "status", "place 99", "", "draw"]
    answers = [
        replied(game, seat, "help"),
        replied(game, seat, "status"),
        replied(game, seat, "place 99"),  # the rules refuse it
        replied(game, seat, ""),  # nothing above the quote
    ]
    stale = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    while not game.is_over:
        if game.to_act == [other] and len(answers) == 6:
            inbound.receive(mailhelpers.reply_to(stale, "draw"), "test")  # not their turn
            answers.append(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk"))
        mover = game.to_act[0]
        lines = mailhelpers.whole_turn(game, mover)
        written += lines
        answers.append(replied(game, mover, "\n".join(lines)))
    inbound.receive(mailhelpers.reply_to(stale, "draw"), "test")  # the game is over
    answers.append(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk"))

    own_words = games_own_words(game, *written)
    for answer in answers:
        subject = compose(answer).subject
        assert subject.startswith(REPLY_PREFIX[language]), subject
        assert not subject.startswith(REPLY_PREFIX[language] * 2), subject
    rows = Outbox.objects.filter(user__in=[ann, bob]).order_by("pk")
    assert {Outbox.Kind.TURN, Outbox.Kind.REPLY, Outbox.Kind.GAME_OVER} <= {r.kind for r in rows}
    left = sorted({line for row in rows for line in english_in(row, own_words)})
    assert not left, "\n".join(left)


@pytest.mark.parametrize(("language", "prefix"), [("pl", "Odp: "), ("cs", "Re: "), ("en", "Re: ")])
def test_the_answer_keeps_one_reply_prefix_in_the_readers_language(make_user, language, prefix):
    """Whatever the player's client wrote before the subject (Re:, RE:, Odp:, AW:), the answer
    has its reader's own prefix once."""
    ann, bob = make_user("ann"), make_user("bob")
    for player in (ann, bob):
        Preferences.objects.create(user=player, language=language)
    game = started_game([ann, bob])
    seat = game.to_act[0]
    turn_email = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    for written in ("Re: ", "RE: ", "Odp: ", "AW: Re: ", ""):
        raw = mailhelpers.reply_to(turn_email, "status")
        raw = raw.replace(b"Subject: Re: ", f"Subject: {written}".encode(), 1)
        inbound.receive(raw, "test")
        answer = compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk"))
        assert answer.subject == prefix + turn_email["Subject"], written
    assert user_at(game, seat) in (ann, bob)
