"""The embedded default's cache: Django's file cache, counted less often.

Django's FileBasedCache lists its whole folder on every write to count its entries (its cull),
so each write costs a directory listing that grows with the cache, up to MAX_ENTRIES files: a
game page's poll writes the player's presence, so every poll paid for it. This one counts
(and culls, as Django does) at most once every CULL_SECONDS in a process; between counts the
folder may pass MAX_ENTRIES by what a process writes meanwhile, which the next count trims.
With REDIS_URL the cache is Redis, and none of this applies.
"""

from __future__ import annotations

import time

from django.core.cache.backends.filebased import FileBasedCache


class OccasionallyCulledFileCache(FileBasedCache):
    # How often, at most, a process lists the folder to count its entries.
    CULL_SECONDS = 30.0
    # Shared by the process's threads (each has its own cache object): one count serves all.
    next_cull = 0.0

    def _cull(self) -> None:
        now = time.monotonic()
        if now < OccasionallyCulledFileCache.next_cull:
            return
        OccasionallyCulledFileCache.next_cull = now + self.CULL_SECONDS
        super()._cull()
