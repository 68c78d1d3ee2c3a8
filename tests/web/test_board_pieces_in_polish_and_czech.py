"""The pictures of cards and dice on a game page name themselves in the reader's language: a
Polish or Czech player hovering a DOS card, a Dr. Gomb card or a Buttons die (or hearing it
from a screen reader) reads "czerwona 7" or "kostka biała: 3", never "red 7" or "white die"."""

from __future__ import annotations

import re
from html import unescape

import pytest

from tabletop.play import store
from tabletop.play.models import Game, Move
from tests.helpers.factories import play_random_steps, started_game, user_at

ENGLISH = re.compile(r"\b(red|blue|green|yellow|pink|white|gold|black|die|number hidden)\b")
PICTURE = re.compile(r'<[^>]*role="img"[^>]*>')


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pictures_named(client, game: Game, language: str) -> list[str]:
    """Every title and aria-label of a card or die picture on the page, as read."""
    client.force_login(user_at(game, game.to_act[0] if game.to_act else 0))
    html = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    names = []
    for tag in PICTURE.findall(html):
        names += [unescape(n) for n in re.findall(r'(?:title|aria-label)="([^"]*)"', tag)]
    return names


def a_game_on_the_table(slug: str, make_user) -> Game:
    """A game a few moves in: cards in hands, rows and piles, or a roll of the dice shown."""
    game = started_game([make_user("ann"), make_user("ben")], slug)
    if slug == "buttons":
        roller = user_at(game, game.state["active"])
        store.submit(game, roller, {"kind": "roll"}, game.seq, Move.Source.WEB)
        game.refresh_from_db()
        return game
    return play_random_steps(game, 6)


@pytest.mark.parametrize("slug", ["dos", "dr_gomb", "buttons"])
def test_card_and_die_pictures_are_named_in_polish_and_czech(client, make_user, slug):
    game = a_game_on_the_table(slug, make_user)

    english = pictures_named(client, game, "en")
    assert any(ENGLISH.search(name) for name in english), english  # the pictures are there

    for language in ("pl", "cs"):
        named = pictures_named(client, game, language)
        assert len(named) == len(english)
        assert [name for name in named if ENGLISH.search(name)] == [], language


def covered_cards(client, game: Game) -> list[str]:
    client.force_login(user_at(game, 0))
    html = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    return re.findall(r'<span class="gb-button[^"]*covered[^>]*>', html)


def test_a_covered_dr_gomb_card_is_named_by_its_colour_in_polish(client, make_user):
    game = started_game([make_user("ann"), make_user("ben")], "dr_gomb", {"mode": "normal"})
    for step in range(80):  # until some sequence holds a card under another
        if covered_cards(client, game) or game.is_over:
            break
        game = play_random_steps(game, 1, seed=f"step {step}")

    covered = covered_cards(client, game)
    assert covered
    for tag in covered:
        label = unescape(re.search(r'aria-label="([^"]*)"', tag)[1])
        assert label.endswith("(liczba ukryta)"), label
        assert label.split(" ")[0] in {"czerwona", "zielona", "niebieska", "różowa"}, label


@pytest.mark.parametrize(("language", "said"), [("pl", "Połóż guzik w wierszu"), ("cs", "Polož")])
def test_the_buttons_squares_say_where_a_button_goes_in_polish_and_czech(
    client, make_user, language, said
):
    game = a_game_on_the_table("buttons", make_user)
    client.force_login(user_at(game, game.to_act[0]))

    html = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    squares = re.findall(r'<button class="bt-cell[^>]*aria-label="([^"]*)"', html)

    assert squares
    assert all(unescape(label).startswith(said) for label in squares), squares
    assert not any("Lay a button" in label for label in squares)


COLOURS = re.compile(r"\b(red|yellow|green|blue)\b")
NAMED = re.compile(r'(?:title|aria-label)="([^"]*)"')
SPOKEN = re.compile(r'<span class="(?:sr|bt-card[^"]*)"[^>]*>([^<]*)<')


def buttons_board_read(client, game: Game, language: str) -> list[str]:
    """Every title and aria-label on the Buttons table, the screen reader's words for its
    squares, the button cards' names and the last round's line, as the page gives them."""
    html = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    table = html[html.index('<div class="bt-table') :]
    read = NAMED.findall(table) + SPOKEN.findall(table)
    read += re.findall(r'<p class="bt-last-round">(.*?)</p>', table, re.DOTALL)
    return [unescape(text) for text in read]


def a_buttons_table_after_a_round(make_user) -> Game:
    """Squares to lay a button on, button cards in hand, and a last round in which ann
    covered red three times."""
    game = a_game_on_the_table("buttons", make_user)
    state = game.state
    state["last_round"] = {
        "round": 1,
        "scores": [{"stars": 3, "colours": ["red"], "cards": ["red"]}, None],
    }
    Game.objects.filter(pk=game.pk).update(state=state)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_no_buttons_square_card_or_round_names_its_colour_in_english(client, make_user, language):
    game = a_buttons_table_after_a_round(make_user)
    client.force_login(user_at(game, game.to_act[0]))

    english = buttons_board_read(client, game, "en")
    assert any("red" in text for text in english)  # the colours are named on the table
    assert any("three times" in text for text in english)

    read = buttons_board_read(client, game, language)
    assert len(read) == len(english)
    assert [text for text in read if COLOURS.search(text)] == []
