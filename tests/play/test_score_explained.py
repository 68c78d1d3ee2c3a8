"""The finished game's page and its game-over email explain the score in sentences and a
table, from the rules' own explanation (plain scores for a game ended by resignations)."""

from __future__ import annotations

import html

import pytest

from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import scores, store
from tests.helpers.factories import play_random_steps, started_game, user_at

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


def finished_game(users, slug="gazobu"):
    game = started_game(users, slug)
    while not game.is_over:
        game = play_random_steps(game, 100, seed=f"score-{game.seq}")
    return game


@pytest.mark.parametrize("slug", ["gazobu", "dos", "dr_gomb", "buttons", "dr_hrubec"])
def test_the_finished_game_page_explains_the_score(make_user, client, slug):
    game = finished_game([make_user("ann"), make_user("ben")], slug)
    told = scores.explain(game, ["ann", "ben"])
    assert told.sentences[-1].startswith(("ann", "ben"))
    client.force_login(user_at(game, 0))
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "How the score was made" in page
    for sentence in told.sentences:
        assert html.escape(sentence, quote=True) in page
    assert 'class="score-table"' in page


def test_a_running_game_has_no_score_explained(make_user, client):
    game = play_random_steps(started_game([make_user("ann"), make_user("ben")]), 3)
    assert scores.explain(game, ["ann", "ben"]) is None
    client.force_login(user_at(game, 0))
    assert "How the score was made" not in client.get(f"/games/{game.pk}/").content.decode()


def test_the_game_over_email_explains_the_score_in_text_and_html(make_user):
    game = finished_game([make_user("ann"), make_user("ben")])
    message = compose(Outbox.objects.filter(kind=Outbox.Kind.GAME_OVER).first())
    told = scores.explain(game, ["ann", "ben"])
    for sentence in told.sentences:
        assert f"  - {sentence}" in message.body
    header = "  " + "  ".join(told.columns)
    assert any(line.split() == header.split() for line in message.body.splitlines())
    page = message.alternatives[0][0]
    assert '<h3 style="margin:1em 0 .3em">How the score was made</h3>' in page
    assert html.escape(told.sentences[0], quote=True) in page


def test_a_game_ended_by_resignation_is_explained_with_plain_scores(make_user):
    game = play_random_steps(started_game([make_user("ann"), make_user("ben")], "dos"), 5)
    store.resign(game, user_at(game, 1), "web")
    game.refresh_from_db()
    told = scores.explain(game, ["ann", "ben"])
    assert told.sentences[0].startswith("The scores: ")
    assert "ben resigned, and so cannot win." in told.sentences
    assert told.sentences[-1] == "ann wins."
