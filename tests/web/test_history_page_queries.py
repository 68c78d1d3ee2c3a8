"""The history page reads the log around the step it shows, from the nearest snapshot: its
queries are as many for a game of four hundred moves as for one of thirty, but for the
snapshot the longer one starts from."""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import Rng
from tabletop.play.autoplay import play_bot_steps
from tabletop.play.models import Game
from tests.helpers.factories import started_game, user_at


def dos_game(players: list, moves: int) -> Game:
    """A two-player DOS game to 500 points (it runs long) after about `moves` steps."""
    game = started_game(players, "dos", {"target": 500})
    return play_bot_steps(game, Rng(f"history {moves}"), moves)


def history_queries(client, game: Game) -> list[str]:
    url = f"/games/{game.pk}/history/?seq={game.seq - 1}"  # the same window in both
    client.get(url)  # the session and the player's settings, as a second look finds them
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return [query["sql"] for query in queries]


def test_the_history_pages_queries_do_not_grow_with_the_log(client, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    short, long = dos_game([ann, ben], 30), dos_game([ann, ben], 400)
    assert long.seq >= 400 and 30 <= short.seq < 60
    client.force_login(user_at(short, 0))
    # The long game's window starts from its nearest snapshot, one read a game of thirty
    # moves (which has none yet) does not make; nothing else is read for the longer log.
    assert len(history_queries(client, long)) <= len(history_queries(client, short)) + 1
