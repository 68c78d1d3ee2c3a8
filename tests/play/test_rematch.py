"""Rematch: when a game ends any player proposes the same table again; the others accept on
the game page, through the API or by replying "rematch" to the game-over email, and once all
have, the new game starts (private, the same seats, options and time control, a new seed)."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tabletop.mail import inbound
from tabletop.mail.compose import compose
from tabletop.mail.models import InboundMail, Outbox
from tabletop.play import rematches, store
from tabletop.play.models import Game, Move, Rematch
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def trio(make_user):
    return [make_user("ann"), make_user("ben"), make_user("cat")]


def finished_game(players: list, **kwargs) -> Game:
    """A game the last player wins because everyone else resigned."""
    game = started_game(players, "buttons", {"layout": "2b"}, days_per_move=5, **kwargs)
    for quitter in players[:-1]:
        store.resign(game, quitter, Move.Source.WEB)
    game.refresh_from_db()
    assert game.is_over
    return game


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def game_over_email(game: Game, seat: int):
    row = Outbox.objects.filter(kind=Outbox.Kind.GAME_OVER, game=game, seat=seat).latest("pk")
    return mailhelpers.parsed(compose(row).message().as_bytes())


def test_a_player_proposes_a_rematch_on_the_page_and_it_starts_when_all_have_accepted(trio):
    ann, ben, cat = trio
    game = finished_game(trio, timeout_policy="skip", reminder_hours=[48])
    page = logged_in(ben).get(f"/games/{game.pk}/").content.decode()
    assert "Play again: propose a rematch" in page

    logged_in(ben).post(f"/games/{game.pk}/rematch/")
    page = logged_in(ann).get(f"/games/{game.pk}/").content.decode()
    assert "ben proposes a rematch" in page and "waiting for ann, cat" in page
    assert "Accept the rematch" in page
    logged_in(ann).post(f"/games/{game.pk}/rematch/")
    assert not Game.objects.filter(rematch_of=game).exists()

    response = logged_in(cat).post(f"/games/{game.pk}/rematch/")
    rematch = Game.objects.get(rematch_of=game)
    assert response["Location"] == f"/games/{rematch.pk}/"
    assert rematch.status == Game.Status.ACTIVE and rematch.private
    assert [seat.user for seat in rematch.seats.all()] == [ann, ben, cat]
    assert (rematch.slug, rematch.options, rematch.players) == ("buttons", {"layout": "2b"}, 3)
    assert (rematch.days_per_move, rematch.reminder_hours, rematch.timeout_policy) == (
        5,
        [48],
        "skip",
    )
    assert rematch.seed != game.seed
    waiting = rematch.seats.get(position=rematch.to_act[0]).user
    assert Outbox.objects.filter(kind=Outbox.Kind.TURN, game=rematch, user=waiting).exists()
    assert f"/games/{rematch.pk}/" in logged_in(ann).get(f"/games/{game.pk}/").content.decode()
    assert f'A rematch of <a href="/games/{game.pk}/">' in (
        logged_in(ann).get(f"/games/{rematch.pk}/").content.decode()
    )
    assert store.verify(rematch) == []


def test_the_computers_seats_accept_a_rematch_at_once(make_user):
    ann = make_user("ann")
    game = store.create_game(ann, "gazobu", 3, {}, fill_with_bots=True)
    store.resign(game, ann, Move.Source.WEB)
    game.refresh_from_db()
    assert game.is_over
    proposal = rematches.accept(game, ann)
    rematch = proposal.new_game
    assert rematch is not None and rematch.status == Game.Status.ACTIVE
    assert list(rematch.seats.values_list("is_bot", flat=True)) == [False, True, True]


def test_a_rematch_is_refused_before_the_end_and_to_anyone_not_at_the_table(trio, make_user):
    game = started_game(trio)
    refused = logged_in(trio[0]).post(f"/games/{game.pk}/rematch/")
    assert refused.status_code == 409
    assert "A rematch can be proposed once the game is over." in refused.content.decode()
    store.resign(game, trio[0], Move.Source.WEB)
    store.resign(game, trio[1], Move.Source.WEB)
    stranger = logged_in(make_user("dan")).post(f"/games/{game.pk}/rematch/")
    assert stranger.status_code == 403
    assert "Only the players of a game can play it again." in stranger.content.decode()
    assert not Rematch.objects.exists()


def test_accepting_again_after_the_rematch_started_says_where_it_is(trio):
    game = finished_game(trio)
    for player in trio:
        rematches.accept(game, player)
    with pytest.raises(store.GameNotActive, match="The rematch has started already: Buttons #"):
        rematches.accept(game, trio[0])


def test_the_game_over_email_offers_a_rematch_by_reply(trio):
    game = finished_game(trio)
    email = game_over_email(game, 0)
    assert email["Reply-To"]
    assert 'reply "rematch" to this email' in email.get_body(("plain",)).get_content()


def test_replying_rematch_to_the_game_over_email_accepts_and_the_last_reply_starts_it(trio):
    game = finished_game(trio)
    for seat in (0, 1):
        record = inbound.receive(
            mailhelpers.reply_to(game_over_email(game, seat), "Rematch!\n\nGood game."), "test"
        )
        assert record.result == InboundMail.Result.ACCEPTED, record.detail
    assert "it starts when cat accepts too." in record.detail
    assert Rematch.objects.get(game=game).accepted_seats == [0, 1]

    record = inbound.receive(mailhelpers.reply_to(game_over_email(game, 2), "rematch"), "test")
    rematch = Game.objects.get(rematch_of=game)
    assert record.result == InboundMail.Result.ACCEPTED
    assert f"the rematch, Buttons #{rematch.pk}, has started" in record.detail
    answer = compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk"))
    assert f"Buttons #{rematch.pk}" in answer.body
    assert rematch.status == Game.Status.ACTIVE


def test_any_other_reply_to_the_game_over_email_still_says_the_game_is_over(trio):
    game = finished_game(trio)
    record = inbound.receive(mailhelpers.reply_to(game_over_email(game, 0), "press 1"), "test")
    assert record.result == InboundMail.Result.REFUSED
    assert 'reply "rematch" to play the same table again' in record.detail
    assert not Rematch.objects.exists()


def test_the_api_proposes_and_accepts_a_rematch(trio):
    game = finished_game(trio)
    answers = []
    for player in trio:
        client = APIClient()
        client.force_authenticate(player)
        answers.append(client.post(f"/api/games/{game.pk}/rematch/"))
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert answers[0].json()["waiting_for"] == ["ben", "cat"]
    assert answers[0].json()["new_game"] is None
    new_game = answers[2].json()["new_game"]
    assert new_game == Game.objects.get(rematch_of=game).pk
    detail = client.get(f"/api/games/{game.pk}/").json()
    assert detail["rematch"]["new_game"] == new_game
    assert client.get(f"/api/games/{new_game}/").json()["rematch_of"] == game.pk
