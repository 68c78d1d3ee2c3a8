"""`manage.py verify_log` rebuilds every tournament's standings from its own log and reports
the ones whose projection differed."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command

from tabletop.tournaments import rounds
from tests.helpers.tournaments import finish_round, signed_up

pytestmark = pytest.mark.django_db


def test_verify_log_rebuilds_standings_that_differ_from_the_log(make_user, capsys):
    organiser = make_user("org")
    field = [make_user(f"p{n}") for n in range(2)]
    tournament = signed_up(
        organiser,
        field,
        "dos",
        format="swiss",
        rounds=1,
        table_size=2,
        max_players=2,
        options={"target": 100},
    )
    rounds.start_tournament(tournament, organiser)
    finish_round(tournament)
    call_command("verify_log")  # clean: no CommandError
    capsys.readouterr()
    entry = tournament.entries.first()
    right = entry.points
    entry.points = right + 5
    entry.save()
    with pytest.raises(CommandError, match="1 projections differed"):
        call_command("verify_log")
    assert f"tournament {tournament.pk} (dos cup): points differ from the log" in (
        capsys.readouterr().out
    )
    entry.refresh_from_db()
    assert entry.points == right
    call_command("verify_log")
