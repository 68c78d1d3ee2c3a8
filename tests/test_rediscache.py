"""The Redis cache builds one client per connection pool, not one per call, and serves every
thread that shares it."""

from __future__ import annotations

import os
import threading
import uuid

import pytest

from tabletop.rediscache import KeptClientRedisCache
from tests.conftest import need, reachable


@pytest.fixture
def cache() -> KeptClientRedisCache:
    url = os.environ.get("REDIS_URL", "")
    need("Redis (REDIS_URL)", bool(url) and reachable(url, 6379))
    return KeptClientRedisCache(url, {"KEY_PREFIX": f"test-{uuid.uuid4().hex}", "TIMEOUT": 60})


def test_many_calls_share_one_client_and_read_back_what_they_wrote(cache):
    cache.set("session", {"player": 7})
    cache.set_many({"time-zone:7": "Europe/Prague", "language:7": "cs"})

    assert cache.get("session") == {"player": 7}
    assert cache.get_many(["time-zone:7", "language:7"]) == {
        "time-zone:7": "Europe/Prague",
        "language:7": "cs",
    }
    assert cache.add("version", 1)
    assert cache.incr("version") == 2
    assert cache._cache.get_client() is cache._cache.get_client(write=True)
    assert len(cache._cache._clients) == 1


def test_threads_sharing_the_cache_each_read_their_own_keys(cache):
    misread = []

    def work(n: int) -> None:
        for step in range(50):
            cache.set(f"thread-{n}", step)
            if cache.get(f"thread-{n}") != step:
                misread.append((n, step))

    threads = [threading.Thread(target=work, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert misread == []
    assert len(cache._cache._clients) == 1
