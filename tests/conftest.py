"""Shared fixtures. Real services when present; REQUIRE_SERVICES=1 makes their absence a failure."""

from __future__ import annotations

import os
import socket
from urllib.parse import urlsplit

import pytest
from django.db import connection

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"


def reachable(url: str, default_port: int) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection(
            (parts.hostname or "127.0.0.1", parts.port or default_port), 1
        ):
            return True
    except OSError:
        return False


def need(service: str, available: bool) -> None:
    """Skip a test whose service is missing, unless CI demands the service (REQUIRE_SERVICES)."""
    if available:
        return
    if REQUIRE_SERVICES:
        pytest.fail(f"{service} is required (REQUIRE_SERVICES=1) but not available")
    pytest.skip(f"{service} not available; CI runs this with REQUIRE_SERVICES=1")


@pytest.fixture
def redis_url() -> str:
    url = os.environ.get("REDIS_URL", "")
    need("Redis (REDIS_URL)", bool(url) and reachable(url, 6379))
    return url


@pytest.fixture
def on_postgresql() -> None:
    need("PostgreSQL (DATABASE_URL)", connection.vendor == "postgresql")


@pytest.fixture
def make_user(db, django_user_model):
    def make(name: str, email: str | None = None):
        return django_user_model.objects.create_user(
            name, email=email if email is not None else f"{name}@example.com", password="pw-" + name
        )

    return make
