"""A reply "undo" takes back the player's latest steps, as the page's Undo button does."""

from __future__ import annotations

import pytest

from tabletop.accounts.models import Preferences
from tabletop.mail import inbound
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


def answer_text() -> str:
    return compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk")).body


def reply(game: Game, seat: int, text: str):
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    return inbound.receive(mailhelpers.reply_to(original, text), "test")


def test_undo_by_email_takes_back_a_placement(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    seat = game.to_act[0]
    assert reply(game, seat, "draw\nplace 1").result == "accepted"
    game.refresh_from_db()
    placed_at = game.seq
    record = reply(game, seat, "undo")
    assert record.result == "accepted"
    assert f"You took back move {placed_at} in Gazobu #{game.pk}." in answer_text()
    game.refresh_from_db()
    assert game.moves.get(seq=game.seq).source == Move.Source.EMAIL
    assert len(game.state["drawn"]) == 2


def test_an_undo_by_email_is_answered_in_the_players_language(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    for player in (ann, ben):
        Preferences.objects.create(user=player, language="pl")
    game = started_game([ann, ben])
    seat = game.to_act[0]
    assert reply(game, seat, "draw\nplace 1").result == "accepted"
    game.refresh_from_db()
    assert reply(game, seat, "undo").result == "accepted"
    assert f"Cofnięto: ruch {game.seq} w Gazobu #{game.pk}." in answer_text()


def test_undo_by_email_after_a_draw_is_refused_with_the_reason(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    seat = game.to_act[0]
    store.submit(game, user_at(game, seat), {"kind": "draw"}, 0, Move.Source.WEB)
    assert reply(game, seat, "undo").result == "refused"
    assert "Nothing was taken back: Move 1 cannot be taken back" in answer_text()
    assert Game.objects.get(pk=game.pk).seq == 1


def test_undo_among_moves_is_refused(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    seat = game.to_act[0]
    assert reply(game, seat, "draw\nundo").result == "refused"
    assert 'Write "undo" alone in a reply.' in answer_text()
    assert Game.objects.get(pk=game.pk).seq == 0


def test_vote_yes_by_email_answers_the_open_vote(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    seat = game.to_act[0]
    store.call_vote(game, user_at(game, 1 - seat), "end", {"how": "scored"}, Move.Source.WEB)
    record = reply(game, seat, "Vote yes")
    assert record.result == "accepted"
    text = answer_text()
    assert "You voted yes to end the game now, scored as it stands. The vote passed." in text
    assert Game.objects.get(pk=game.pk).is_over


def test_vote_by_email_with_no_open_vote_is_refused(make_user):
    game = started_game([make_user("ann"), make_user("ben")])
    seat = game.to_act[0]
    assert reply(game, seat, "vote no").result == "refused"
    assert "There is no open vote for you to answer" in answer_text()


def test_each_voter_is_emailed_the_question_and_answers_it_by_reply(make_user, frozen):
    game = started_game([make_user("ann"), make_user("ben"), make_user("cat")])
    late = game.to_act[0]
    caller, second = [s for s in range(3) if s != late]
    frozen.past_deadline(game, late)
    store.call_vote(game, user_at(game, caller), "replace", {"seat": late}, Move.Source.WEB)
    assert not Outbox.objects.filter(kind=Outbox.Kind.VOTE, seat=caller).exists()
    row = Outbox.objects.get(kind=Outbox.Kind.VOTE, seat=second)
    late_name = user_at(game, late).username
    question = f"to let the computer play {late_name}'s seat"
    assert question in " ".join(compose(row).body.split())
    asked = mailhelpers.latest_email(Outbox.Kind.VOTE, second)
    record = inbound.receive(mailhelpers.reply_to(asked, "vote no"), "test")
    assert record.result == "accepted"
    assert game.votes.get().result == "failed"


@pytest.mark.xdist_group("mail-worker")
def test_a_vote_email_goes_out_over_smtp_and_its_reply_answers_the_vote(make_user, mailbox, worker):
    from tabletop.mail import tasks

    game = started_game([make_user("ann"), make_user("ben"), make_user("cat")])
    late = game.to_act[0]
    caller, second = [s for s in range(3) if s != late]
    voter = user_at(game, second)
    store.call_vote(game, user_at(game, caller), "extend", {"days": 3}, Move.Source.API)
    tasks.sweep()
    [mail] = mailbox.wait_for(voter.email)
    assert (
        f"Gazobu #{game.pk}: {user_at(game, caller).username} asks the table"
        == (mail.message["Subject"])
    )
    assert 'Reply "vote yes" or "vote no"' in mail.text
    record = inbound.receive(mailhelpers.reply_to(mailhelpers.parsed(mail.raw), "vote yes"), "t")
    assert record.result == "accepted"
    assert game.votes.get().result == "passed"


def test_undo_by_email_after_others_played_asks_them_to_accept(make_user):
    from tests.play.test_votes import played_until_someone_else_acted_unseen

    game = started_game([make_user("ann"), make_user("ben")], slug="buttons")
    taker, other = played_until_someone_else_acted_unseen(game)
    record = reply(game, taker, "undo")
    assert record.result == "accepted"
    assert "they are asked to accept the take-back" in " ".join(answer_text().split())
    vote = game.votes.get()
    assert vote.subject == "take-back" and vote.voters == [other]
