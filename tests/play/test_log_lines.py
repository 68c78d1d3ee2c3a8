"""Each viewer's log lines are kept with the moves, and snapshots bound any replay: readers
tell exactly what a full replay of the log tells, to each viewer only what they may read."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

import games
from games import canonical
from tabletop.play import history, store
from tabletop.play.models import Game, LogLine, Snapshot
from tabletop.web import pages
from tests.helpers.factories import play_random_steps, started_game, user_at

SLUGS = [rules.slug for rules in pages.available_games()]


def replayed_lines(game: Game, viewer: int | None) -> list[dict]:
    """The log as today's readers told it before lines were kept: by replaying it all."""
    told = [
        history._line(game, move, before, after, viewer)
        for move, before, after in store.history(game)
    ]
    return history.mark_withdrawn(game, told)


def played(make_user, slug: str, steps: int | None, seed: str) -> Game:
    rules = games.get(slug)
    names = [f"{slug[:3]}{n}" for n in range(rules.min_players)]
    game = started_game([make_user(name) for name in names], slug)
    return play_random_steps(game, steps or 10_000, seed)


@pytest.mark.parametrize("slug", SLUGS)
def test_each_viewer_keeps_only_the_lines_the_rules_tell_them(make_user, slug):
    game = played(make_user, slug, 60, f"lines-{slug}")
    assert game.seq > 0
    rules = game.rules
    stored = {(line.seq, line.viewer): line.text for line in LogLine.objects.filter(game=game)}
    for move, before, after in store.history(game):
        if move.payload == store.RESIGN:
            continue
        told = {
            viewer: rules.describe(before, move.seat, move.payload, after, viewer)
            for viewer in store.viewers(game)
        }
        for viewer in store.viewers(game):
            line = stored[(move.seq, viewer)]
            assert line == told[viewer]
            for other in store.viewers(game):
                private = told[other] not in (told[None], told[viewer])
                assert not (private and line == told[other]), (
                    f"move {move.seq}: seat {viewer} keeps seat {other}'s own line"
                )


@pytest.mark.parametrize("slug", SLUGS)
def test_the_lines_read_are_the_lines_a_replay_tells_during_and_after_the_game(make_user, slug):
    game = played(make_user, slug, None, f"after-{slug}")
    assert game.is_over
    middle = Game.objects.get(pk=game.pk)
    # The same game as it stood mid-way: readers of a running game read the seats' own lines.
    middle.status, middle.seq = Game.Status.ACTIVE, game.seq // 2
    for viewer in store.viewers(game):
        whole = replayed_lines(game, viewer)
        assert history.lines(game, viewer) == whole
        assert history.latest_lines(game, viewer, 12) == whole[-12:]
        half = [line for line in replayed_lines(middle, viewer) if line["seq"] <= middle.seq]
        assert history.lines(middle, viewer) == half
        assert history.lines(middle, viewer, after_seq=3) == half[3:]


def test_a_resignation_and_a_forfeit_are_told_alike_to_everyone(make_user):
    game = play_random_steps(started_game([make_user("ann"), make_user("ben")], "dos"), 5)
    store.resign(game, user_at(game, 1), "web")
    game.refresh_from_db()
    for viewer in store.viewers(game):
        assert history.lines(game, viewer) == replayed_lines(game, viewer)
    assert history.lines(game, None)[5]["text"] == "ben resigned."


def test_replays_start_from_the_nearest_snapshot_and_match_a_full_replay(make_user):
    game = played(make_user, "dos", 130, "snapshots")
    assert game.seq >= 100
    assert list(game.snapshots.values_list("seq", flat=True)) == [50, 100]
    full = {0: store.initial_state(game)}
    full.update({move.seq: after for move, _before, after in store.history(game)})
    for seq in (0, 1, 49, 50, 51, 99, 100, game.seq):
        assert canonical(store.replay(game, upto=seq)) == canonical(full[seq]), seq
    assert store.verify(game) == []


def test_verify_log_finds_a_wrong_line_or_snapshot_and_rebuilds_them(make_user, capsys):
    game = played(make_user, "dos", 60, "tampered")
    LogLine.objects.filter(game=game, seq=3, viewer=1).update(text="a lie")
    Snapshot.objects.filter(game=game).update(random_events=0)
    problems = store.verify(game)
    assert "the log lines differ from the replay (1 differ, 0 missing, 0 extra)" in problems
    assert "the snapshots differ from the replay" in problems
    with pytest.raises(CommandError, match="1 projections differed"):
        call_command("verify_log")
    assert store.verify(game) == []


def test_a_game_logged_before_lines_were_kept_is_told_by_replay_until_projected(make_user):
    game = played(make_user, "gazobu", 20, "older")
    expected = {viewer: history.lines(game, viewer) for viewer in store.viewers(game)}
    LogLine.objects.filter(game=game).delete()
    Snapshot.objects.filter(game=game).delete()
    for viewer in store.viewers(game):
        assert history.lines(game, viewer) == expected[viewer]
    assert store.verify(game) == ["the log lines are not projected yet (readers replay)"]
    with pytest.raises(CommandError):
        call_command("verify_log", "--game", str(game.pk))
    assert store.verify(game) == []
    told_to = game.players + 1 + (1 if game.is_over else 0)  # everyone's, once it is over
    assert LogLine.objects.filter(game=game).count() == game.seq * told_to


def test_the_moves_api_tells_only_the_lines_after_the_seq_asked(make_user, client):
    game = played(make_user, "gazobu", 10, "after")
    client.force_login(user_at(game, 0))
    whole = client.get(f"/api/games/{game.pk}/moves/").json()
    assert [line["seq"] for line in whole] == list(range(1, 11))
    later = client.get(f"/api/games/{game.pk}/moves/?after=7").json()
    assert later == whole[7:]
    assert client.get(f"/api/games/{game.pk}/moves/?after=-1").status_code == 400
