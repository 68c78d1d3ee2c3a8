"""Shared fixtures. Real services when present; REQUIRE_SERVICES=1 makes their absence a failure."""

from __future__ import annotations

import copy
import hashlib
import itertools
import os
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import hypothesis
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from django.db import connection
from django.test import override_settings

REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"
LOCALE = Path(__file__).resolve().parent.parent / "tabletop" / "locale"
GAME_SEEDS = pytest.StashKey[list[str]]()

# Hypothesis (under schemathesis) draws its examples from a seed of its own, the same every
# run, and keeps no database of past failures between runs.
hypothesis.settings.register_profile("tabletop", derandomize=True, database=None)
hypothesis.settings.load_profile("tabletop")


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


def test_seed(nodeid: str, n: int) -> str:
    """The seed of the n-th game a test makes: its node id, hashed; the same on every run."""
    return hashlib.sha256(f"{nodeid}#{n}".encode()).hexdigest()


test_seed.__test__ = False  # a helper, not a test


@pytest.fixture(autouse=True)
def game_seeds_from_the_test_name(request, monkeypatch) -> None:
    """A game's secret seed is drawn at random (tabletop/play/models.py); a test's games take
    theirs from the test's node id instead, so a failure comes back on every run."""
    from tabletop.play import models

    drawn = request.node.stash.setdefault(GAME_SEEDS, [])
    count = itertools.count()

    def seed() -> str:
        drawn.append(test_seed(request.node.nodeid, next(count)))
        return drawn[-1]

    monkeypatch.setattr(models, "draw_seed", seed)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test says where its games' seeds came from, and which seeds they were."""
    report = yield
    if report.failed:
        seeds = item.stash.get(GAME_SEEDS, [])
        lines = [f"games' seeds: sha256('{item.nodeid}#<n>') for the n-th game of the test"]
        lines += [f"  #{n}: {seed}" for n, seed in enumerate(seeds)]
        report.sections.append(("seeds", "\n".join(lines)))
    return report


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


@pytest.fixture(scope="session", autouse=True)
def fast_password_hashing() -> Iterator[None]:
    """Test players' passwords hash in microseconds instead of half a second each: every
    make_user, log-in and token request hashes one. What a hasher is worth is Django's affair."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


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
