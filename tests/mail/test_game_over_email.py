"""When a game ends everyone hears the result: scores with their breakdown, the seed that
was secret until now, and a link to step through the game; timeouts are told the same way."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play.tasks import sweep_deadlines
from tests.helpers.factories import play_random_steps, started_game

pytest_plugins = ["tests.helpers.mail"]
pytestmark = pytest.mark.usefixtures("fast_passwords")


def finished_game(users):
    game = started_game(users)
    while not game.is_over:
        game = play_random_steps(game, 50)
    return game


def test_the_game_over_email_has_scores_explained_seed_and_replay_link(make_user):
    ann, ben = make_user("ann"), make_user("ben")
    game = finished_game([ann, ben])
    rows = Outbox.objects.filter(kind=Outbox.Kind.GAME_OVER)
    assert sorted(row.to for row in rows) == ["ann@example.com", "ben@example.com"]
    message = compose(rows.get(user=ann))
    winners = " and ".join(["ann", "ben"][seat] for seat in game.outcome["winners"])
    assert message.subject in (
        f"Gazobu #{game.pk} is over: you won",
        f"Gazobu #{game.pk} is over: {winners} won",
    )
    body = message.body
    for seat, name in enumerate(["ann", "ben"]):
        assert f"  {name}: {game.outcome['scores'][seat]}" in body
    assert "How the score was made:\n  - " in body
    assert "majorities" not in body and "counts:" not in body
    assert f"The game's secret seed was {game.seed}" in body
    assert game.seed_sha256 in body
    assert f"http://localhost:8000/games/{game.pk}/history/" in body
    # Its reply address takes only "rematch" (tests/play/test_rematch.py).
    assert message.reply_to and 'reply "rematch" to this email' in body


def test_the_timeout_email_tells_the_late_player_and_the_others(make_user, frozen):
    ann, ben = make_user("ann"), make_user("ben")
    game = started_game([ann, ben])
    late = game.to_act[0]
    frozen.set(game.seats.get(position=late).deadline + timedelta(minutes=1))
    sweep_deadlines()
    names = ["ann", "ben"]
    to_late = compose(Outbox.objects.get(kind=Outbox.Kind.TIMEOUT, seat=late))
    to_other = compose(Outbox.objects.get(kind=Outbox.Kind.TIMEOUT, seat=1 - late))
    assert to_late.subject == f"Gazobu #{game.pk}: you ran out of time"
    assert "passed without a move, so a bot moved for you." in to_late.body
    assert to_other.subject == f"Gazobu #{game.pk}: {names[late]} ran out of time"
    assert f"{names[late]}'s deadline" in to_other.body
    assert "What was played:\n  - " in to_other.body
