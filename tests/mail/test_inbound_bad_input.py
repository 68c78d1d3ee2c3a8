"""Every bad reply is answered clearly, in its thread, and leaves the game's log as it was."""

from __future__ import annotations

import pytest

from tabletop.mail import inbound
from tabletop.mail.compose import compose
from tabletop.mail.models import InboundMail, Outbox
from tabletop.play import history, store
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import play_random_steps, started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def game(make_user):
    return started_game([make_user("ann"), make_user("ben"), make_user("cat")])


def turn_email(game):
    return mailhelpers.latest_email(Outbox.Kind.TURN, game.to_act[0])


def answer_to(raw: bytes) -> tuple[InboundMail, str, dict]:
    """Deliver the reply; the record, the answer's text, and the answer's headers."""
    record = inbound.receive(raw, "test")
    row = Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk")
    message = compose(row)
    assert message.extra_headers["In-Reply-To"] == mailhelpers.parsed(raw)["Message-ID"]
    return record, message.body, message.extra_headers


def log_of(game) -> list:
    return list(game.moves.values_list("seq", "payload"))


def no_answer() -> bool:
    return not Outbox.objects.filter(kind=Outbox.Kind.REPLY).exists()


def test_a_reply_from_an_unknown_sender_is_recorded_and_never_answered(game):
    before = log_of(game)
    raw = mailhelpers.reply_to(turn_email(game), "take 1", "mallory@example.org")
    record = inbound.receive(raw, "test")
    assert record.result == "refused" and not record.answered
    assert "mallory@example.org is no player's address; not answered" in record.detail
    assert no_answer()
    assert log_of(game) == before


def test_a_reply_from_another_player_is_recorded_and_never_answered(game):
    before = log_of(game)
    other = next(seat for seat in range(3) if seat != game.to_act[0])
    sender = user_at(game, other).email
    record = inbound.receive(mailhelpers.reply_to(turn_email(game), "take 1", sender), "test")
    assert record.result == "refused" and not record.answered
    assert f"{sender} is another player's address; not answered" in record.detail
    assert no_answer()
    assert log_of(game) == before


def test_a_stranger_writing_to_a_broken_reply_address_is_not_answered(game):
    original = turn_email(game)
    raw = mailhelpers.reply_to(
        original, "take 1", "mallory@example.org", to="m1-2-3-4-aaaaaaaaaaaaaaaa@localhost"
    )
    record = inbound.receive(raw, "test")
    assert record.result == "refused" and not record.answered
    assert "is not one we sent" in record.detail
    assert no_answer()


def test_a_tampered_reply_address_is_refused(game):
    before = log_of(game)
    original = turn_email(game)
    address = original["Reply-To"]
    local, domain = address.split("@")
    parts = local.split("-")
    parts[1] = str((int(parts[1], 36) + 1) % 3)  # another seat, same signature
    raw = mailhelpers.reply_to(original, "take 1", to=f"{'-'.join(parts)}@{domain}")
    record, text, _ = answer_to(raw)
    assert record.result == "refused"
    assert "not one we sent: it has been changed" in text
    assert log_of(game) == before


def test_an_expired_reply_address_is_refused(game, frozen, settings):
    before = log_of(game)
    original = turn_email(game)
    frozen.advance(days=game.days_per_move + settings.MAIL_REPLY_GRACE_DAYS + 1)
    record, text, _ = answer_to(mailhelpers.reply_to(original, "take 1"))
    assert record.result == "refused"
    assert "The email you answered is too old: its reply address expired on" in text
    assert log_of(game) == before


def test_garbage_text_is_refused_with_the_line_why_and_the_legal_moves(game):
    before = log_of(game)
    record, text, headers = answer_to(mailhelpers.reply_to(turn_email(game), "fnord the blorb"))
    assert record.result == "refused"
    assert "Line 1 could not be played:" in text
    assert "line 1: fnord the blorb" in text
    assert "'fnord the blorb' is not a Gazobu move; try 'take 1', 'take 2', 'draw'." in text
    assert "Your legal moves:\n  take 1\n  take 2\n  draw\n" in text
    assert headers["References"].endswith(headers["In-Reply-To"])
    assert log_of(game) == before


def test_an_empty_reply_is_refused_with_how_to_write_a_move(game):
    before = log_of(game)
    record, text, _ = answer_to(mailhelpers.reply_to(turn_email(game), ""))
    assert record.result == "refused"
    assert "We found no text of yours above the quoted email." in text
    assert "Your legal moves:" in text
    assert log_of(game) == before


def test_two_steps_of_which_the_second_is_illegal_play_the_first_and_say_why_the_second_stopped(
    game,
):
    seat = game.to_act[0]
    record, text, _ = answer_to(mailhelpers.reply_to(turn_email(game), "take 1\ntake 2"))
    assert record.result == "accepted"
    assert [payload for _, payload in log_of(game)] == [{"kind": "take", "column": 1}]
    assert f"Played: 1 step in Gazobu #{game.pk}. Line 2 could not be played:" in text
    assert "line 2: take 2\n  You have already drawn this turn; place the " in text
    game.refresh_from_db()
    assert "What you see now:\n" + game.rules.view_text(game.state, seat) in text
    assert "Your legal moves:\n  place " in text


def test_a_reply_stopped_part_way_says_how_many_lines_were_left_unplayed(game):
    record, text, _ = answer_to(
        mailhelpers.reply_to(turn_email(game), "draw\nfnord\nplace 1\nplace 2")
    )
    assert record.result == "accepted"
    assert len(log_of(game)) == 1
    assert (
        f"Played: 1 step in Gazobu #{game.pk}. Line 2 could not be played, so it and the 2 "
        "lines after it were left unplayed:"
    ) in text
    assert "line 2: fnord" in text


def test_a_reply_to_a_finished_game_is_refused(game):
    original = turn_email(game)
    while not game.is_over:
        game = play_random_steps(game, 50)
    before = log_of(game)
    record, text, headers = answer_to(mailhelpers.reply_to(original, "take 1"))
    assert record.result == "refused"
    assert f"Gazobu #{game.pk} is over (" in text
    assert f"/games/{game.pk}/history/" in text
    assert log_of(game) == before


def test_the_same_message_id_twice_moves_once(game):
    raw = mailhelpers.reply_to(turn_email(game), mailhelpers.whole_turn(game, game.to_act[0])[0])
    first = inbound.receive(raw, "test")
    after_first = log_of(game)
    assert first.result == "accepted" and len(after_first) == 1
    again, text, _ = answer_to(raw)
    assert again.pk == first.pk
    assert "We received this email before" in text and "Nothing was played again." in text
    assert log_of(game) == after_first
    assert InboundMail.objects.count() == 1


def test_a_five_megabyte_attachment_is_refused(game):
    before = log_of(game)
    raw = mailhelpers.reply_to(turn_email(game), "take 1", attachment=b"\xff\xd8" * (5 * 2**19))
    assert len(raw) > 5 * 2**20
    record, text, _ = answer_to(raw)
    assert record.result == "refused"
    assert "Your email was 6.8 MB; replies are taken up to 2 MB." in text
    assert log_of(game) == before


def test_an_auto_reply_is_recorded_and_never_answered(game):
    before = log_of(game)
    raw = mailhelpers.reply_to(turn_email(game), "I am on holiday until Monday.")
    raw = b"Auto-Submitted: auto-replied\r\n" + raw
    record = inbound.receive(raw, "test")
    assert record.result == "ignored"
    assert not Outbox.objects.filter(kind=Outbox.Kind.REPLY).exists()
    assert log_of(game) == before


def test_a_stale_reply_that_no_longer_fits_is_refused_with_what_changed(game):
    seat = game.to_act[0]
    original = turn_email(game)
    take_first = game.rules.parse_move("take 1", game.state, seat)
    store.submit(game, user_at(game, seat), take_first, 0, "web")
    game.refresh_from_db()
    before = log_of(game)
    record, text, _ = answer_to(mailhelpers.reply_to(original, "take 2"))
    assert record.result == "refused"
    assert "The game has moved on since the email you answered (from move 0 to move 1)." in text
    assert "What happened since the email you answered:\n  - " in text
    assert "line 1: take 2" in text
    assert log_of(game) == before


def turn_seq(game, seat: int) -> int | None:
    return game.seats.get(position=seat).turn_seq


def test_a_reply_to_an_older_turns_email_plays_nothing_and_tells_what_happened_since(game):
    seat = game.to_act[0]
    original = turn_email(game)
    while not (seat in game.to_act and turn_seq(game, seat)):
        game = play_random_steps(game, 1)
    before = log_of(game)
    record, text, _ = answer_to(mailhelpers.reply_to(original, "draw"))  # legal now, too
    assert record.result == "refused"
    assert log_of(game) == before
    assert (
        "The email you answered was written for an earlier turn of yours (at move 0); your "
        f"turn now began at move {turn_seq(game, seat)}. Nothing was played." in text
    )
    since = [line["text"] for line in history.lines(game, seat, after_seq=0)][-30:]
    told = "".join(f"  - {line}\n" for line in since)
    assert "What happened since the email you answered:\n" + told in text
    assert "Your legal moves:\n  take 1\n  take 2\n  draw\n" in text
    # The answer carries this turn's reply address: a reply to it plays.
    fresh = mailhelpers.latest_email(Outbox.Kind.REPLY, seat)
    assert inbound.receive(mailhelpers.reply_to(fresh, "draw"), "test").result == "accepted"
    assert len(log_of(game)) == len(before) + 1


def test_a_reply_when_it_is_not_the_senders_turn_plays_nothing(game):
    seat = game.to_act[0]
    original = turn_email(game)
    while seat in game.to_act:
        game = play_random_steps(game, 1)
    before = log_of(game)
    waiting = user_at(game, game.to_act[0]).username
    record, text, _ = answer_to(mailhelpers.reply_to(original, "take 1"))
    assert record.result == "refused"
    assert log_of(game) == before
    assert (
        f"It is not your turn in Gazobu #{game.pk}: the game is waiting for {waiting}. Nothing "
        "was played. You will get an email when it is your turn." in text
    )
    assert "What happened since the email you answered:\n  - " in text


def test_the_answer_to_a_reply_carries_an_address_for_the_rest_of_the_turn(game):
    seat = game.to_act[0]
    first, *rest = mailhelpers.whole_turn(game, seat)
    assert inbound.receive(mailhelpers.reply_to(turn_email(game), first), "test").result == (
        "accepted"
    )
    answer = mailhelpers.latest_email(Outbox.Kind.REPLY, seat)
    record = inbound.receive(mailhelpers.reply_to(answer, "\n".join(rest)), "test")
    assert record.result == "accepted", record.detail
    game.refresh_from_db()
    assert seat not in game.to_act


def test_a_message_without_a_message_id_is_still_handled_once(game):
    message = mailhelpers.parsed(mailhelpers.reply_to(turn_email(game), "fnord"))
    del message["Message-ID"]
    first = inbound.receive(message.as_bytes(), "test")
    again = inbound.receive(message.as_bytes(), "test")
    assert first.message_id.startswith("<sha256.")
    assert again.pk == first.pk
    assert first.result == "refused"


def test_the_line_that_stopped_a_reply_is_numbered_as_it_stands_in_the_reply(game):
    record, text, _ = answer_to(mailhelpers.reply_to(turn_email(game), "help\n\ntake 1\nfnord"))
    assert record.result == "accepted"
    assert len(log_of(game)) == 1
    assert "Line 3 could not be played:" in text
    assert "line 3: fnord" in text
    assert "How to write moves in Gazobu" in text
