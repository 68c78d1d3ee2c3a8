"""Dr. Hrubec's card pictures read in the reader's language: a Polish or Czech player reads
every card's name, printed effect and specializations as the catalogues say them (the names
the log lines use), on the game page while it is played, once it is over, and on the rules
page with its "Words on the board"; no English card name or effect is left (issue 33)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.dr_hrubec.cards import CARDS, SPECIALIZATIONS, card_text, name, spec_name
from tabletop.web.boards.dr_hrubec import card
from tests.helpers.factories import play_random_steps, started_game, user_at
from tests.helpers.game_texts import LANGUAGES, read_in, untranslated
from tests.web.test_languages import visible_text

SPECIALIZATION = re.compile(r"\b(surgery|psychiatry|stomatology|dermatology|SUR)\b")


def english_on(html: str, language: str) -> list[str]:
    """The English card names and effects a reader of `language` reads on the page (a name the
    language writes as English does, such as Schizoid, does not count)."""
    read = "\n".join(visible_text(html))
    whole = unescape(html)
    left = []
    for shown in CARDS:
        english = shown.name
        translated = read_in(name(shown.slug), language) != english
        if translated and re.search(rf"(?<![\w.]){re.escape(english)}(?!\w)", read):
            left.append(english)
        if shown.text and shown.text in whole:
            left.append(shown.text)
    left += SPECIALIZATION.findall(read)
    return left


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_cards_name_and_effect_is_in_the_catalogue(language):
    for shown in CARDS:
        assert untranslated(name(shown.slug), language) == [], shown.slug
        assert untranslated(card_text(shown.slug) or name(shown.slug), language) == [], shown.slug


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_picture_reads_in_polish_and_czech(language):
    for shown in CARDS:
        with translation.override(language):
            html = render_to_string("games/dr_hrubec/card.html", {"card": card(shown.slug)})
        read = "\n".join(visible_text(html))
        assert read_in(name(shown.slug), language) in read, shown.slug
        if shown.text:
            assert read_in(card_text(shown.slug), language) in read, shown.slug
        assert english_on(html, language) == [], shown.slug
    with translation.override(language):
        sheet = card("dr_scalpel")["skills"]
    assert [skill["name"] for skill in sheet] == [
        read_in(spec_name(spec), language) for spec in SPECIALIZATIONS
    ]


def pages(client, game, language: str) -> list[str]:
    shown = []
    for seat in range(len(game.seats_with_players())):
        client.force_login(user_at(game, seat))
        answer = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language)
        shown.append(answer.content.decode())
    return shown


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_names_no_card_in_english_during_play_and_at_the_end(client, make_user, language):
    players = [make_user(name) for name in ("ann", "ben", "cat")]
    game = play_random_steps(started_game(players, "dr_hrubec"), 30)
    during = pages(client, game, language)
    finished = play_random_steps(game, None)
    assert finished.is_over
    after = pages(client, finished, language)

    for html in during + after:
        assert 'class="hr-card' in html
        assert english_on(html, language) == []
    english = pages(client, finished, "en")[0]
    assert english_on(english, "en") != []  # the check finds English where there is some


@pytest.mark.parametrize(("language", "surgery"), [("pl", "CHI"), ("cs", "CHI")])
def test_the_rules_pages_cards_and_words_on_the_board_read_in_polish_and_czech(
    client, db, language, surgery
):
    html = client.get("/rules/dr_hrubec/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    terms = re.search(r'<dl class="terms">(.*?)</dl>', html, re.S)[1]

    assert re.search(rf'<dt id="term-sur">{surgery}</dt>', terms)
    assert "SUR" not in visible_text(terms)
    pictures = "".join(re.findall(r'<div class="hr-card.*?</div>\s*</div>', html, re.S))
    assert pictures
    assert english_on(pictures, language) == []
