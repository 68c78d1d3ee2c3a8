"""Shared fixtures. Real services when present; REQUIRE_SERVICES=1 makes their absence a failure."""

from __future__ import annotations

import copy
import os
import socket
import uuid
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.db import connection

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"
LOCALE = Path(__file__).resolve().parent.parent / "tabletop" / "locale"


def pytest_sessionstart(session) -> None:
    """`make test` compiles the catalogues; a test run straight from pytest gets them too."""
    for po in LOCALE.glob("*/LC_MESSAGES/django.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source)
        # Written aside and moved into place: xdist workers may compile at the same time.
        partial = mo.with_name(f"django.{uuid.uuid4().hex}.partial")
        with partial.open("wb") as target:
            write_mo(target, catalog, use_fuzzy=False)
        os.replace(partial, mo)


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


@pytest.fixture(autouse=True)
def fresh_rate_limits(settings):
    """Every test counts its rate limits from zero: the cache gets a key prefix of its own.
    Never cache.clear(): with REDIS_URL the cache shares its database with Celery's broker."""
    caches = copy.deepcopy(settings.CACHES)
    caches["default"]["KEY_PREFIX"] = f"test-{uuid.uuid4().hex}"
    settings.CACHES = caches


@pytest.fixture
def make_user(db, django_user_model):
    """A player who has confirmed their address (new sign-ups have not; see
    tests/accounts/test_verified_addresses.py)."""
    from tabletop.accounts import addresses

    def make(name: str, email: str | None = None):
        user = django_user_model.objects.create_user(
            name, email=email if email is not None else f"{name}@example.com", password="pw-" + name
        )
        if user.email:
            addresses.verify(user)
        return user

    return make
