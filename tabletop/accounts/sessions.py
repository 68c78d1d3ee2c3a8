"""Sessions kept in the database and read from the cache while it holds them, so that a poll
of a live game that answers "nothing changed" spends no query on the session.

Django's cached_db backend, with a cache that may be away: reading and keeping a session then
fall back to the database alone, as the presence marks do. Forgetting one (logging out) still
fails loudly, for a session the cache kept would otherwise outlive its log-out.

A session opened before tabletop had backends of its own names Django's or allauth's backend;
it is read as naming tabletop's, which read the same player (backends.py).
"""

from __future__ import annotations

import logging

from django.contrib.auth import BACKEND_SESSION_KEY
from django.contrib.sessions.backends import cached_db

from tabletop.accounts.backends import FORMER_PATHS

log = logging.getLogger(__name__)


class SessionStore(cached_db.SessionStore):
    def __init__(self, session_key: str | None = None) -> None:
        super().__init__(session_key)
        self._cache = CacheThatMayBeAway(self._cache)

    def load(self) -> dict:
        data = super().load()
        former = data.get(BACKEND_SESSION_KEY)
        if former in FORMER_PATHS:
            # In memory only: the session is written with the new name when it next changes.
            data[BACKEND_SESSION_KEY] = FORMER_PATHS[former]
        return data


class CacheThatMayBeAway:
    def __init__(self, cache) -> None:
        self.cache = cache

    def get(self, key: str, default=None):
        try:
            return self.cache.get(key, default)
        except Exception:  # noqa: BLE001 - the database has the session
            log.warning("could not read a session from the cache")
            return default

    def set(self, key: str, value, timeout=None) -> None:
        try:
            self.cache.set(key, value, timeout)
        except Exception:  # noqa: BLE001 - the database has the session
            log.warning("could not keep a session in the cache")

    def __contains__(self, key: str) -> bool:
        try:
            return key in self.cache
        except Exception:  # noqa: BLE001 - then the database answers
            return False

    def delete(self, key: str) -> bool:
        return self.cache.delete(key)

    def __getattr__(self, name: str):
        # The async twins and anything else Django may come to call, unguarded.
        return getattr(self.cache, name)
