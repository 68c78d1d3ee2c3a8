"""A Polish or a Czech player who plays a whole game on its page reads no English word of the
service: not on the page at any step, not in its refusals (an illegal move, a stale one, one
out of turn), not in the score of a game that ends by its rules, by a vote or by a
resignation. The game's own log lines, moves and pictures are left out of the search: they
are the game's to translate (issue 33); its refusals, told in the reader's language by now,
are searched like the rest."""

from __future__ import annotations

import json
from html import unescape

import pytest
from django.test import Client

from tabletop.accounts.models import Preferences
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.english_left import english_left, games_own_words, log_lines_now, refusal_of
from tests.helpers.factories import started_game, user_at
from tests.web.test_languages import VisibleText, names_and_own_words

LANGUAGES = ["pl", "cs"]
STEPS = 40


def read(answer) -> str:
    """What a person reads or hears on a page, one piece a line."""
    page = VisibleText()
    page.feed(answer.content.decode())
    return "\n".join(unescape(piece) for piece in page.pieces)


def clients_of(game: Game) -> dict[int, Client]:
    clients = {}
    for seat in game.seats_with_players():
        clients[seat.position] = Client()
        clients[seat.position].force_login(seat.user)
    return clients


def posted(client: Client, game: Game, move: dict, seq: int) -> str:
    data = {"move": json.dumps(move), "expected_seq": seq}
    return read(client.post(f"/games/{game.pk}/move/", data, follow=True))


def players_in(language: str, make_user, names=("ann", "bob")):
    players = [make_user(name) for name in names]
    for player in players:
        Preferences.objects.create(user=player, language=language)
    return players


def left_on(pages: list[str], game: Game, language: str, *more: str) -> list[str]:
    own = games_own_words(game, *more) | names_and_own_words(language)
    return sorted({line for page in pages for line in english_left(page, own)})


# A move each game refuses by its own rules at the start, besides one of no kind it knows
# (games.base.require_move_kind's refusal).
ILLEGAL = {
    "gazobu": {"kind": "place", "column": 99},
    "dos": {"kind": "catch", "seat": 7},
    "dr_gomb": {"kind": "take", "pile": 7},
    "buttons": {"kind": "lay", "row": 9, "column": 1},
    "dr_hrubec": {"kind": "operate", "spec": "nowhere"},
}
UNKNOWN = {"kind": "nonsense"}


# Every game (slow: about a minute each).
@pytest.mark.parametrize("slug", ["gazobu", "dos", "dr_gomb", "buttons", "dr_hrubec"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_game_played_on_its_page_in_polish_and_czech_leaves_no_english(make_user, language, slug):
    game = started_game(players_in(language, make_user), slug)
    clients = clients_of(game)
    seat = game.to_act[0]
    illegal = ILLEGAL[slug]
    # The refusals are the games' own words, told in the reader's language: not left out.
    said: set[str] = set()
    assert refusal_of(game, seat, illegal) and refusal_of(game, seat, UNKNOWN)
    pages = [
        posted(clients[seat], game, illegal, game.seq),
        posted(clients[seat], game, UNKNOWN, game.seq),
        posted(clients[seat], game, illegal, game.seq + 5),  # stale
    ]
    if 1 - seat not in game.to_act:
        pages.append(posted(clients[1 - seat], game, illegal, game.seq))  # not their turn
    for _ in range(STEPS):  # a whole game of Gazobu; the first steps of a longer game
        if game.is_over:
            break
        mover = game.to_act[0]
        move = game.rules.legal_moves(game.state, mover)[0]
        pages.append(posted(clients[mover], game, move, game.seq))
        game.refresh_from_db()
        said |= log_lines_now(game)
    for client in clients.values():
        pages.append(read(client.get(f"/games/{game.pk}/")))
        pages.append(read(client.get(f"/games/{game.pk}/history/")))
    left = left_on(pages, game, language, *said)
    assert not left, "\n".join(left)


def game_over_texts(game: Game) -> list[str]:
    texts = []
    for row in Outbox.objects.filter(game=game, kind=Outbox.Kind.GAME_OVER):
        message = compose(row)
        texts += [message.subject, message.body]
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_score_after_a_vote_or_a_resignation_reads_in_polish_and_czech(make_user, language):
    ann, bob, cy = players_in(language, make_user, ("ann", "bob", "cy"))
    voted = started_game([ann, bob, cy])
    store.call_vote(voted, ann, "end", {"how": "scored"}, Move.Source.WEB)
    vote = voted.votes.get()
    for player in (bob, cy):
        store.answer_vote(voted, player, vote.pk, True, Move.Source.WEB)
    resigned = started_game([ann, bob])
    store.resign(resigned, user_at(resigned, resigned.to_act[0]), Move.Source.RESIGN)
    for game in (voted, resigned):
        game.refresh_from_db()
        assert game.is_over
        client = clients_of(game)[0]
        pages = [read(client.get(f"/games/{game.pk}/")), *game_over_texts(game)]
        assert "score-explained" in client.get(f"/games/{game.pk}/").content.decode()
        left = left_on(pages, game, language)
        assert not left, "\n".join(left)
