"""A tournament's games are rated like any other game between people; one the computer
finished for a dropped player is not, as no game with a bot seat is."""

from __future__ import annotations

import pytest

from tabletop.ratings.models import RatingChange
from tabletop.tournaments import drops, rounds
from tests.helpers.factories import play_as_people
from tests.helpers.tournaments import games_of_round, signed_up

pytestmark = pytest.mark.django_db


def two_seat_cup(make_user, slug: str = "gazobu"):
    organiser, ann, ben = make_user("org"), make_user("ann"), make_user("ben")
    tournament = signed_up(
        organiser, [ann, ben], slug, format="round_robin", table_size=2, max_players=2
    )
    rounds.start_tournament(tournament, organiser)
    return tournament, organiser, ann, ben


def test_a_tournament_game_played_to_its_end_by_its_players_is_rated(make_user):
    tournament, _, ann, ben = two_seat_cup(make_user)
    [game] = games_of_round(tournament, 1)
    play_as_people(game, "cup")
    rated = RatingChange.objects.filter(game=game)
    assert sorted(change.user_id for change in rated) == sorted([ann.pk, ben.pk])
    tournament.refresh_from_db()
    assert tournament.status == "finished"


def test_a_tournament_game_the_computer_finished_for_a_dropped_player_is_not_rated(make_user):
    tournament, organiser, ann, _ = two_seat_cup(make_user)
    [game] = games_of_round(tournament, 1)
    play_as_people(game, "cup", steps=2)
    drops.drop_player(tournament, ann, "left the club", by=organiser)
    play_as_people(game, "cup")  # the bot plays ann's seat as the store hands it its turns
    game.refresh_from_db()
    assert game.is_over
    assert not RatingChange.objects.filter(game=game).exists()
