"""Comments on the steps of a finished game: who writes them, who reads them, the author's own
edits and deletions, talk's limits, blocks, a player's own data, a deleted account, and the
comments carried by export_games and brought back by import_games."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from tabletop.accounts import blocks, deletion
from tabletop.accounts.my_data import my_data
from tabletop.play import comments, store
from tabletop.play.models import Game, Move, StepComment
from tests.helpers.factories import play_random_steps, started_game

pytest_plugins = ["tests.helpers.blocking"]


def finished_game(players: list, *, private: bool = False, steps: int = 3) -> Game:
    game = play_random_steps(started_game(players), steps)
    store.resign(game, players[-1], Move.Source.RESIGN)
    # A private table seats only the invited; how they came to sit is no matter here.
    Game.objects.filter(pk=game.pk).update(private=private)
    game.refresh_from_db()
    return game


def test_a_player_comments_on_a_step_of_a_finished_game_and_anyone_reads_it(ann, bob, cat):
    game = finished_game([ann, bob])
    written = comments.write(game, ann, 2, "  Here I  should have\ttaken the blue.  ")
    assert (written.seq, written.user) == (2, ann)
    assert written.text == "Here I should have taken the blue."
    assert [c.text for c in comments.comments_for(game, cat, seq=2)] == [written.text]
    assert comments.comments_for(game, None, seq=1) == []
    assert comments.thread(game, cat, 2).counts == {2: 1}


def test_nobody_comments_while_the_game_is_on(ann, bob):
    game = started_game([ann, bob])
    with pytest.raises(store.GameNotActive):
        comments.write(game, ann, 0, "too soon")


def test_a_visitor_comments_on_an_open_tables_game_but_not_on_a_private_ones(ann, bob, cat):
    assert comments.write(finished_game([ann, bob]), cat, 1, "nice opening").user == cat
    private = finished_game([ann, bob], private=True)
    with pytest.raises(store.NotASeat):
        comments.write(private, cat, 1, "let me in")
    comments.write(private, ann, 1, "between us")
    assert not comments.may_read(private, cat)
    assert comments.comments_for(private, cat) == []
    assert [c.text for c in comments.comments_for(private, bob)] == ["between us"]


def test_a_step_the_game_does_not_have_is_refused_with_the_steps_it_has(ann, bob):
    game = finished_game([ann, bob])
    with pytest.raises(store.Refused, match=f"its steps are 0 to {game.seq}"):
        comments.write(game, ann, game.seq + 1, "the future")
    assert comments.write(game, ann, 0, "a fair deal").seq == 0


def test_an_empty_or_too_long_comment_is_refused_as_talk_is(ann, bob):
    game = finished_game([ann, bob])
    with pytest.raises(store.Refused, match="empty"):
        comments.write(game, ann, 1, " \u202e\x00 ")
    with pytest.raises(store.Refused, match="at most 500"):
        comments.write(game, ann, 1, "x" * 501)
    assert not StepComment.objects.exists()


def test_writing_too_much_too_fast_is_refused_with_when_to_write_again(ann, bob, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "chat": "2/10m"}
    game = finished_game([ann, bob])
    comments.write(game, ann, 1, "one")
    comments.write(game, ann, 1, "two")
    with pytest.raises(comments.chat.TooMany) as refused:
        comments.write(game, ann, 1, "three")
    assert refused.value.wait > 0 and refused.value.status == 429


def test_only_its_author_edits_or_deletes_a_comment(ann, bob):
    game = finished_game([ann, bob])
    written = comments.write(game, ann, 1, "first thought")
    with pytest.raises(comments.NotYours):
        comments.edit(written, bob, "bob's words")
    with pytest.raises(comments.NotYours):
        comments.delete(written, bob)
    edited = comments.edit(written, ann, "second thought")
    assert edited.edited is not None
    assert StepComment.objects.get().text == "second thought"
    comments.delete(written, ann)
    assert not StepComment.objects.exists()


def test_a_blocked_player_cannot_comment_and_is_not_told_who_blocked_them(ann, bob, cat):
    game = finished_game([ann, cat])
    blocks.block(ann, bob)
    with pytest.raises(store.NotASeat) as refused:
        comments.write(game, bob, 1, "hello")
    assert refused.value.message == "You cannot comment on this game."  # names nobody
    assert comments.write(finished_game([cat, bob]), bob, 1, "elsewhere I may").user == bob


def test_the_blocker_does_not_read_what_the_player_they_block_wrote(ann, bob, cat):
    game = finished_game([ann, bob])
    comments.write(game, bob, 1, "gotcha")
    blocks.block(ann, bob)
    [seen] = comments.comments_for(game, ann)
    assert seen.muted and seen.text == ""
    assert comments.comments_for(game, cat)[0].text == "gotcha"


def test_a_players_own_data_holds_their_comments(ann, bob):
    game = finished_game([ann, bob])
    comments.write(game, ann, 2, "mine")
    comments.write(game, bob, 2, "not mine")
    assert [(c["game"], c["seq"], c["text"]) for c in my_data(ann)["comments"]] == [
        (game.pk, 2, "mine")
    ]


def test_a_deleted_accounts_comments_stay_like_its_talk_under_a_former_players_name(ann, bob):
    game = finished_game([ann, bob])
    comments.write(game, ann, 1, "well played")
    deletion.delete_account(ann)
    [kept] = comments.comments_for(game, bob)
    assert kept.text == "well played" and kept.user.username.startswith("former·")


def test_export_games_carries_the_comments_and_import_games_brings_them_back(
    ann, bob, cat, tmp_path
):
    game = finished_game([ann, bob])
    comments.write(game, cat, 0, "a fair deal")
    comments.edit(comments.write(game, ann, 2, "the turning point"), ann, "the real turning point")
    written = {c.text: (c.seq, c.user.username, c.created, c.edited) for c in game.comments.all()}
    path = tmp_path / "games.jsonl"
    call_command("export_games", "--output", str(path))
    [document] = [json.loads(line) for line in path.read_text().splitlines()]
    assert [(c["author"], c["seq"]) for c in document["comments"]] == [("cat", 0), ("ann", 2)]

    game.moves.all().delete()
    game.delete()
    cat.delete()  # an author this server does not know comes back as a placeholder
    call_command("import_games", str(path))

    imported = Game.objects.get()
    back = {c.text: (c.seq, c.user.username, c.created, c.edited) for c in imported.comments.all()}
    assert back == written
    assert not imported.comments.get(seq=0).user.is_active


def test_an_imported_line_with_a_broken_comment_is_refused_whole(ann, bob, tmp_path):
    game = finished_game([ann, bob])
    path = tmp_path / "games.jsonl"
    call_command("export_games", "--output", str(path))
    document = json.loads(path.read_text())
    document["comments"] = [{"author": "ann", "seq": game.seq + 5, "text": "?", "created": "x"}]
    game.moves.all().delete()
    game.delete()
    path.write_text(json.dumps(document) + "\n")
    with pytest.raises(Exception, match="refused"):
        call_command("import_games", str(path))
    assert not Game.objects.exists()
