"""Staff read a tournament in the admin, its players, rounds and log beneath it, and can
change nothing there: a tournament changes only through its services, which keep its log."""

from __future__ import annotations

import pytest

from tabletop.tournaments import rounds
from tabletop.tournaments.models import TournamentEvent
from tests.helpers.tournaments import signed_up

pytestmark = pytest.mark.django_db


def test_staff_read_a_tournament_and_its_log_but_change_nothing(client, make_user):
    organiser, ann, ben = make_user("org"), make_user("ann"), make_user("ben")
    staff = make_user("mod")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    cup = signed_up(organiser, [ann, ben], "dos", format="round_robin", table_size=2, max_players=2)
    rounds.start_tournament(cup, organiser)
    client.force_login(staff)

    page = client.get(f"/admin/tournaments/tournament/{cup.pk}/change/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "ann" in text and "seated" in text
    logged = TournamentEvent.objects.filter(tournament=cup).count()
    posted = client.post(f"/admin/tournaments/tournament/{cup.pk}/change/", {"name": "Renamed"})
    assert posted.status_code == 403
    assert client.get(f"/admin/tournaments/tournament/{cup.pk}/delete/").status_code == 403
    cup.refresh_from_db()
    assert cup.name != "Renamed"
    assert TournamentEvent.objects.filter(tournament=cup).count() == logged
