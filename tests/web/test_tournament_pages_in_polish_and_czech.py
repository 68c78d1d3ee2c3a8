"""A Polish or a Czech player reads the tournament pages without an English word of the
service: the list, the new tournament's form, a running tournament with its standings,
rounds and the organiser's controls, and a refusal."""

from __future__ import annotations

import pytest
from django.test import Client

from tabletop.accounts.models import Preferences
from tabletop.tournaments import rounds
from tests.helpers.english_left import english_left
from tests.helpers.tournaments import finish_round, signed_up
from tests.web.test_languages import names_and_own_words
from tests.web.test_no_english_left_in_polish_and_czech import read


@pytest.mark.parametrize("language", ["pl", "cs"])
def test_the_tournament_pages_show_no_english_of_the_interface(make_user, language):
    org, ann, ben, cat = (make_user(name) for name in ("org", "ann", "ben", "cat"))
    for player in (org, ann):
        Preferences.objects.update_or_create(user=player, defaults={"language": language})
    shape = {"format": "swiss", "rounds": 2, "table_size": 2, "max_players": 3}
    running = rounds.start_tournament(signed_up(org, [ann, ben, cat], "dos", **shape), org)
    finish_round(running)
    full = signed_up(org, [ben, cat], "dos", **{**shape, "max_players": 2})
    own = names_and_own_words(language) | {"org", "ann", "ben", "cat", "dos cup", "DOS"}
    organiser, player = Client(), Client()
    organiser.force_login(org)
    player.force_login(ann)

    pages = {
        "the list": organiser.get("/tournaments/"),
        "the games to choose": organiser.get("/tournaments/new/"),
        "the form": organiser.get("/tournaments/new/?game=dos"),
        "the organiser's page": organiser.get(f"/tournaments/{running.pk}/"),
        "a player's page": player.get(f"/tournaments/{running.pk}/"),
        "a refusal": player.post(f"/tournaments/{full.pk}/join/"),
    }

    assert pages["a refusal"].status_code == 409
    left = {where: english_left(read(answer), own) for where, answer in pages.items()}
    assert {where: lines for where, lines in left.items() if lines} == {}
