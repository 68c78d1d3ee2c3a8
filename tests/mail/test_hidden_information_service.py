"""Fair play through the service: what the API and the emails say depends only on what the
reader may see.

For each game, a position in play is dealt again in everything one viewer may not see (the
disguises of tests/games/test_hidden_information.py: other hands, the deck, the queue, secret
picks, standing orders) and stored as the game's projection. The game as the API shows it to
that viewer, and the turn email that viewer would get, must not change by a byte. (The log
lines come from the log, which the disguise leaves alone; the rules tests check them.)
"""

from __future__ import annotations

import json
import re

import pytest
from rest_framework.test import APIClient

import games
from games import Rng
from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play.models import Game
from tests.games.dr_gomb.test_secrets import secret_slots, swapped
from tests.games.test_hidden_information import (
    buttons_hidden,
    dos_hidden,
    dr_hrubec_hidden,
    gazobu_hidden,
)
from tests.helpers.factories import play_random_steps, started_game, user_at


def dr_gomb_hidden(state: dict, viewer: int | None, rng: Rng, everything: bool) -> dict:
    """Secret cards swapped for others that look the same to `viewer` (deck, talon, box, the
    held card of another seat, and in normal mode covered numbers)."""
    slots = [slot for slot in secret_slots(state) if viewer not in slot.known_to]
    return swapped(state, slots, rng)[0]


DISGUISES = {
    "dr_gomb": dr_gomb_hidden,
    "gazobu": gazobu_hidden,
    "dos": dos_hidden,
    "buttons": buttons_hidden,
    "dr_hrubec": dr_hrubec_hidden,
}
# What changes from one email to the next whatever the game: signed links carry the moment
# they were signed, and log-in links a nonce of their own.
PER_EMAIL = re.compile(r"/mail/(go|unsubscribe)/[^/\s\"'<>]+/")


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def api_answers(game: Game, viewer: int | None) -> str:
    client = APIClient()
    if viewer is not None:
        client.force_authenticate(user_at(game, viewer))
    detail = client.get(f"/api/games/{game.pk}/")
    assert detail.status_code == 200
    return json.dumps(detail.json(), sort_keys=True)


def turn_email(game: Game, seat: int) -> str:
    row = Outbox(
        kind=Outbox.Kind.TURN, game=game, seat=seat, user=user_at(game, seat), at_seq=game.seq
    )
    row.to = row.user.email
    message = compose(row)
    html = message.alternatives[0][0] if message.alternatives else ""
    return PER_EMAIL.sub(r"/mail/\1/SIGNED/", f"{message.subject}\n{message.body}\n{html}")


def everything_told(game: Game, viewer: int | None) -> dict:
    game = Game.objects.get(pk=game.pk)
    told = {"api": api_answers(game, viewer)}
    if viewer is not None:
        told["email"] = turn_email(game, viewer)
    return told


def with_projection(game: Game, state: dict) -> None:
    """The test stands in for a different deal: only the cached position changes."""
    Game.objects.filter(pk=game.pk).update(state=state)


CASES = [(slug, {}) for slug in sorted(DISGUISES)] + [("dr_gomb", {"mode": "normal"})]


@pytest.mark.parametrize(("slug", "options"), CASES)
def test_the_api_and_the_turn_email_read_alike_whatever_a_viewer_cannot_see(
    make_user, slug, options
):
    players = [make_user(name) for name in ("ann", "ben", "cat")]
    rng = Rng(f"service-disguise-{slug}")
    for steps in (0, 7, 23):
        game = started_game(players, slug, options)
        game = play_random_steps(game, steps, seed=f"{slug}-{steps}")
        game.refresh_from_db()
        if game.is_over:
            continue
        real = game.state
        for viewer in [*range(game.players), None]:
            with_projection(game, real)
            told = everything_told(game, viewer)
            for everything in (True, False):
                with_projection(game, DISGUISES[slug](real, viewer, rng, everything))
                assert everything_told(game, viewer) == told, (
                    f"{slug} after {steps} steps: viewer {viewer} is told something hidden"
                )
        with_projection(game, real)


def test_the_disguises_cover_every_game():
    assert set(DISGUISES) == set(games.slugs())
