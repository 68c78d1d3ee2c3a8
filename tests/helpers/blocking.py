"""The players of the blocking tests, and clients logged in as them, for the four rooms that
test blocks (tests/{accounts,api,play,web}/test_blocks.py).

Test modules load this file as a plugin (`pytest_plugins = ["tests.helpers.blocking"]`) for its
fixtures and import its clients.
"""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient


@pytest.fixture
def ann(make_user):
    """The player who blocks."""
    return make_user("ann")


@pytest.fixture
def bob(make_user):
    """The player ann blocks."""
    return make_user("bob")


@pytest.fixture
def cat(make_user):
    """A third player, whom no block concerns."""
    return make_user("cat")


def page_as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def api_as(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client
