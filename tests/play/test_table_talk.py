"""Table talk and private notes: the players of a game talk at its table from the page, the
API and by email; the talk is part of the game's record (placed between the moves), read by
the players during the game and by anyone once it is over, and it never changes the game or
its dice. A private note is read by its author alone."""

from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

import games
from tabletop.mail import inbound
from tabletop.mail.compose import compose
from tabletop.mail.models import InboundMail, Outbox
from tabletop.play import chat, store
from tabletop.play.models import ChatMessage, Game, Move
from tabletop.web import pages
from tests.helpers import mail as mailhelpers
from tests.helpers.factories import started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


@pytest.fixture
def trio(make_user):
    return [make_user("ann"), make_user("ben"), make_user("cat")]


@pytest.fixture
def pair(make_user):
    return [make_user("ann"), make_user("ben")]


@pytest.fixture
def eve(make_user):
    """Someone with no seat in the games of these tests."""
    return make_user("eve")


def as_user(client, user):
    client.force_login(user)
    return client


def api_as(user=None) -> APIClient:
    api = APIClient()
    if user is not None:
        api.force_authenticate(user)
    return api


def say_on_the_page(client, game: Game, text: str, **headers):
    return client.post(f"/games/{game.pk}/chat/", {"text": text}, **headers)


def page_of(client, game: Game, path: str = "") -> str:
    return client.get(f"/games/{game.pk}/{path}").content.decode()


def play_turn(game: Game) -> int:
    """The whole turn of the seat to act, first legal move at each step; the seat that played."""
    seat = game.to_act[0]
    while game.to_act == [seat]:
        move = game.rules.legal_moves(game.state, seat)[0]
        store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
        game.refresh_from_db()
    return seat


def finish(game: Game) -> Game:
    """End a two-player game: the seat to act resigns."""
    store.resign(game, user_at(game, game.to_act[0]), Move.Source.RESIGN)
    game.refresh_from_db()
    assert game.is_over
    return game


def answer_text() -> str:
    return compose(Outbox.objects.filter(kind=Outbox.Kind.REPLY).latest("pk")).body


def reply(game: Game, seat: int, text: str) -> InboundMail:
    """A reply to the seat's latest turn email, through the real inbound handler."""
    original = mailhelpers.latest_email(Outbox.Kind.TURN, seat)
    return inbound.receive(mailhelpers.reply_to(original, text), "test")


# ---------------------------------------------------------------------------- the page


def test_a_player_says_something_on_the_page_and_the_others_read_it(client, trio):
    game = started_game(trio)
    ann, ben = trio[0], trio[1]
    response = say_on_the_page(as_user(client, ann), game, "  good luck, all!  ")
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/#talk"
    [message] = ChatMessage.objects.filter(game=game)
    assert (message.text, message.seat, message.source, message.at_seq) == (
        "good luck, all!",
        game.seat_of(ann),
        "web",
        0,
    )
    html = page_of(as_user(client, ben), game)
    assert "good luck, all!" in html
    assert 'id="talk-text"' in html


def test_with_htmx_saying_something_answers_with_the_panel(client, trio):
    game = started_game(trio)
    response = say_on_the_page(
        as_user(client, trio[1]), game, "hello table", HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="panel"')
    assert "hello table" in html


def test_table_talk_is_escaped_everywhere(client, pair):
    game = started_game(pair)
    say_on_the_page(as_user(client, pair[0]), game, '<script>alert("x")</script> & <b>hi</b>')
    for path in ("", "history/"):
        html = page_of(as_user(client, pair[1]), game, path)
        assert "<script>alert" not in html and "<b>hi</b>" not in html
        assert (
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;hi&lt;/b&gt;" in html
        )
    api = api_as(pair[1]).get(f"/api/games/{game.pk}/chat/").json()
    assert api[0]["text"] == '<script>alert("x")</script> & <b>hi</b>'


def test_control_characters_are_stripped_and_whitespace_trimmed(client, pair):
    game = started_game(pair)
    text = "\t gg\x00 well\x1b[31m played\u202e!\n\nsee you \x07 \r\n"
    assert say_on_the_page(as_user(client, pair[0]), game, text).status_code == 302
    assert ChatMessage.objects.get(game=game).text == "gg well[31m played! see you"


def test_an_empty_message_is_refused_and_says_why(client, pair):
    game = started_game(pair)
    response = say_on_the_page(as_user(client, pair[0]), game, " \n\x00\t ")
    assert response.status_code == 400
    assert "There is nothing to say: the message is empty." in response.content.decode()
    assert not ChatMessage.objects.exists()


def test_a_message_over_the_length_limit_is_refused_and_kept_to_mend(client, pair):
    game = started_game(pair)
    long = "a" * (ChatMessage.MAX_LENGTH + 1)
    response = say_on_the_page(as_user(client, pair[0]), game, long, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    html = response.content.decode()
    assert f"Your message is {ChatMessage.MAX_LENGTH + 1} characters long" in html
    assert f"at most {ChatMessage.MAX_LENGTH}" in html
    assert not ChatMessage.objects.exists()
    exactly = say_on_the_page(as_user(client, pair[0]), game, "b" * ChatMessage.MAX_LENGTH)
    assert exactly.status_code == 302


def test_someone_without_a_seat_cannot_talk_at_the_table(client, pair, eve):
    game = started_game(pair)
    response = say_on_the_page(as_user(client, eve), game, "psst")
    assert response.status_code == 403
    assert "you have no seat in it" in response.content.decode()
    assert 'id="talk-text"' not in page_of(client, game)
    client.logout()
    anonymous = say_on_the_page(client, game, "psst")
    assert anonymous.status_code == 302 and anonymous["Location"].startswith("/accounts/login/")
    assert not ChatMessage.objects.exists()


def test_players_talk_after_the_game_is_over_too(client, pair):
    game = finish(started_game(pair))
    assert say_on_the_page(as_user(client, pair[0]), game, "gg").status_code == 302
    assert ChatMessage.objects.get(game=game).at_seq == game.seq


def test_a_spectator_reads_the_table_talk_only_once_the_game_is_over(client, pair, eve):
    game = started_game(pair)
    chat.post(game, pair[0], "my hand is great (it is not)", Move.Source.WEB)
    secret = "my hand is great"
    for viewer in (eve, None):
        if viewer is None:
            client.logout()
        else:
            as_user(client, viewer)
        assert secret not in page_of(client, game)
        assert secret not in page_of(client, game, "history/")
        assert secret not in client.get(f"/games/{game.pk}/panel/").content.decode()
        assert api_as(viewer).get(f"/api/games/{game.pk}/chat/").json() == []
    assert secret in page_of(as_user(client, pair[1]), game)

    finish(game)
    for viewer in (eve, None):
        if viewer is None:
            client.logout()
        else:
            as_user(client, viewer)
        assert secret in page_of(client, game)
        assert secret in page_of(client, game, "history/")
        [said] = api_as(viewer).get(f"/api/games/{game.pk}/chat/").json()
        assert said["text"].startswith(secret) and said["player"] == "ann"


def test_the_history_places_the_talk_between_the_moves(client, pair):
    game = started_game(pair)
    chat.post(game, pair[1], "before anything", Move.Source.WEB)
    first = play_turn(game)
    after_first = game.seq
    chat.post(game, user_at(game, 1 - first), "nice opening", Move.Source.WEB)
    play_turn(game)
    html = page_of(as_user(client, pair[0]), game, "history/")
    log = html[html.index('class="log full"') :]
    deal = log.index("The deal")
    said_first = log.index("before anything")
    move_at = log.index(f'href="?seq={after_first}"')
    said_after = log.index("nice opening")
    next_move = log.index(f'href="?seq={after_first + 1}"')
    assert deal < said_first < log.index('href="?seq=1"')
    assert move_at < said_after < next_move
    assert ChatMessage.objects.get(text="nice opening").at_seq == after_first


# ---------------------------------------------------------------------------- the API


def test_players_talk_through_the_api_and_read_it_as_the_page_shows_it(pair, eve):
    game = started_game(pair)
    url = f"/api/games/{game.pk}/chat/"
    said = api_as(pair[0]).post(url, {"text": " hi ben "}, format="json")
    assert said.status_code == 201
    body = said.json()
    assert (body["text"], body["player"], body["seat"], body["source"], body["at_seq"]) == (
        "hi ben",
        "ann",
        game.seat_of(pair[0]),
        "api",
        game.seq,
    )
    assert [m["text"] for m in api_as(pair[1]).get(url).json()] == ["hi ben"]
    assert api_as(eve).get(url).json() == []


def test_the_api_refuses_talk_with_why(pair, eve):
    game = started_game(pair)
    url = f"/api/games/{game.pk}/chat/"
    empty = api_as(pair[0]).post(url, {"text": "   "}, format="json")
    assert empty.status_code == 400
    assert empty.json()["detail"] == "There is nothing to say: the message is empty."
    too_long = api_as(pair[0]).post(url, {"text": "x" * 501}, format="json")
    assert too_long.status_code == 400 and "500" in too_long.json()["detail"]
    stranger = api_as(eve).post(url, {"text": "hi"}, format="json")
    assert stranger.status_code == 403 and "no seat" in stranger.json()["detail"]
    anonymous = api_as().post(url, {"text": "hi"}, format="json")
    assert anonymous.status_code == 401
    missing = api_as(pair[0]).post("/api/games/999999/chat/", {"text": "hi"}, format="json")
    assert missing.status_code == 404
    assert not ChatMessage.objects.exists()


# ---------------------------------------------------------------------------- by email


def test_a_say_line_in_a_reply_is_said_at_the_table_and_never_played(trio):
    game = started_game(trio)
    seat = game.to_act[0]
    lines = mailhelpers.whole_turn(game, seat)
    text = "say good luck, everyone!\n" + "\n".join(lines) + "\nSAY: may the best win"
    record = reply(game, seat, text)
    assert record.result == "accepted", record.detail
    game.refresh_from_db()
    assert game.moves.filter(source=Move.Source.EMAIL).count() == len(lines)
    said = list(ChatMessage.objects.filter(game=game).values_list("text", "source", "at_seq"))
    assert said == [("good luck, everyone!", "email", 0), ("may the best win", "email", 0)]
    answer = answer_text()
    assert "Said at the table: 2 lines." in answer
    assert f"Played: {len(lines)} step" in answer
    assert "Said at the table:\n  - good luck, everyone!\n  - may the best win\n" in answer


def test_a_reply_that_only_talks_is_said_even_when_it_is_not_your_turn(trio):
    game = started_game(trio)
    first = game.to_act[0]
    original = mailhelpers.latest_email(Outbox.Kind.TURN, first)
    play_turn(game)
    record = inbound.receive(mailhelpers.reply_to(original, "say over to you"), "test")
    assert record.result == "accepted", record.detail
    message = ChatMessage.objects.get(game=game)
    assert (message.text, message.seat, message.at_seq) == ("over to you", first, game.seq)
    assert "Said at the table: 1 line." in answer_text()


def test_a_refused_say_line_is_answered_with_why_and_the_moves_still_play(trio):
    game = started_game(trio)
    seat = game.to_act[0]
    lines = mailhelpers.whole_turn(game, seat)
    record = reply(game, seat, "say\n" + "\n".join(lines))
    assert record.result == "accepted", record.detail
    assert game.moves.filter(source=Move.Source.EMAIL).count() == len(lines)
    assert not ChatMessage.objects.exists()
    answer = answer_text()
    assert "Not said at the table: 1 line (see below)." in answer
    assert "line 1: say\n  There is nothing to say: the message is empty." in answer


def test_the_email_help_tells_how_to_talk_at_the_table_in_every_game(make_user):
    for rules in pages.available_games():
        slug = rules.slug
        users = [make_user(f"{slug[:8]}{n}") for n in range(rules.min_players)]
        game = started_game(users, slug)
        seat = game.to_act[0]
        record = reply(game, seat, "help")
        assert record.result == "answered", (slug, record.detail)
        text = answer_text()
        assert 'a line that starts with "say " is said to the other players' in text, slug
        assert "  say good luck!\n" in text, slug
        assert game.moves.count() == 0 and not ChatMessage.objects.exists()


def test_the_turn_email_tells_what_was_said_since_the_last_turn(pair):
    game = started_game(pair)
    a = game.to_act[0]
    b = 1 - a
    chat.post(game, user_at(game, b), "my own words", Move.Source.WEB)
    chat.post(game, user_at(game, a), "old news", Move.Source.WEB)
    play_turn(game)
    first = mailhelpers.latest_email(Outbox.Kind.TURN, b)
    assert "Said at the table since your last turn:\n" in text_of(first)
    assert f"  {user_at(game, a).username}: old news\n" in text_of(first)
    # What they said themselves they know: it is not told back to them.
    assert "my own words" not in text_of(first)

    play_turn(game)  # b plays
    game.refresh_from_db()
    chat.post(game, user_at(game, a), "<b>bold</b> move", Move.Source.WEB)
    play_turn(game)  # a plays
    second = mailhelpers.latest_email(Outbox.Kind.TURN, b)
    assert f"  {user_at(game, a).username}: <b>bold</b> move\n" in text_of(second)
    assert "old news" not in text_of(second)
    html = second.get_body(("html",)).get_content()
    assert "&lt;b&gt;bold&lt;/b&gt; move" in html and "<b>bold</b>" not in html


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")


# ---------------------------------------------------------------------------- rate limit


@pytest.fixture
def two_messages_per_ten_minutes(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "chat": "2/10m"}


@pytest.mark.usefixtures("two_messages_per_ten_minutes")
def test_talking_too_much_is_refused_with_429_and_when_to_try_again(client, pair):
    game = started_game(pair)
    ann = pair[0]
    assert say_on_the_page(as_user(client, ann), game, "one").status_code == 302
    two = api_as(ann).post(f"/api/games/{game.pk}/chat/", {"text": "two"}, format="json")
    assert two.status_code == 201

    page = say_on_the_page(client, game, "three", HTTP_HX_REQUEST="true")
    assert page.status_code == 429
    assert 0 < int(page["Retry-After"]) <= 600
    assert "You have said a lot in a short time" in page.content.decode()

    api = api_as(ann).post(f"/api/games/{game.pk}/chat/", {"text": "three"}, format="json")
    assert api.status_code == 429
    assert 0 < int(api["Retry-After"]) <= 600
    assert api.json()["detail"].startswith("You have said a lot in a short time")
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["one", "two"]

    # The other player still talks: the limit is per player.
    assert say_on_the_page(as_user(client, pair[1]), game, "calm down").status_code == 302


@pytest.mark.usefixtures("two_messages_per_ten_minutes")
def test_talking_too_much_by_email_is_answered_with_why(trio):
    game = started_game(trio)
    seat = game.to_act[0]
    record = reply(game, seat, "say one\nsay two\nsay three")
    assert record.result == "accepted", record.detail
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["one", "two"]
    answer = answer_text()
    assert "line 3: say three\n  You have said a lot in a short time" in answer


# ---------------------------------------------------------------------------- the game


def test_talk_between_moves_changes_no_state_and_no_draw(pair, make_user):
    """Two games from the same seed, the same moves; at one table the players talk between
    every step. Seq, state, the random stream and every draw stay the same."""
    quiet, talkative = twin_games(pair, make_user)
    for _ in range(12):
        if quiet.is_over:
            break
        before = (talkative.seq, talkative.state, talkative.random_events)
        next_draw = store.random_stream(talkative).rng_for(talkative.seq + 1).randint(1, 10**9)
        for seat in range(2):
            chat.post(talkative, user_at(talkative, seat), f"at {talkative.seq}", "web")
            api_as(user_at(talkative, seat)).post(
                f"/api/games/{talkative.pk}/chat/", {"text": "and more"}, format="json"
            )
        talkative.refresh_from_db()
        assert (talkative.seq, talkative.state, talkative.random_events) == before
        assert store.random_stream(talkative).rng_for(talkative.seq + 1).randint(1, 10**9) == (
            next_draw
        )
        seat = quiet.to_act[0]
        move = quiet.rules.legal_moves(quiet.state, seat)[0]
        for game in (quiet, talkative):
            store.submit(game, user_at(game, seat), move, game.seq, Move.Source.WEB)
            game.refresh_from_db()
        assert talkative.state == quiet.state
        assert talkative.random_events == quiet.random_events
    assert ChatMessage.objects.filter(game=talkative).count() > 0
    assert store.verify(talkative) == []


def twin_games(players, make_user) -> tuple[Game, Game]:
    """Two DOS games (it draws cards as it goes) with one secret seed, for the same players."""
    first = started_game(players, "dos")
    second = started_game([make_user("cat"), make_user("dan")], "dos")
    for position in range(2):
        second.seats.filter(position=position).update(user=players[position])
    seed = "one seed for both tables"
    Game.objects.filter(pk__in=[first.pk, second.pk]).update(
        seed=seed, seed_sha256=games.seed_digest(seed), random_events=0
    )
    for game in (first, second):
        store.rebuild_projection(Game.objects.get(pk=game.pk))
    return Game.objects.get(pk=first.pk), Game.objects.get(pk=second.pk)


# ---------------------------------------------------------------------------- private notes


def test_a_private_note_is_read_by_its_author_and_nobody_else(client, trio, eve):
    game = started_game(trio)
    ann, ben = trio[0], trio[1]
    secret = "ben bluffs when he takes column 2"
    saved = as_user(client, ann).post(f"/games/{game.pk}/note/", {"text": secret})
    assert saved.status_code == 302 and saved["Location"] == f"/games/{game.pk}/#note"
    assert secret in page_of(client, game)

    for reader in (ben, eve):
        as_user(client, reader)
        for path in ("", "history/", "panel/"):
            assert secret not in page_of(client, game, path), (reader, path)
    client.logout()
    assert secret not in page_of(client, game)

    assert api_as(ann).get(f"/api/games/{game.pk}/note/").json()["text"] == secret
    assert api_as(ben).get(f"/api/games/{game.pk}/note/").json() == {"text": "", "updated": None}
    stranger = api_as(eve).get(f"/api/games/{game.pk}/note/")
    assert stranger.status_code == 403 and secret not in stranger.content.decode()
    assert api_as().get(f"/api/games/{game.pk}/note/").status_code == 401
    for reader in (ben, eve, None):
        assert secret not in api_as(reader).get(f"/api/games/{game.pk}/").content.decode()
        assert secret not in api_as(reader).get(f"/api/games/{game.pk}/chat/").content.decode()

    store.resign(game, ben, Move.Source.RESIGN)
    store.resign(game, trio[2], Move.Source.RESIGN)
    game.refresh_from_db()
    assert game.is_over
    as_user(client, eve)
    assert secret not in page_of(client, game) + page_of(client, game, "history/")
    assert secret not in api_as(eve).get(f"/api/games/{game.pk}/chat/").content.decode()


def test_a_note_is_kept_through_the_api_and_shows_on_the_page(client, pair):
    game = started_game(pair)
    url = f"/api/games/{game.pk}/note/"
    put = api_as(pair[0]).put(url, {"text": "plan: hoard\nthen strike"}, format="json")
    assert put.status_code == 200 and put.json()["text"] == "plan: hoard\nthen strike"
    assert put.json()["updated"]
    html = page_of(as_user(client, pair[0]), game)
    assert re.search(r'<textarea id="note-text"[^>]*>plan: hoard\nthen strike</textarea>', html)
    cleared = api_as(pair[0]).put(url, {"text": ""}, format="json")
    assert cleared.status_code == 200 and cleared.json()["text"] == ""


def test_a_note_over_its_length_or_by_a_stranger_is_refused_with_why(client, pair, eve):
    game = started_game(pair)
    url = f"/api/games/{game.pk}/note/"
    long = "n" * 4001
    too_long = as_user(client, pair[0]).post(
        f"/games/{game.pk}/note/", {"text": long}, HTTP_HX_REQUEST="true"
    )
    assert too_long.status_code == 400
    assert "Your note is 4001 characters long; a note holds at most 4000." in (
        too_long.content.decode()
    )
    assert api_as(pair[0]).put(url, {"text": long}, format="json").status_code == 400
    stranger = api_as(eve).put(url, {"text": "mine now"}, format="json")
    assert stranger.status_code == 403 and "no seat" in stranger.json()["detail"]
    assert as_user(client, eve).post(f"/games/{game.pk}/note/", {"text": "x"}).status_code == 403
    assert api_as().put(url, {"text": "x"}, format="json").status_code == 401
