"""The rules pages (/rules/<slug>/): every game explained, every house ruling named, a worked
example whose numbers come out of the game's own scoring code, and the board's words explained
in place on the game page, linking there."""

from __future__ import annotations

import html
import re

import pytest

from games import dos as dos_rules
from games.buttons.rules import score_round
from games.dos.cards import POINTS as DOS_POINTS
from games.dos.cards import hand_points
from games.dr_gomb import scoring as dr_gomb_rules
from games.dr_hrubec.cards import BY_SLUG as DR_HRUBEC_CARDS
from games.dr_hrubec.rules import scoring as dr_hrubec_rules
from games.gazobu import rules as gazobu_rules
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import store
from tabletop.web import examples, glossary
from tests.helpers.factories import started_game

SLUGS = ["gazobu", "dos", "dr_gomb", "buttons", "dr_hrubec"]
SECTIONS = ["goal", "components", "turn", "scoring", "rulings", "terms"]

# RULINGS.md is kept beside the project (../shared/RULINGS.md), not inside it: these are the
# titles of its rulings (each bullet's opening words), so the check runs from any checkout.
# A ruling added there is added here with its text on the rules page.
RULINGS = {
    "general": [
        "Atomic steps",
        "Must vs may",
        "Several seats at once",
        "Real-time rules become windows",
        "Choices made only at scoring",
        "A question with only one",
        "Randomness",
        "Starting player and seat order",
    ],
    "gazobu": [
        "Deck",
        "House data",
        "A player who takes a",
        "End",
        "Black holes",
        "Extra monsters count as one",
        "Majority",
        "Hands are secret",
    ],
    "dos": [
        "Deck 108",
        "Deal 7 each",
        "A turn is either matching",
        "Drawing",
        "End of turn",
        "Wild DOS",
        "DOS call",
        "Round end",
    ],
    "dr_gomb": [
        "Deck 120",
        "A sequence belongs to one",
        "Joker",
        "Normal mode view",
        "Action C in basic mode",
        "A player with 25 cards",
        "Scoring",
    ],
    "buttons": [
        "Each board side is a",
        "Button cards",
        "Roll",
        "Bust",
        "Round end scoring for those",
        "End",
    ],
    "dr_hrubec": [
        "One ordinary six-sided die",
        "Draw deck",
        "House data",
        "Morning administration is optional",
        "You can play action cards",
        "The Alcoholic staggers to the",
        "Castling is simultaneous",
        "Game end and scoring as",
    ],
}


def page(client, slug: str) -> str:
    response = client.get(f"/rules/{slug}/")
    assert response.status_code == 200
    return response.content.decode()


def checked_numbers(text: str) -> dict[str, int]:
    """The example's numbers as the page writes them: elements marked data-check="key"."""
    return {key: int(value) for key, value in re.findall(r'data-check="([^"]+)">(-?\d+)<', text)}


def rulings_on(text: str) -> set[str]:
    return {html.unescape(title) for title in re.findall(r'data-ruling="([^"]+)"', text)}


# ---------------------------------------------------------------------------- the pages


@pytest.mark.parametrize("slug", SLUGS)
def test_a_visitor_reads_the_rules_with_every_section(client, db, slug):
    text = page(client, slug)
    for section in SECTIONS:
        assert f'id="{section}"' in text, section
    assert 'data-card="' in text or "bt-cell" in text, "the game's own card pictures"


@pytest.mark.parametrize("slug", SLUGS)
def test_every_ruling_of_the_game_and_every_general_one_is_on_its_page(client, db, slug):
    shown = rulings_on(page(client, slug))
    assert set(RULINGS[slug]) <= shown
    assert set(RULINGS["general"]) <= shown


@pytest.mark.parametrize("slug", SLUGS)
def test_every_term_has_its_place_on_the_rules_page(client, db, slug):
    text = page(client, slug)
    for term in glossary.of_game(slug).values():
        assert f'id="{term.anchor}"' in text
        assert f'id="{term.section}"' in text


def test_an_unknown_game_has_no_rules_and_says_so(client, db):
    response = client.get("/rules/chess/")
    assert response.status_code == 404
    text = response.content.decode()
    assert "no game called" in text and "chess" in text
    assert 'href="/rules/gazobu/"' in text


# ---------------------------------------------------------------------------- worked examples


def test_gazobus_example_adds_up_as_the_rules_score_it(client, db):
    scores, details = gazobu_rules.score_hands(examples.GAZOBU_HANDS, examples.PLAYERS)
    expected = {}
    for seat in details["seats"]:
        name = seat["name"]
        for family, info in seat["families"].items():
            expected[f"{name}-{family}"] = info["points"]
        expected[f"{name}-bonus"] = seat["bonus"]
        expected[f"{name}-total"] = scores[seat["seat"]]
    assert checked_numbers(page(client, "gazobu")) == expected


def test_doss_example_adds_up_as_the_rules_score_it(client, db):
    hands = examples.DOS_HANDS
    expected = {
        "hash": DOS_POINTS["blue #"],
        "dos": DOS_POINTS[dos_rules.cards.WILD_DOS],
        "Ben-hand": hand_points(hands[1]),
        "Cat-hand": hand_points(hands[2]),
        "Ann-gains": sum(hand_points(hand) for hand in hands),
    }
    assert checked_numbers(page(client, "dos")) == expected


def test_dr_gombs_example_adds_up_as_the_rules_score_it(client, db):
    scored = dr_gomb_rules.score_player(examples.DR_GOMB_SEQUENCES.split("/"))
    expected = {s["colour"]: s["points"] for s in scored["sequences"]}
    expected["extra"] = scored["extra"]["points"]
    expected["total"] = scored["total"]
    (joker,) = [j for s in scored["sequences"] for j in s["jokers"]]
    expected["joker"] = joker["value"]
    assert checked_numbers(page(client, "dr_gomb")) == expected


def test_buttons_example_adds_up_as_the_rules_score_it(client, db):
    scored = score_round(examples.buttons_state(), 0)
    expected = {
        "covered-red": scored["covered"]["red"],
        "covered-yellow": scored["covered"]["yellow"],
        "stars": scored["stars"],
    }
    assert checked_numbers(page(client, "buttons")) == expected


def test_dr_hrubecs_example_adds_up_as_the_rules_score_it(client, db):
    state = examples.dr_hrubec_state()
    sheet = dr_hrubec_rules.ability_sheet(state["teams"][0])
    patient = DR_HRUBEC_CARDS[examples.DR_HRUBEC_PATIENT]
    roll = dr_hrubec_rules.die_counts_as(state, examples.DR_HRUBEC_ROLL)
    expected = {f"sheet-{spec}": value for spec, value in sheet.items()}
    for spec, difficulty in patient.difficulty.items():
        skill = dr_hrubec_rules.team_skill(state, 0, spec)
        expected[f"skill-{spec}"] = skill
        expected[f"difficulty-{spec}"] = difficulty
        expected[f"total-{spec}"] = roll + skill
    expected["roll"] = roll
    score = dr_hrubec_rules.score_breakdown(state, 0)
    expected["cured-points"] = score["cured_points"]
    expected["dead-penalty"] = score["dead_penalty"]
    expected["total"] = score["total"]
    assert checked_numbers(page(client, "dr_hrubec")) == expected
    # The page says surgery cures and dermatology does not.
    assert expected["total-surgery"] >= expected["difficulty-surgery"]
    assert expected["total-dermatology"] < expected["difficulty-dermatology"]


# ---------------------------------------------------------------------------- links and terms


@pytest.fixture
def players(make_user):
    return [make_user("ann"), make_user("ben"), make_user("cat")]


# A term the board shows in every fresh game of the slug, to a seated player.
SHOWN_AT_START = {
    "gazobu": ["dealer", "pills"],
    "dos": ["dealer", "hash", "wild-dos", "centre-row"],
    "dr_gomb": ["talon", "basic-mode"],
    "buttons": [],
    "dr_hrubec": ["sur", "psy", "sto", "der", "waiting-room"],
}


@pytest.mark.parametrize("slug", SLUGS)
def test_the_game_page_links_to_the_rules_and_explains_its_words(client, players, slug):
    game = started_game(players, slug)
    client.force_login(players[0])
    text = client.get(f"/games/{game.pk}/").content.decode()
    assert f'href="/rules/{slug}/?from={game.pk}"' in text
    for key in SHOWN_AT_START[slug]:
        term = glossary.term(slug, key)
        note = re.search(
            rf'<span class="term" data-term="{key}"><button type="button" class="term-word" '
            rf'aria-describedby="([^"]+)"[^>]*>.*?</button><span class="term-note" id="\1">'
            rf"(.*?)</span></span>",
            text,
            re.S,
        )
        assert note, key
        assert html.escape(term.meaning) in note.group(2)
        assert f'href="/rules/{slug}/#{term.anchor}"' in note.group(2)


def test_buttons_explains_the_gold_square_after_a_roll(client, players):
    game = started_game(players, "buttons")
    store.submit(game, players[game.to_act[0]], {"kind": "roll"}, game.seq, "web")
    client.force_login(players[0])
    text = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-term="gold-square"' in text
    assert 'href="/rules/buttons/#term-gold-square"' in text


def test_the_new_game_page_links_to_the_rules(client, players):
    client.force_login(players[0])
    text = client.get("/games/new/?game=dr_hrubec").content.decode()
    assert 'href="/rules/dr_hrubec/"' in text


def test_the_turn_email_links_to_the_rules(players, settings):
    game = started_game(players, "dr_gomb")
    row = Outbox.objects.filter(game=game, kind=Outbox.Kind.TURN).latest("pk")
    message = compose(row)
    url = f"{settings.SITE_URL}/rules/dr_gomb/"
    assert f"How to play Dr. Gomb: {url}" in message.body
    assert f'<a href="{url}">How to play Dr. Gomb</a>' in message.alternatives[0][0]
