"""Playing on from any step of a finished game: the same seats (or swapped, or the strong
bot), a fresh secret seed, a log that starts from the source game's step and still verifies."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from django.core.management import call_command

from tabletop.play import store
from tabletop.play.export import export, rerun
from tabletop.play.models import Game
from tabletop.ratings.models import Rating
from tests.helpers.factories import play_as_people, started_game


@pytest.fixture
def finished(make_user) -> Game:
    return play_as_people(started_game([make_user("ann"), make_user("ben")]), "fork-source")


def seated(game: Game) -> list:
    return [seat.user for seat in game.seats.order_by("position")]


def test_a_fork_starts_at_the_source_position_with_a_fresh_seed(finished):
    ann, ben = seated(finished)
    fork = store.fork_game(finished, 6, [ann, ben], ann)
    position = store.replay(finished, upto=6)
    assert (fork.forked_from, fork.forked_at, fork.status) == (finished, 6, "active")
    assert fork.seed != finished.seed and fork.private
    assert fork.state["columns"] == position["columns"]
    assert fork.state["hands"] == position["hands"]
    assert fork.to_act == finished.rules.to_act(position)


def test_the_unseen_cards_are_shuffled_again_so_the_old_seed_tells_nothing(finished):
    ann, ben = seated(finished)
    fork = store.fork_game(finished, 6, [ann, ben], ann)
    old_pile = store.replay(finished, upto=6)["draw"]
    assert Counter(fork.state["draw"]) == Counter(old_pile)
    assert fork.state["draw"] != old_pile


def test_a_played_fork_verifies_and_its_download_replays_from_the_source_log(
    finished, tmp_path, capsys
):
    ann, ben = seated(finished)
    fork = play_as_people(store.fork_game(finished, 4, [ann, ben], ann), "fork-play")
    assert fork.is_over
    assert store.verify(fork) == []
    document = export(fork)
    assert (document["fork"]["game"], document["fork"]["seq"]) == (finished.pk, 4)
    assert rerun(document) == []
    path = tmp_path / "fork.json"
    path.write_text(json.dumps(document, default=str))
    call_command("replay_log", str(path))
    assert "replays to the recorded result" in capsys.readouterr().out
    call_command("verify_log", "--game", str(fork.pk))


def test_a_tampered_source_log_fails_the_forks_rerun(finished):
    ann, ben = seated(finished)
    fork = play_as_people(store.fork_game(finished, 4, [ann, ben], ann), "fork-tamper")
    document = export(fork)
    document["fork"]["log"]["moves"][1]["move"] = {"kind": "nonsense"}
    assert any("refused on replay" in problem for problem in rerun(document))


def test_players_can_swap_seats_and_an_empty_seat_gets_the_strong_bot(finished):
    ann, ben = seated(finished)
    swapped = store.fork_game(finished, 3, [ben, ann], ann)
    assert [u.username for u in seated(swapped)] == ["ben", "ann"]
    assert swapped.state["players"] == ["ben", "ann"]
    against_bot = store.fork_game(finished, 3, [None, ann], ann)
    bot_seat = against_bot.seats.get(position=0)
    assert bot_seat.is_bot and bot_seat.user.username.startswith("bot·")
    assert 0 not in against_bot.to_act  # the bot has moved if it was its turn


def test_a_fork_is_never_rated(finished):
    ann, ben = seated(finished)
    rated = {r.user_id: r.games for r in Rating.objects.all()}
    play_as_people(store.fork_game(finished, 4, [ann, ben], ann), "fork-unrated")
    assert {r.user_id: r.games for r in Rating.objects.all()} == rated


def test_a_fork_is_refused_with_the_reason(finished, make_user):
    ann, ben = seated(finished)
    eve = make_user("eve")
    running = started_game([make_user("cat"), make_user("dan")])
    cases = [
        ((running, 0, seated(running), running.created_by), "once it is over"),
        ((finished, finished.seq, [ann, ben], ann), "The game is over after move"),
        ((finished, finished.seq + 1, [ann, ben], ann), "does not exist"),
        ((finished, 2, [None, ben], ann), "Take a seat yourself"),
        ((finished, 2, [eve, ann], ann), "Only the players of the game"),
        ((finished, 2, [eve, ann], eve), "Only the players of the game"),
        ((finished, 2, [ann, ann], ann), "one seat only"),
        ((finished, 2, [ann], ann), "this position has 2 seats"),
    ]
    for arguments, reason in cases:
        with pytest.raises(store.Refused, match=reason):
            store.fork_game(*arguments)
    assert not Game.objects.filter(forked_from__isnull=False).exists()


def test_anyone_who_saw_the_game_plays_on_from_it_against_the_computer(finished, make_user):
    eve = make_user("eve")
    fork = store.fork_game(finished, 5, [None, eve], eve)
    assert [s.is_bot for s in fork.seats.order_by("position")] == [True, False]


@pytest.mark.parametrize("slug", ["gazobu", "dr_gomb", "dr_hrubec"])
def test_a_games_face_down_deck_is_shuffled_again_and_nothing_else_changes(slug):
    import copy

    import games
    from games import RandomStream
    from tabletop.play.forks import starting_position

    rules = games.get(slug)
    position = rules.setup(["ann", "ben", "cat"], {}, games.Rng("deck"))
    deck = "draw" if slug == "gazobu" else "deck"
    fork = starting_position(
        rules, copy.deepcopy(position), ["cat", "ann", "ben"], RandomStream("new")
    )
    cards = (
        (lambda d: sorted(d[n : n + 2] for n in range(0, len(d), 2)))
        if slug == "dr_gomb"
        else sorted
    )
    assert cards(fork[deck]) == cards(position[deck]) and fork[deck] != position[deck]
    assert fork["players"] == ["cat", "ann", "ben"]
    unchanged = {k: v for k, v in position.items() if k not in (deck, "players")}
    assert {k: v for k, v in fork.items() if k not in (deck, "players")} == unchanged
    assert all(rules.legal_moves(fork, seat) for seat in rules.to_act(fork))
