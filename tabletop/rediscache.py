"""With REDIS_URL, the cache: Django's Redis cache, with one client object per connection pool.

Django's RedisCacheClient builds a new `redis.Redis` for every cache call, and redis-py's
constructor is not cheap: it copies its table of response callbacks into a fresh dict and
checks its retry settings, every time. A poll makes two cache calls (the session, the
stamps with the presence mark), a move or a page a few more, and on the load test (README,
"Load test") building those clients took 5% of the web processes' CPU. A client holds no
connection of its own (its pool lends one to each command) and may be shared by threads,
so each pool's is built once and kept.
"""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class KeptClientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(pool)
        if client is None:
            client = self._clients[pool] = self._client(connection_pool=pool)
        return client


class KeptClientRedisCache(RedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = KeptClientRedisCacheClient
