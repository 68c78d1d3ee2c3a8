"""The turn email's "Since your last turn" and "Said at the table since your last turn" tell
what the others did and said, never the player's own steps and talk back to them."""

from __future__ import annotations

from tabletop.mail.compose import compose
from tabletop.mail.models import Outbox
from tabletop.play import chat, store
from tabletop.play.models import LogLine, Move
from tests.helpers.factories import play_random_steps, started_game, user_at


def by_hand(game, source=Move.Source.WEB):
    """One step of the seat to act, as its player sends it."""
    seat = game.to_act[0]
    move = game.rules.legal_moves(game.state, seat)[0]
    store.submit(game, user_at(game, seat), move, game.seq, source)
    game.refresh_from_db()
    return game


def told_since(game, seat: int) -> tuple[list[str], list[str]]:
    body = compose(Outbox.objects.filter(kind="turn", seat=seat).latest("pk")).body
    since = body.split("Since your last turn:\n")[1].split("\n\n")[0].splitlines()
    talk = body.split("Said at the table since your last turn:\n")
    talk = talk[1].split("\n\n")[0].splitlines() if len(talk) > 1 else []
    return [line.removeprefix("  - ") for line in since], [line.strip() for line in talk]


def lines_of(game, mover: int, viewer: int, after_seq: int = 0) -> set[str]:
    """The log lines of `mover`'s steps after `after_seq`, as `viewer` reads them."""
    seqs = game.moves.filter(seat=mover, seq__gt=after_seq).values_list("seq", flat=True)
    rows = LogLine.objects.filter(game=game, seq__in=list(seqs), viewer=viewer)
    return set(rows.values_list("text", flat=True))


def test_a_vote_and_words_of_the_players_own_are_not_told_back_to_them(make_user):
    players = [make_user("ann"), make_user("ben"), make_user("cat")]
    game = started_game(players)
    first = game.to_act[0]
    while game.to_act == [first]:
        game = by_hand(game)
    second = game.to_act[0]
    store.call_vote(
        game, user_at(game, first), "extend", {"days": 2, "seat": second}, Move.Source.WEB
    )
    game.refresh_from_db()
    vote_seq = game.seq
    chat.post(game, user_at(game, first), "my own words", Move.Source.WEB)
    chat.post(game, user_at(game, second), "the others' words", Move.Source.WEB)
    while first not in game.to_act:
        game = by_hand(game)

    since, talk = told_since(game, first)

    mine = LogLine.objects.get(game=game, seq=vote_seq, viewer=first).text
    assert mine not in since
    assert since and not lines_of(game, first, first, vote_seq - 1) & set(since)
    assert any(line.endswith("the others' words") for line in talk)
    assert not any("my own words" in line for line in talk)


def test_a_player_whose_steps_a_bot_makes_reads_only_the_others_steps(make_user):
    """A demo's players are played by bots, through the store like anyone else: their turn
    email still tells what the others did, not their own steps again."""
    players = [make_user("ann"), make_user("ben"), make_user("cat")]
    game = started_game(players)
    first = game.to_act[0]
    while game.to_act == [first]:
        game = play_random_steps(game, 1)
    while first not in game.to_act:
        game = play_random_steps(game, 1)

    since, _ = told_since(game, first)

    assert since
    assert not lines_of(game, first, first) & set(since)
    others = {line for seat in range(3) if seat != first for line in lines_of(game, seat, first)}
    assert set(since) <= others
