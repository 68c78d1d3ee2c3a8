"""An account found by its address or name whatever their case, through an index: every
emailed reply looks its sender up so, and a scan of every account cost 3-7 ms a reply at
10,000 players (issue 31). PostgreSQL only: SQLite's iexact is a LIKE, which no index serves."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tabletop.mail.inbound.reading import senders_player
from tests.helpers.plans import plan_when_indexes_can_serve

pytestmark = pytest.mark.django_db


def test_a_replys_sender_is_found_whatever_the_case_through_an_index(on_postgresql, make_user):
    ann = make_user("ann", "Ann.Smith@Example.com")
    make_user("ben")

    assert senders_player("ann.smith@EXAMPLE.COM") == ann
    lookup = get_user_model().objects.filter(email__iexact="ann.smith@example.com")
    assert "auth_user_email_upper" in plan_when_indexes_can_serve(lookup.order_by("pk")[:1])


def test_a_name_is_found_whatever_the_case_through_an_index(on_postgresql, make_user):
    make_user("Ann")

    lookup = get_user_model().objects.filter(username__iexact="ANN", is_active=True)
    assert lookup.get().username == "Ann"
    assert "auth_user_username_upper" in plan_when_indexes_can_serve(lookup)
