"""Joining and leaving until the start, with refusals that say what stands in the way; the
start at the sign-up deadline; a tournament by invitation and its private games."""

from __future__ import annotations

from datetime import timedelta

import pytest

from tabletop.play import clock, invitations
from tabletop.play.store import Refused
from tabletop.tournaments import deadlines, entries, rounds
from tabletop.tournaments.errors import Closed, NotInvited, NotOrganiser
from tabletop.tournaments.models import Tournament, TournamentEvent
from tests.helpers.tournaments import games_of_round, signed_up

pytestmark = pytest.mark.django_db


def swiss(organiser, players, **settings):
    settings = {"format": "swiss", "rounds": 2, "table_size": 2, "max_players": 4, **settings}
    return signed_up(organiser, players, "dos", **settings)


def test_a_full_tournament_refuses_one_more(make_user):
    tournament = swiss(make_user("org"), [make_user(f"p{n}") for n in range(4)])
    with pytest.raises(Closed, match="full: all 4 places are taken"):
        entries.join_tournament(tournament, make_user("late"))


def test_joining_after_the_sign_up_deadline_is_refused(make_user):
    tournament = swiss(make_user("org"), [])
    clock.set_now(tournament.signup_deadline + timedelta(minutes=1))
    try:
        with pytest.raises(Closed, match="sign-up deadline"):
            entries.join_tournament(tournament, make_user("late"))
    finally:
        clock.set_now(None)


def test_joining_a_started_tournament_is_refused(make_user):
    organiser = make_user("org")
    tournament = swiss(organiser, [make_user("ann"), make_user("ben")])
    rounds.start_tournament(tournament, organiser)
    with pytest.raises(Closed, match="has started"):
        entries.join_tournament(tournament, make_user("late"))


def test_only_the_organiser_starts_early(make_user):
    tournament = swiss(make_user("org"), [make_user("ann"), make_user("ben")])
    with pytest.raises(NotOrganiser):
        rounds.start_tournament(tournament, make_user("ann2"))


def test_a_player_leaves_before_the_start_and_the_log_says_so(make_user):
    ann = make_user("ann")
    tournament = swiss(make_user("org"), [ann])
    entries.leave_tournament(tournament, ann)
    assert not tournament.entries.exists()
    kinds = list(tournament.events.values_list("kind", flat=True))
    assert kinds == ["created", "joined", "left"]
    with pytest.raises(Refused, match="not joined"):
        entries.leave_tournament(tournament, ann)


def test_a_table_size_the_game_cannot_seat_is_refused(make_user):
    with pytest.raises(Refused, match="tables of 2 to 4"):
        swiss(make_user("org"), [], table_size=5, max_players=10)


def test_the_sweep_starts_a_tournament_at_its_sign_up_deadline(make_user):
    tournament = swiss(make_user("org"), [make_user(f"p{n}") for n in range(3)])
    clock.set_now(tournament.signup_deadline + timedelta(minutes=1))
    try:
        deadlines.sweep(clock.now())
    finally:
        clock.set_now(None)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    seating = tournament.events.get(kind=TournamentEvent.Kind.SEATED)
    assert len(seating.data["tables"]) == 1 and len(seating.data["byes"]) == 1


def test_too_few_players_at_the_deadline_cancel_it(make_user):
    tournament = swiss(make_user("org"), [make_user("ann")])
    clock.set_now(tournament.signup_deadline + timedelta(minutes=1))
    try:
        deadlines.sweep(clock.now())
    finally:
        clock.set_now(None)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.CANCELLED
    assert tournament.events.last().data == {"why": rounds.TOO_FEW}


def test_a_tournament_by_invitation_admits_only_the_invited_and_its_games_are_private(
    make_user,
):
    organiser, ann, stranger = make_user("org"), make_user("ann"), make_user("stranger")
    tournament = swiss(organiser, [ann, make_user("ben")], private=True)
    with pytest.raises(NotInvited):
        entries.join_tournament(tournament, stranger)
    rounds.start_tournament(tournament, organiser)
    (game,) = games_of_round(tournament, 1)
    assert game.private
    assert invitations.why_hidden(game, stranger)  # the game page answers them 403
    assert not invitations.why_hidden(game, ann)
